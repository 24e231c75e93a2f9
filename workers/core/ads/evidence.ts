// The evidence a block is weighed on, in three strengths (see detect.ts).

import { adConfig } from '../config';
import type { Block } from './blocks';
import type { Order } from './numbering';
import { median, type Profile } from './profile';

export const AdReason = {
  ContinuesSequence: 'continues-sequence',
  OwnEncode: 'own-encode-pieces',
  MainContent: 'main-content',
  ResumedByCueIn: 'resumed-by-cue-in',
  Marker: 'ad-marker',
  ClearInEncrypted: 'clear-in-encrypted',
  RepeatedUris: 'repeated-uris',
  HostChange: 'host-change',
  AdPath: 'ad-path',
  Interruption: 'interrupts-content',
  LoneSplice: 'lone-splice',
  Inserted: 'numbering-runs-across',
  BeforeNumbering: 'before-film-numbering',
  SameSplice: 'same-splice-as-ad',
  DirChange: 'dir-change',
  NamePattern: 'name-pattern',
  SequenceBroken: 'sequence-broken',
  RepeatedSignature: 'repeated-signature',
  InitChange: 'init-change',
  IrregularDurations: 'irregular-durations',
  Unverifiable: 'unverifiable-names',
  QueryChange: 'query-change',
  OtherDelivery: 'other-delivery',
  UriForm: 'uri-form',
  DurationMismatch: 'duration-mismatch',
  AdSource: 'ad-source',
  Short: 'short',
  UnderThird: 'under-third-of-main',
} as const;
export type AdReason = (typeof AdReason)[keyof typeof AdReason];

/** Duration signature of a short block; long blocks get none (content is never a repeated pod). */
export function signature(b: Block): string {
  if (b.duration > adConfig.thirdRuleMaxSeconds) return `#${b.id}`;
  return b.segments.map((s) => Math.round(s.duration * adConfig.signaturePrecision)).join(',');
}

export function isAdSource(from: string | undefined): boolean {
  const f = (from ?? '').toLowerCase();
  return adConfig.adSources.some((s) => f.includes(s));
}

/**
 * Blocks sharing a segment URL with another block: a pod played several
 * times. Only blocks short enough to be ads are compared.
 */
