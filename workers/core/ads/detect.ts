// Ad detection by block scoring (ARCHITECTURE.md "Ad handling"). Each block is
// weighed against the main content on evidence. Precision first: removing real
// content is worse than missing an ad, so
//   - a block that continues the content's file-name sequence in the content's
//     directory is content, whatever its length; only strong evidence (ad
//     markers, clear segments inside an encrypted stream, segment URLs played
//     twice) outweighs that, since no single encode produces those;
//   - the block holding most of the content is never an ad;
//   - weak hints alone never remove a block; length alone never does either.

import { adConfig } from '../config';
import type { AdInterval, MediaPlaylist } from '../types';
import { splitBlocks, type Block, type SegmentInfo } from './blocks';
import { mergeIntervals } from './intervals';

export const AdReason = {
  ContinuesSequence: 'continues-sequence',
  MainContent: 'main-content',
  Marker: 'ad-marker',
  ClearInEncrypted: 'clear-in-encrypted',
  RepeatedUris: 'repeated-uris',
  HostChange: 'host-change',
  DirChange: 'dir-change',
  NamePattern: 'name-pattern',
  SequenceBroken: 'sequence-broken',
  RepeatedSignature: 'repeated-signature',
  InitChange: 'init-change',
  QueryChange: 'query-change',
  UriForm: 'uri-form',
  DurationMismatch: 'duration-mismatch',
  AdSource: 'ad-source',
  Short: 'short',
  UnderThird: 'under-third-of-main',
} as const;
export type AdReason = (typeof AdReason)[keyof typeof AdReason];

export interface BlockReport {
  first: number;
  last: number;
  start: number;
  end: number;
  isAd: boolean;
  confidence: number;
  score: number;
  reasons: AdReason[];
}

export interface AdDetection {
  /** Ad intervals on the playlist timeline, merged when closer than 2 s. */
  intervals: AdInterval[];
  /** 0-based indices of the ad segments, in order. */
  adSegments: number[];
  blocks: BlockReport[];
  /** Confidence of the whole result, 0..1. */
  confidence: number;
}

export interface DetectOptions {
  /** The catalogue's vod_play_from of this stream. */
  playFrom?: string;
}

interface Profile {
  host: string;
  dir: string;
  template: string;
  encrypted: boolean;
  querySig: string;
  uriForm: SegmentInfo['uriForm'];
  mapUri: string | null;
  typicalDuration: number;
}

function dominant<T>(values: Iterable<[T, number]>): T | undefined {
  const totals = new Map<T, number>();
  let best: T | undefined;
  let bestW = -1;
  for (const [v, w] of values) {
    const t = (totals.get(v) ?? 0) + w;
    totals.set(v, t);
    if (t > bestW) {
      bestW = t;
      best = v;
    }
  }
  return best;
}

function* weighted<T>(blocks: readonly Block[], pick: (i: SegmentInfo, b: Block, k: number) => T): Iterable<[T, number]> {
  for (const b of blocks) for (let k = 0; k < b.infos.length; k++) yield [pick(b.infos[k], b, k), b.segments[k].duration || 0.001];
}

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function blockKey(b: Block, k: number): string {
  const i = b.infos[k];
  return `${i.dir}|${i.name.template}`;
}

function signature(b: Block): string {
  return b.segments.map((s) => Math.round(s.duration * adConfig.signaturePrecision)).join(',');
}

function isAdSource(from: string | undefined): boolean {
  const f = (from ?? '').toLowerCase();
  return adConfig.adSources.some((s) => f.includes(s));
}

function strongEvidence(b: Block, repeated: Set<number>): AdReason[] {
  const reasons: AdReason[] = [];
  let marked = 0;
  for (let k = 0; k < b.infos.length; k++) if (b.infos[k].marked) marked += b.segments[k].duration;
  if (b.duration > 0 ? marked / b.duration >= adConfig.markedFraction : b.infos.some((i) => i.marked)) reasons.push(AdReason.Marker);
  if (repeated.has(b.id)) reasons.push(AdReason.RepeatedUris);
  return reasons;
}

/** Blocks sharing at least one segment URL with another block (a pod played several times). */
function blocksWithRepeatedUris(blocks: readonly Block[]): Set<number> {
  const owner = new Map<string, number>();
  const out = new Set<number>();
  for (const b of blocks) {
    for (const s of b.segments) {
      const key = s.byteRange === undefined ? s.url : `${s.url}@${s.byteRange}`;
      const o = owner.get(key);
      if (o === undefined) owner.set(key, b.id);
      else if (o !== b.id) {
        out.add(o);
        out.add(b.id);
      }
    }
  }
  return out;
}

