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
  HashedMidroll: 'hashed-midroll',
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

/** The value with the largest total weight. */
function dominant<T>(pairs: Array<[T, number]>): T | undefined {
  const totals = new Map<T, number>();
  let best: T | undefined;
  let bestW = -1;
  for (const [v, w] of pairs) {
    const t = (totals.get(v) ?? 0) + w;
    totals.set(v, t);
    if (t > bestW) {
      bestW = t;
      best = v;
    }
  }
  return best;
}

/** (value, seconds) pairs over the described segments of `blocks`. */
function weighted<T>(blocks: readonly Block[], pick: (i: SegmentInfo, b: Block) => T): Array<[T, number]> {
  const out: Array<[T, number]> = [];
  for (const b of blocks) {
    // A sampled block spreads its duration over its samples.
    const w = (b.duration || 0.001) / b.infos.length;
    for (const i of b.infos) out.push([pick(i, b), b.infos.length === b.segments.length ? b.segments[i.k].duration || 0.001 : w]);
  }
  return out;
}

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const profileKey = (i: SegmentInfo) => `${i.dir}|${i.name.template}`;

/** Duration signature of a short block; long blocks get none (content is never a repeated pod). */
function signature(b: Block): string {
  if (b.duration > adConfig.thirdRuleMaxSeconds) return `#${b.id}`;
  return b.segments.map((s) => Math.round(s.duration * adConfig.signaturePrecision)).join(',');
}

function isAdSource(from: string | undefined): boolean {
  const f = (from ?? '').toLowerCase();
  return adConfig.adSources.some((s) => f.includes(s));
}

/**
 * Blocks sharing a segment URL with another block: a pod played several
 * times. Only blocks short enough to be ads are compared.
 */