export function blocksWithRepeatedUris(blocks: readonly Block[]): Set<number> {
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

export function strongEvidence(b: Block, repeated: Set<number>): AdReason[] {
  const reasons: AdReason[] = [];
  const marked = b.duration > 0 ? b.markedSeconds / b.duration >= adConfig.markedFraction : b.markedSeconds > 0 || b.infos.some((i) => i.marked);
  if (marked && b.duration <= adConfig.markerMaxSeconds) reasons.push(AdReason.Marker);
  if (repeated.has(b.id)) reasons.push(AdReason.RepeatedUris);
  return reasons;
}

/** Content cut at a fixed duration: a block whose inner segments mostly miss that duration came from another encode. */
export function irregular(b: Block, p: Profile): boolean {
  if (p.modalDuration === null || b.segments.length < 2 || b.duration > adConfig.thirdRuleMaxSeconds) return false;
  let off = 0;
  for (let k = 0; k < b.segments.length - 1; k++) if (Math.abs(b.segments[k].duration - p.modalDuration) > 0.001) off++;
  return off >= 2 && off >= (b.segments.length - 1) / 2;
}

const adPathCache = new Map<string, boolean>();

function adDir(dir: string): boolean {
  let hit = adPathCache.get(dir);
  if (hit === undefined) {
    const path = dir.slice(dir.indexOf('/')).toLowerCase();
    hit = path.split('/').some((part) => part !== '' && adConfig.adPathWords.some((w) => part === w || (w.length > 3 && part.includes(w))));
    if (adPathCache.size > 1000) adPathCache.clear();
    adPathCache.set(dir, hit);
  }
  return hit;
}

/** A directory named like an ad store ('/ad/', '/guanggao/', '/video/adjump/'): the name says what the files are. */
export function adPath(b: Block): boolean {
  let last = '';
  for (const i of b.infos) {
    if (i.dir === last) continue;
    last = i.dir;
    if (adDir(i.dir)) return true;
  }
  return false;
}

export function moderateEvidence(b: Block, p: Profile, order: Order | undefined, signatures: Map<string, number>): AdReason[] {
  const r: AdReason[] = [];
  // Only where the block lives apart from the film: a film may sit under any name itself.
  if (adPath(b) && b.infos.some((i) => i.dir !== p.dir)) r.push(AdReason.AdPath);
  if (b.infos.some((i) => i.host !== p.host)) r.push(AdReason.HostChange);
  else if (b.infos.some((i) => i.dir !== p.dir)) r.push(AdReason.DirChange);
  // Most of the block named unlike the film (a stray name in a film of random names is no evidence).
  let unlike = 0;
  for (const i of b.infos) if (i.name.template !== p.template || (p.prefix !== null && i.name.prefix !== p.prefix)) unlike++;
  if (unlike * 2 > b.infos.length) r.push(AdReason.NamePattern);
  if (irregular(b, p)) r.push(AdReason.IrregularDurations);
  if (order === 'broken') r.push(AdReason.SequenceBroken);
  const sig = signature(b);
  const uniformTypical = b.segments.every((s) => Math.abs(s.duration - p.typicalDuration) < 0.05);
  if (b.segments.length >= 2 && (signatures.get(sig) ?? 0) >= 2 && !uniformTypical) r.push(AdReason.RepeatedSignature);
  if (b.infos.some((i) => (b.segments[i.k].map?.uri ?? null) !== p.mapUri)) r.push(AdReason.InitChange);
  return r;
}

/**
 * Independent kinds of evidence. A block of a film's own look is removed only
 * on two kinds at once (or on strong evidence): where its files live, how they
 * are named, how they are timed, what container state they carry, and where
 * the block sits (spliced into the film). One kind alone is what a film cut
 * into parts shows too: a part of its own at the playlist's edge, a run of
 * short parts between discontinuities, a stray file name.
 */
const KIND: Partial<Record<AdReason, string>> = {
  [AdReason.HostChange]: 'location',
  [AdReason.DirChange]: 'location',
  [AdReason.AdPath]: 'location',
  [AdReason.NamePattern]: 'naming',
  [AdReason.SequenceBroken]: 'naming',
  // The film's numbering runs on across the block: the block sits inside the film's sequence without belonging to it.
  [AdReason.Inserted]: 'placement',
  [AdReason.BeforeNumbering]: 'placement',
  [AdReason.IrregularDurations]: 'timing',
  [AdReason.RepeatedSignature]: 'timing',
  [AdReason.InitChange]: 'container',
  [AdReason.ClearInEncrypted]: 'container',
  [AdReason.Interruption]: 'placement',
  [AdReason.OtherDelivery]: 'delivery',
  // The catalogue says this source splices ads into its streams (spec 3 §3).
  [AdReason.AdSource]: 'source',
  [AdReason.LoneSplice]: 'placement',
};

/**
 * How many independent kinds of evidence the moderate reasons hold. Three
 * reasons count twice: a directory named like an ad store (it says what its
 * files are), a lone splice (splices.ts: the discontinuities say another encode
 * was put there, and the film around it shows its provider does not cut its
 * film so), and the film's numbering running on across the block (N, then the
 * block, then N+1) or starting right after it (the block, then 0 or 1): the
 * block is outside the film's sequence.
 */
export function evidenceKinds(moderate: readonly AdReason[]): number {
  const kinds = new Set<string>();
  for (const r of moderate) {
    const k = KIND[r];
    if (k !== undefined) kinds.add(k);
  }
  const double = [AdReason.AdPath, AdReason.LoneSplice, AdReason.Inserted, AdReason.BeforeNumbering].filter((r) => moderate.includes(r)).length;
  return kinds.size + double;
}

/** Evidence of where a block's files live (another host, directory, or an ad store). */
export const isLocation = (r: AdReason): boolean => KIND[r] === 'location';

export function weakEvidence(b: Block, p: Profile, adSource: boolean): AdReason[] {
  const r: AdReason[] = [];
  // Every segment delivered unlike the film (unsigned among signed URLs, absolute among
  // relative ones): the playlist was edited there. One odd segment is noise; a whole block is a kind.
  if (b.infos.every((i) => i.querySig !== p.querySig) || b.infos.every((i) => i.uriForm !== p.uriForm)) r.push(AdReason.OtherDelivery);
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

