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
  IrregularDurations: 'irregular-durations',
  Unverifiable: 'unverifiable-names',
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
  /** Literal file-name prefix shared by most content segments (ffzy-style 'hash + counter' names), else null. */
  prefix: string | null;
  /** Segment duration shared by most content segments when the content is cut regularly, else null. */
  modalDuration: number | null;
}

type Order = 'continues' | 'broken' | 'fits';

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
  const counts = new Map<number, number>();
  for (const b of mine) {
    for (const i of b.infos) {
      if (profileKey(i) !== key) continue;
      const d = b.segments[i.k].duration;
      durations.push(d);
      const ms = Math.round(d * 1000);
      counts.set(ms, (counts.get(ms) ?? 0) + 1);
    }
  }
  let modal: number | null = null;
  for (const [ms, c] of counts) if (c >= durations.length * adConfig.regularShare && (modal === null || c > counts.get(modal)!)) modal = ms;
  const prefixes = weighted(mine, (i) => (profileKey(i) === key ? i.name.prefix : null));
  const prefix = dominant(prefixes.filter(([v]) => v !== null)) ?? null;
  let withPrefix = 0;
  let total = 0;
  for (const [v, w] of prefixes) {
    if (v === null) continue;
    total += w;
    if (v === prefix) withPrefix += w;
  }
  return {
    host: dominant(weighted(mine, (i) => i.host))!,
    dir: key.slice(0, cut),
    template: key.slice(cut + 1),
    encrypted: dominant(weighted(mine, (i) => i.encrypted))!,
    querySig: dominant(weighted(mine, (i) => i.querySig))!,
    uriForm: dominant(weighted(mine, (i) => i.uriForm))!,
    mapUri: dominant(weighted(mine, (i, bb) => bb.segments[i.k].map?.uri ?? null)) ?? null,
    typicalDuration: median(durations),
    prefix: total > 0 && withPrefix / total >= adConfig.sharedPrefixShare ? prefix : null,
    modalDuration: modal === null ? null : modal / 1000,
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

/** Every segment of `b` has the content's directory and file-name shape, with a numbering we can read. */
function matchesContentNames(b: Block, p: Profile): boolean {
  return b.infos.every(
    (i) => i.dir === p.dir && i.name.template === p.template && (p.prefix === null ? !i.name.hashed : i.name.prefix === p.prefix),
  );
}

/**
 * Numbering of the content-named blocks. The content is the heaviest chain of
 * blocks whose numbers increase (gaps allowed: sources cut ads out and leave
 * holes); content-named blocks off that chain break the numbering, and so does
 * a chain end whose numbers lie absurdly far from the rest (another encode).
 */
function numberingOrders(blocks: readonly Block[], p: Profile, segmentCount: number): Map<number, Order> {
  const cands: Array<{ b: Block; first: number; last: number }> = [];
  for (const b of blocks) {
    if (!matchesContentNames(b, p)) continue;
    const first = seqAt(b, false);
    const last = seqAt(b, true);
    if (first !== null && last !== null && last >= first) cands.push({ b, first, last });
  }
  const orders = new Map<number, Order>();
  if (cands.length === 0 || cands.length > adConfig.chainMaxBlocks) return orders;
  // Numbers jumping far beyond anything the content could use belong to another encode.
  const maxJump = adConfig.seqMaxJumpFactor * Math.max(1, segmentCount);
  const best = new Float64Array(cands.length);
  const from = new Int32Array(cands.length).fill(-1);
  let end = 0;
  for (let j = 0; j < cands.length; j++) {
    best[j] = cands[j].b.duration;
    for (let i = 0; i < j; i++) {
      const jump = cands[j].first - cands[i].last;
      if (jump > 0 && jump <= maxJump && best[i] + cands[j].b.duration > best[j]) {
        best[j] = best[i] + cands[j].b.duration;
        from[j] = i;
      }
    }
    if (best[j] > best[end]) end = j;
  }
  const chain: number[] = [];
  for (let j = end; j >= 0; j = from[j]) chain.unshift(j);
  for (const c of cands) orders.set(c.b.id, 'broken');
  const head = cands[chain[0]];
  const tail = cands[chain[chain.length - 1]];
  // Jumps are judged against the numbering span of the rest of the chain.
  const gapAfterHead = chain.length > 1 ? adConfig.seqOutlierFactor * (tail.last - cands[chain[1]].first + segmentCount) : Infinity;
  const gapBeforeTail = chain.length > 1 ? adConfig.seqOutlierFactor * (cands[chain[chain.length - 2]].last - head.first + segmentCount) : Infinity;
  chain.forEach((j, k) => {
    const c = cands[j];
    const prev = k > 0 ? cands[chain[k - 1]] : undefined;
    const next = k < chain.length - 1 ? cands[chain[k + 1]] : undefined;
    const outlier =
      (k === 0 && next !== undefined && next.first - c.last > gapAfterHead) || (k === chain.length - 1 && prev !== undefined && c.first - prev.last > gapBeforeTail);
    if (outlier) return;
    const continues = (prev !== undefined && c.first === prev.last + 1) || (next !== undefined && c.last + 1 === next.first);
    orders.set(c.b.id, continues ? 'continues' : 'fits');
  });
  return orders;
}

/**
 * `b` continues the numbering of the block right before or after it, in the
 * same directory with the same file-name shape, and that block is long
 * content: an intro or a part of stitched content, whatever the main profile.
 */
function continuesNeighbour(blocks: readonly Block[], b: Block, strong: readonly AdReason[][]): boolean {
  const shape = (x: Block) => {
    const i0 = x.infos[0];
    return x.infos.every((i) => i.dir === i0.dir && i.name.template === i0.name.template && i.name.prefix === i0.name.prefix && i.name.seq !== null)
      ? `${i0.dir}|${i0.name.template}|${i0.name.prefix}`
      : null;
  };
  const mine = shape(b);
  if (mine === null) return false;
  const ok = (x: Block | undefined) => x !== undefined && x.duration >= adConfig.shortBlockSeconds && strong[x.id].length === 0 && shape(x) === mine;
  const prev = blocks[b.id - 1];
  const next = blocks[b.id + 1];
  return (ok(prev) && seqAt(prev, true)! + 1 === seqAt(b, false)) || (ok(next) && seqAt(b, true)! + 1 === seqAt(next, false));
}

/** Content cut at a fixed duration: a block whose inner segments mostly miss that duration came from another encode. */
function irregular(b: Block, p: Profile): boolean {
  if (p.modalDuration === null || b.segments.length < 2 || b.duration > adConfig.thirdRuleMaxSeconds) return false;
  let off = 0;
  for (let k = 0; k < b.segments.length - 1; k++) if (Math.abs(b.segments[k].duration - p.modalDuration) > 0.001) off++;
  return off >= 2 && off >= (b.segments.length - 1) / 2;
}

function moderateEvidence(b: Block, p: Profile, order: Order | undefined, signatures: Map<string, number>): AdReason[] {
  const r: AdReason[] = [];
  if (b.infos.some((i) => i.host !== p.host)) r.push(AdReason.HostChange);
  else if (b.infos.some((i) => i.dir !== p.dir)) r.push(AdReason.DirChange);
  if (b.infos.some((i) => i.name.template !== p.template || (p.prefix !== null && i.name.prefix !== p.prefix))) r.push(AdReason.NamePattern);
  if (irregular(b, p)) r.push(AdReason.IrregularDurations);
  if (order === 'broken') r.push(AdReason.SequenceBroken);
  const sig = signature(b);
  const uniformTypical = b.segments.every((s) => Math.abs(s.duration - p.typicalDuration) < 0.05);
  if (b.segments.length >= 2 && (signatures.get(sig) ?? 0) >= 2 && !uniformTypical) r.push(AdReason.RepeatedSignature);
  if (b.infos.some((i) => (b.segments[i.k].map?.uri ?? null) !== p.mapUri)) r.push(AdReason.InitChange);
  return r;
}

function weakEvidence(b: Block, p: Profile, adSource: boolean): AdReason[] {
  const r: AdReason[] = [];
  // Hash names without a shared prefix carry no numbering: nothing can vouch for a short block.
  if (p.prefix === null && p.template.startsWith('HEX') && b.duration < adConfig.shortBlockSeconds) r.push(AdReason.Unverifiable);
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
  const orders = numberingOrders(blocks, profile, playlist.segments.length);
  const evidence = blocks.map((b, i) => {
    const s = [...strong[i]];
    if (profile.encrypted && b.allClear) s.push(AdReason.ClearInEncrypted);
    const order = orders.get(b.id);
    const moderate = moderateEvidence(b, profile, order, signatures);
    const weak = weakEvidence(b, profile, adSource);
    const score =
      moderate.reduce((sum, r) => sum + (r === AdReason.HostChange ? adConfig.hostChangeWeight : adConfig.moderateWeight), 0) +
      weak.length * adConfig.weakWeight;
    return { strong: s, moderate, weak, score, order };
  });
  // The main block: the longest block that would not be an ad even if it were short.
  let main: Block | undefined;
  for (const b of blocks) {
    const e = evidence[b.id];
    if (e.strong.length > 0 || e.score >= adConfig.shortScoreNeeded) continue;
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
    } else if (e.strong.length === 0 && (e.order === 'continues' || continuesNeighbour(blocks, b, strong))) {
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
      } else if (
        (short && e.score >= adConfig.shortScoreNeeded) ||
        // Longer blocks in the content's own host are stitched parts or recaps far more often than ads.
        (underThird && e.score >= adConfig.thirdScoreNeeded && e.moderate.includes(AdReason.HostChange))
      ) {
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