function contentProfile(blocks: readonly Block[]): Profile {
  const key = dominant(weighted(blocks, (_i, b, k) => blockKey(b, k)))!;
  const mine = blocks.filter((b) => b.infos.some((_i, k) => blockKey(b, k) === key));
  const [dir, template] = [key.slice(0, key.lastIndexOf('|')), key.slice(key.lastIndexOf('|') + 1)];
  const durations: number[] = [];
  for (const b of mine) for (const s of b.segments) durations.push(s.duration);
  return {
    host: dominant(weighted(mine, (i) => i.host))!,
    dir,
    template,
    encrypted: dominant(weighted(mine, (i) => i.encrypted))!,
    querySig: dominant(weighted(mine, (i) => i.querySig))!,
    uriForm: dominant(weighted(mine, (i) => i.uriForm))!,
    mapUri: dominant(weighted(mine, (_i, bb, k) => bb.segments[k].map?.uri ?? null)) ?? null,
    typicalDuration: median(durations),
  };
}

function seqOf(b: Block, fromEnd: boolean): number | null {
  const n = b.infos.length;
  for (let j = 0; j < n; j++) {
    const i = b.infos[fromEnd ? n - 1 - j : j];
    if (i.name.seq !== null) return i.name.seq;
  }
  return null;
}

function matchesContentNames(b: Block, p: Profile): boolean {
  return b.infos.every((i) => i.dir === p.dir && i.name.template === p.template && !i.name.hashed);
}

/** Nearest blocks before and after `b` that carry the content's names. */
function neighbours(blocks: readonly Block[], b: Block, p: Profile, exclude: Set<number>): [Block | undefined, Block | undefined] {
  let prev: Block | undefined;
  let next: Block | undefined;
  for (let j = b.id - 1; j >= 0 && !prev; j--) if (!exclude.has(j) && matchesContentNames(blocks[j], p)) prev = blocks[j];
  for (let j = b.id + 1; j < blocks.length && !next; j++) if (!exclude.has(j) && matchesContentNames(blocks[j], p)) next = blocks[j];
  return [prev, next];
}

function moderateEvidence(b: Block, p: Profile, blocks: readonly Block[], signatures: Map<string, number>, exclude: Set<number>): AdReason[] {
  const r: AdReason[] = [];
  if (b.infos.some((i) => i.host !== p.host)) r.push(AdReason.HostChange);
  else if (b.infos.some((i) => i.dir !== p.dir)) r.push(AdReason.DirChange);
  if (b.infos.some((i) => i.name.template !== p.template)) r.push(AdReason.NamePattern);
  if (matchesContentNames(b, p)) {
    const [prev, next] = neighbours(blocks, b, p, exclude);
    const first = seqOf(b, false);
    const last = seqOf(b, true);
    const prevLast = prev ? seqOf(prev, true) : null;
    const nextFirst = next ? seqOf(next, false) : null;
    if (first !== null && last !== null && ((prevLast !== null && first <= prevLast) || (nextFirst !== null && last >= nextFirst))) {
      r.push(AdReason.SequenceBroken);
    }
  }
  const sig = signature(b);
  const uniformTypical = b.segments.every((s) => Math.abs(s.duration - p.typicalDuration) < 0.05);
  if (b.segments.length >= 2 && (signatures.get(sig) ?? 0) >= 2 && !uniformTypical) r.push(AdReason.RepeatedSignature);
  if (b.segments.some((s) => (s.map?.uri ?? null) !== p.mapUri)) r.push(AdReason.InitChange);
  return r;
}

function weakEvidence(b: Block, p: Profile, adSource: boolean): AdReason[] {
  const r: AdReason[] = [];
  if (b.infos.some((i) => i.querySig !== p.querySig)) r.push(AdReason.QueryChange);
  if (b.infos.some((i) => i.uriForm !== p.uriForm)) r.push(AdReason.UriForm);
  const m = median(b.segments.map((s) => s.duration));
  if (p.typicalDuration > 0 && b.segments.length >= 2 && Math.abs(m - p.typicalDuration) / p.typicalDuration > adConfig.durationMismatch) {
    r.push(AdReason.DurationMismatch);
  }
  if (adSource) r.push(AdReason.AdSource);
  return r;
}

