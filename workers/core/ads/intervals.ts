// Ad intervals: merging and lookup, shared by detection and ad-aware seeking.

import type { AdInterval } from '../types';

/** Sorts and merges intervals whose gap is under `gap` seconds (spec 3 §5: under 2 s). */
export function mergeIntervals(intervals: readonly AdInterval[], gap: number): AdInterval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const out: AdInterval[] = [];
  for (const iv of sorted) {
    const last = out[out.length - 1];
    if (last && iv.start - last.end < gap) {
      last.end = Math.max(last.end, iv.end);
    } else {
      out.push({ ...iv });
    }
  }
  return out;
}
