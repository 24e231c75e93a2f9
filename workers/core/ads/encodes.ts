// Encodes: the groups of blocks that share one directory and one file-name
// shape. A film may come in several encodes (stitched parts in other
// directories); an ad creative is an encode of its own, seconds long.

import { adConfig } from '../config';
import type { Block } from './blocks';
import { adPath, type AdReason } from './evidence';
import { profileKey, type Profile } from './profile';

/**
 * The encode of a block: directory + name template, plus the literal stem
 * prefix when the block's names share one ('seg_', 'f807e36e3a') or carry the
 * film's; hash names ('3fa9...e1.ts') share none and are keyed by directory
 * and template alone. Null for a block mixing directories or templates.
 */
export function blockEncode(b: Block, p: Profile): string | null {
  const i0 = b.infos[0];
  let samePrefix = true;
  for (const i of b.infos) {
    if (i.dir !== i0.dir || i.name.template !== i0.name.template) return null;
    if (i.name.prefix !== i0.name.prefix) samePrefix = false;
  }
  if (samePrefix && (b.infos.length > 1 || !i0.name.hashed || i0.name.prefix === p.prefix)) return `${profileKey(i0)}|${i0.name.prefix}`;
  return i0.name.hashed ? `${profileKey(i0)}|` : null;
}

/** The content profile's own encode key. */
export function profileEncode(p: Profile): string {
  return `${p.dir}|${p.template}|${p.prefix ?? ''}`;
}

/**
 * Encodes that hold film: the content profile's own, and any encode with a
 * block longer than an ad break can be (a stitched part of minutes) or whose
 * blocks add up to minutes (a part chopped into pieces by ads). Blocks of
 * these encodes are judged as film pieces, not as strangers. A directory named
 * like an ad store never holds film.
 */
export function contentEncodes(blocks: readonly Block[], encodes: readonly (string | null)[], p: Profile, strong: readonly AdReason[][]): Set<string> {
  const out = new Set<string>();
  const totals = new Map<string, number>();
  for (const b of blocks) {
    const k = encodes[b.id];
    if (k === null || strong[b.id].length > 0 || adPath(b)) continue;
    const total = (totals.get(k) ?? 0) + b.duration;
    totals.set(k, total);
    if (b.duration > adConfig.thirdRuleMaxSeconds || total >= adConfig.filmEncodeMinSeconds) out.add(k);
  }
  out.add(profileEncode(p));
  return out;
}

/**
 * A cut from deep inside another numbered encode (a recap taken from the
 * previous episode's files: 'index665.ts'...). Ad creatives are encodes of
 * their own and number from the start (0, 1) or not at all.
 */
export function deepCut(b: Block): boolean {
  const first = b.infos[0].name.seq;
  const last = b.infos[b.infos.length - 1].name.seq;
  if (first === null || last === null || b.infos.some((i) => i.name.seq === null)) return false;
  return counterDepth(first, b.infos[0].name.hashed) >= adConfig.deepCutMinSeq && last - first === b.segments.length - 1;
}

/**
 * How far into its encode a counter is. Hex-prefixed names lend their last
 * hex digits to the zero-padded counter ('2da04c80323' + '000000' reads as
 * 80323000000), and the counter's width is unknown: such a counter counts as
 * starting its encode when its last two digits are 00 or 01, else by its last
 * six digits.
 */
function counterDepth(seq: number, hashed: boolean): number {
  if (!hashed) return seq;
  return seq % 100 <= 1 ? 0 : seq % 1_000_000;
}