/** True when `b` continues the content's numbering in the content's directory. */
function continuesSequence(b: Block, p: Profile, blocks: readonly Block[], exclude: Set<number>): boolean {
  if (!matchesContentNames(b, p)) return false;
  const [prev, next] = neighbours(blocks, b, p, exclude);
  const first = seqOf(b, false);
  const last = seqOf(b, true);
  if (first === null || last === null) return false;
  const prevLast = prev ? seqOf(prev, true) : null;
  const nextFirst = next ? seqOf(next, false) : null;
  return (prevLast !== null && first === prevLast + 1) || (nextFirst !== null && last + 1 === nextFirst);
}

export function detectAds(playlist: MediaPlaylist, options: DetectOptions = {}): AdDetection {
  const blocks = splitBlocks(playlist.segments);
  const repeated = blocksWithRepeatedUris(blocks);
  const strong = blocks.map((b) => strongEvidence(b, repeated));
  // The content profile is read from blocks without strong ad evidence.
  const clean = blocks.filter((_b, i) => strong[i].length === 0);
  const profile = contentProfile(clean.length > 0 ? clean : blocks);
  const signatures = new Map<string, number>();
  for (const b of blocks) {
    const s = signature(b);
    signatures.set(s, (signatures.get(s) ?? 0) + 1);
  }
  const adSource = isAdSource(options.playFrom);
  const none = new Set<number>();
  const evidence = blocks.map((b, i) => {
    const s = [...strong[i]];
    if (profile.encrypted && b.infos.every((x) => !x.encrypted)) s.push(AdReason.ClearInEncrypted);
    const moderate = moderateEvidence(b, profile, blocks, signatures, none);
    const weak = weakEvidence(b, profile, adSource);
    const score = moderate.length * adConfig.moderateWeight + weak.length * adConfig.weakWeight;
    return { strong: s, moderate, weak, score };
  });
  // The main block: the longest evidence-free block with the content's profile.
  let main: Block | undefined;
  for (const b of blocks) {
    const e = evidence[b.id];
    if (e.strong.length > 0 || e.score > 0) continue;
    if (!main || b.duration > main.duration) main = b;
  }
  if (!main) for (const b of blocks) if (evidence[b.id].strong.length === 0 && (!main || b.duration > main.duration)) main = b;
  const mainDuration = main?.duration ?? 0;

  const reports: BlockReport[] = [];
  const adSegments: number[] = [];
  const rawIntervals: AdInterval[] = [];
  for (const b of blocks) {
    const e = evidence[b.id];
    const reasons: AdReason[] = [];
    let isAd = false;
    let confidence: number;
    if (b === main) {
      reasons.push(AdReason.MainContent);
      confidence = 1;
    } else if (e.strong.length === 0 && continuesSequence(b, profile, blocks, none)) {
      reasons.push(AdReason.ContinuesSequence);
      confidence = 0.95;
    } else {
      reasons.push(...e.strong, ...e.moderate, ...e.weak);
      const short = b.duration < adConfig.shortBlockSeconds;
      const underThird = b.duration < mainDuration * adConfig.mainBlockFraction && b.duration <= adConfig.thirdRuleMaxSeconds;
      if (short) reasons.push(AdReason.Short);
      else if (underThird) reasons.push(AdReason.UnderThird);
      if (e.strong.length > 0) {
        isAd = true;
        confidence = adConfig.strongConfidence;
      } else if ((short && e.score >= adConfig.shortScoreNeeded) || (underThird && e.score >= adConfig.thirdScoreNeeded)) {
        isAd = true;
        confidence = Math.min(adConfig.strictConfidenceMax + 0.1, adConfig.strictConfidenceMin + 0.05 * e.score);
      } else {
        confidence = Math.max(0.5, 1 - 0.15 * e.score);
      }
    }
    reports.push({ first: b.first, last: b.last, start: b.start, end: b.start + b.duration, isAd, confidence, score: e.score, reasons });
    if (isAd) {
      for (let k = b.first; k <= b.last; k++) adSegments.push(k);
      rawIntervals.push({ start: b.start, end: b.start + b.duration, index: b.first });
    }
  }
  const decided = reports.map((r) => r.confidence);
  return {
    intervals: mergeIntervals(rawIntervals, adConfig.mergeGapSeconds),
    adSegments,
    blocks: reports,
    confidence: decided.length ? Math.min(...decided) : 1,
  };
}
