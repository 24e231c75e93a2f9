// Numbering evidence: file-name counters tell content (one encode, numbers
// rising with gaps where ads were cut out) from blocks spliced in.

import { adConfig } from '../config';
import type { Block } from './blocks';
import type { AdReason } from './evidence';
import { matchesContentNames, seqAt, type Profile } from './profile';

export type Order = 'continues' | 'broken' | 'fits';

/**
 * Numbering of the content-named blocks. The content is the heaviest chain of
 * blocks whose numbers increase (gaps allowed: sources cut ads out and leave
 * holes); content-named blocks off that chain break the numbering, and so does
 * a chain end whose numbers lie absurdly far from the rest (another encode).
 */
interface Numbered {
  b: Block;
  first: number;
  last: number;
}

/**
 * Indices of the heaviest (by duration) run of blocks whose numbers rise.
 * Gaps are allowed, but not jumps beyond anything one encode could use.
 */
function heaviestChain(cands: readonly Numbered[], segmentCount: number): number[] {
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
  return chain;
}

function numbered(b: Block): Numbered | null {
  const first = seqAt(b, false);
  const last = seqAt(b, true);
  return first !== null && last !== null && last >= first ? { b, first, last } : null;
}

export function numberingOrders(blocks: readonly Block[], p: Profile, segmentCount: number): Map<number, Order> {
  const cands: Numbered[] = [];
  for (const b of blocks) {
    const n = matchesContentNames(b, p) ? numbered(b) : null;
    if (n) cands.push(n);
  }
  const orders = new Map<number, Order>();
  if (cands.length === 0 || cands.length > adConfig.chainMaxBlocks) return orders;
  const chain = heaviestChain(cands, segmentCount);
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

/** One directory, one file-name shape and prefix, numbered throughout: the key of an encode; else null. */
function shape(x: Block): string | null {
  const i0 = x.infos[0];
  return x.infos.every((i) => i.dir === i0.dir && i.name.template === i0.name.template && i.name.prefix === i0.name.prefix && i.name.seq !== null)
    ? `${i0.dir}|${i0.name.template}|${i0.name.prefix}`
    : null;
}

/**
 * Blocks of another encode than the main one whose pieces, spread over the
 * playlist, keep one rising numbering and add up to real length: the
 * playlist's own film cut into pieces by ads, next to stitched parts that
 * happen to be longer. Pods of ads do not add up like that.
 */
export function ownEncodeBlocks(blocks: readonly Block[], p: Profile, strong: readonly AdReason[][], segmentCount: number): Set<number> {
  const groups = new Map<string, Numbered[]>();
  for (const b of blocks) {
    if (strong[b.id].length > 0 || matchesContentNames(b, p)) continue;
    const key = shape(b);
    const n = key === null ? null : numbered(b);
    if (key === null || n === null) continue;
    const list = groups.get(key);
    if (list) list.push(n);
    else groups.set(key, [n]);
  }
  const own = new Set<number>();
  for (const cands of groups.values()) {
    if (cands.length < 2 || cands.length > adConfig.chainMaxBlocks) continue;
    const chain = heaviestChain(cands, segmentCount);
    let total = 0;
    for (const j of chain) total += cands[j].b.duration;
    if (chain.length >= 2 && total >= adConfig.ownEncodeMinSeconds) for (const j of chain) own.add(cands[j].b.id);
  }
  return own;
}

/**
 * `b` continues the numbering of the block right before or after it, in the
 * same directory with the same file-name shape, and that block is long
 * content: an intro or a part of stitched content, whatever the main profile.
 */
export function continuesNeighbour(blocks: readonly Block[], b: Block, strong: readonly AdReason[][]): boolean {
  const mine = shape(b);
  if (mine === null) return false;
  const ok = (x: Block | undefined) => x !== undefined && x.duration >= adConfig.shortBlockSeconds && strong[x.id].length === 0 && shape(x) === mine;
  const prev = blocks[b.id - 1];
  const next = blocks[b.id + 1];
  return (ok(prev) && seqAt(prev, true)! + 1 === seqAt(b, false)) || (ok(next) && seqAt(b, true)! + 1 === seqAt(next, false));
}


/**
 * The film's numbering runs on unbroken across `b`: the blocks right before
 * and after it carry the content's names and number on from each other, so
 * `b` took no place in the film's count. A splice (bfzy, ffzy without tags).
 */
/** A film's numbering starts at 0 or 1. */
const FIRST_COUNTER_MAX = 1;

export function insertedInto(blocks: readonly Block[], b: Block, p: Profile): 'across' | 'before' | null {
  if (matchesContentNames(b, p)) return null;
  // The run of blocks not named like the film around `b` (one break of several creatives,
  // or one creative whose hash names split it segment by segment), up to an ad break long.
  let from = b.id;
  let to = b.id;
  let seconds = b.duration;
  while (from > 0 && !matchesContentNames(blocks[from - 1], p) && seconds + blocks[from - 1].duration <= adConfig.adBlockMaxSeconds) seconds += blocks[--from].duration;
  while (to < blocks.length - 1 && !matchesContentNames(blocks[to + 1], p) && seconds + blocks[to + 1].duration <= adConfig.adBlockMaxSeconds) seconds += blocks[++to].duration;
  const prev = blocks[from - 1];
  const next = blocks[to + 1];
  if (next === undefined || !matchesContentNames(next, p)) return null;
  const z = seqAt(next, false);
  if (z === null) return null;
  // Before the film's first number: a pre-roll outside its numbering.
  if (prev === undefined) return z <= FIRST_COUNTER_MAX ? 'before' : null;
  if (!matchesContentNames(prev, p)) return null;
  const a = seqAt(prev, true);
  return a !== null && z === a + 1 ? 'across' : null;
}

export interface Continuity {
  /** Blocks whose numbering the next piece of their encode continues across other blocks: film. */
  pieces: Set<number>;
  /** Blocks those pieces enclose: put into the film's numbering from outside. */
  inserted: Set<number>;
}

/**
 * Pieces of one numbered encode (same directory, name template and prefix)
 * whose counters run on across the blocks between them (…147, 148, then other
 * blocks, then 149, 150…) or skip exactly as many numbers as those blocks hold
 * segments (a live ad replacing the film's segments), the blocks between no
 * longer than an ad break. This
 * tells the film from an ad even where the ad holds more of the playlist than
 * the film (a pasted excerpt), since it does not ask which look is the biggest.
 */
export function continuity(blocks: readonly Block[], encodes: readonly (string | null)[]): Continuity {
  const pieces = new Set<number>();
  const inserted = new Set<number>();
  for (let a = 0; a < blocks.length; a++) {
    const key = encodes[a];
    const end = key === null ? null : seqAt(blocks[a], true);
    if (end === null) continue;
    let seconds = 0;
    let between = 0;
    for (let b = a + 1; b < blocks.length; b++) {
      if (encodes[b] === key) {
        // Inserted (N, then N+1) or replacing as many of the film's segments (live SSAI: N, then N+1+count).
        const next = seqAt(blocks[b], false);
        if (b > a + 1 && (next === end + 1 || next === end + 1 + between)) {
          pieces.add(a);
          pieces.add(b);
          for (let k = a + 1; k < b; k++) inserted.add(k);
        }
        break;
      }
      seconds += blocks[b].duration;
      between += blocks[b].segments.length;
      if (seconds > adConfig.adBlockMaxSeconds) break;
    }
  }
  return { pieces, inserted };
}
