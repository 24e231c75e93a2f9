// Random sources for the clip choice. A seeded source makes a selection
// reproducible (tests, restoring a clip); the default one is Math.random.

import type { RandomSource } from './types';

/**
 * mulberry32: a tiny 32-bit generator, good enough for picking clip offsets
 * and cheap to recreate from a seed. The odd-looking numbers are the
 * algorithm's own mixing constants, not tunables.
 */
export function createRandom(seed: number): RandomSource {
  let state = (Number.isFinite(seed) ? Math.trunc(seed) : 0) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const defaultRandom: RandomSource = () => Math.random();

/**
 * A uniform integer in [0, n). Values a caller-supplied source gets wrong
 * (NaN, 1, negatives) are clamped so an index is always in range; n < 1 gives 0.
 */
export function randomInt(random: RandomSource, n: number): number {
  if (!(n >= 1)) return 0;
  const r = random();
  const x = Number.isFinite(r) ? Math.floor(r * n) : 0;
  return Math.min(Math.max(x, 0), Math.floor(n) - 1);
}

/** True with probability p (one draw). */
export function chance(random: RandomSource, p: number): boolean {
  const r = random();
  return Number.isFinite(r) && r < p;
}