function blocksWithRepeatedUris(blocks: readonly Block[]): Set<number> {
  const owner = new Map<string, number>();
  const out = new Set<number>();
  for (const b of blocks) {
    if (b.duration > adConfig.thirdRuleMaxSeconds) continue;
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

function strongEvidence(b: Block, repeated: Set<number>): AdReason[] {
  const reasons: AdReason[] = [];
  const marked = b.duration > 0 ? b.markedSeconds / b.duration >= adConfig.markedFraction : b.markedSeconds > 0 || b.infos.some((i) => i.marked);
  if (marked && b.duration <= adConfig.markerMaxSeconds) reasons.push(AdReason.Marker);
  if (repeated.has(b.id)) reasons.push(AdReason.RepeatedUris);
  return reasons;
}

function contentProfile(blocks: readonly Block[]): Profile {
  const key = dominant(weighted(blocks, profileKey))!;
  const mine = blocks.filter((b) => b.infos.some((i) => profileKey(i) === key));
  const cut = key.lastIndexOf('|');
  const durations: number[] = [];
  for (const b of mine) for (const i of b.infos) durations.push(b.segments[i.k].duration);
  return {
    host: dominant(weighted(mine, (i) => i.host))!,
    dir: key.slice(0, cut),
    template: key.slice(cut + 1),
    encrypted: dominant(weighted(mine, (i) => i.encrypted))!,
    querySig: dominant(weighted(mine, (i) => i.querySig))!,
    uriForm: dominant(weighted(mine, (i) => i.uriForm))!,
    mapUri: dominant(weighted(mine, (i, bb) => bb.segments[i.k].map?.uri ?? null)) ?? null,
    typicalDuration: median(durations),
  };
}

function seqAt(b: Block, fromEnd: boolean): number | null {
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

/** Sequence numbers around `b`: the last of the nearest content-named block before, the first of the one after. */
function neighbourSeqs(blocks: readonly Block[], b: Block, p: Profile): [number | null, number | null] {
  let prev: number | null = null;
  let next: number | null = null;
  for (let j = b.id - 1; j >= 0; j--) {
    if (matchesContentNames(blocks[j], p)) {
      prev = seqAt(blocks[j], true);
      break;
    }
  }
  for (let j = b.id + 1; j < blocks.length; j++) {
    if (matchesContentNames(blocks[j], p)) {
      next = seqAt(blocks[j], false);
      break;
    }
  }
  return [prev, next];
}

/** How `b`'s numbering relates to the content around it (null: no numbering to compare). */
function numbering(blocks: readonly Block[], b: Block, p: Profile): 'continues' | 'broken' | 'fits' | null {
  if (!matchesContentNames(b, p)) return null;
  const first = seqAt(b, false);
  const last = seqAt(b, true);
  if (first === null || last === null) return null;
  const [prev, next] = neighbourSeqs(blocks, b, p);
  if ((prev !== null && first === prev + 1) || (next !== null && last + 1 === next)) return 'continues';
  if ((prev !== null && first <= prev) || (next !== null && last >= next)) return 'broken';
  return 'fits';
}

/**
 * Hash-named content gives no numbering to check, so a short block of the same
 * shape sitting between two longer content blocks, whose segment durations do
 * not look like the content's, is suspect: stitched content parts are long.
 */
function hashedMidroll(blocks: readonly Block[], b: Block, p: Profile): boolean {
  if (!p.template.startsWith('HEX') || b.duration >= adConfig.shortBlockSeconds || b.segments.length < 2) return false;
  if (!b.infos.every((i) => i.dir === p.dir && i.name.template === p.template)) return false;
  const prev = blocks[b.id - 1];
  const next = blocks[b.id + 1];
  const longer = (x: Block | undefined) => x !== undefined && x.duration > b.duration && x.infos.every((i) => i.dir === p.dir);
  if (!longer(prev) || !longer(next)) return false;
  const m = median(b.infos.map((i) => b.segments[i.k].duration));
  return p.typicalDuration > 0 && Math.abs(m - p.typicalDuration) / p.typicalDuration > adConfig.durationMismatch;
}

function moderateEvidence(b: Block, p: Profile, order: ReturnType<typeof numbering>, signatures: Map<string, number>, blocks: readonly Block[]): AdReason[] {
  const r: AdReason[] = [];
  if (hashedMidroll(blocks, b, p)) r.push(AdReason.HashedMidroll);
  if (b.infos.some((i) => i.host !== p.host)) r.push(AdReason.HostChange);
  else if (b.infos.some((i) => i.dir !== p.dir)) r.push(AdReason.DirChange);
  if (b.infos.some((i) => i.name.template !== p.template)) r.push(AdReason.NamePattern);
  if (order === 'broken') r.push(AdReason.SequenceBroken);
  const sig = signature(b);
  const uniformTypical = b.segments.every((s) => Math.abs(s.duration - p.typicalDuration) < 0.05);
  if (b.segments.length >= 2 && (signatures.get(sig) ?? 0) >= 2 && !uniformTypical) r.push(AdReason.RepeatedSignature);
  if (b.infos.some((i) => (b.segments[i.k].map?.uri ?? null) !== p.mapUri)) r.push(AdReason.InitChange);
  return r;
}

function weakEvidence(b: Block, p: Profile, adSource: boolean): AdReason[] {
  const r: AdReason[] = [];
  if (b.infos.some((i) => i.querySig !== p.querySig)) r.push(AdReason.QueryChange);
  if (b.infos.some((i) => i.uriForm !== p.uriForm)) r.push(AdReason.UriForm);
  const m = median(b.infos.map((i) => b.segments[i.k].duration));
  if (p.typicalDuration > 0 && b.segments.length >= 2 && Math.abs(m - p.typicalDuration) / p.typicalDuration > adConfig.durationMismatch) {
    r.push(AdReason.DurationMismatch);
  }
  if (adSource) r.push(AdReason.AdSource);
  return r;
}

export function detectAds(playlist: MediaPlaylist, options: DetectOptions = {}): AdDetection {
  const blocks = splitBlocks(playlist.segments, adConfig.thirdRuleMaxSeconds);
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
  const evidence = blocks.map((b, i) => {
    const s = [...strong[i]];
    if (profile.encrypted && b.allClear) s.push(AdReason.ClearInEncrypted);
    const order = numbering(blocks, b, profile);
    const moderate = moderateEvidence(b, profile, order, signatures, blocks);
    const weak = weakEvidence(b, profile, adSource);
    const score =
      moderate.reduce((sum, r) => sum + (r === AdReason.HostChange ? adConfig.hostChangeWeight : adConfig.moderateWeight), 0) +
      weak.length * adConfig.weakWeight;
    return { strong: s, moderate, weak, score, order };
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
    } else if (e.strong.length === 0 && e.order === 'continues') {
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
