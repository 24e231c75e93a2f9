// Lone splices: where a provider's film runs for minutes between
// #EXT-X-DISCONTINUITY tags, a short run wrapped in them is another encode put
// there (a pod in the film's own directory and name style, lzzy/jimxtc-style
// hash-named streams). Where the provider tags discontinuities as a habit
// (every few segments: stitched uploads, live-to-VOD), short runs are the film
// itself and this says nothing.

import { adConfig } from '../config';
import type { Segment } from '../types';

interface Run {
  first: number;
  last: number;
  seconds: number;
}

function discontinuityRuns(segments: readonly Segment[]): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < segments.length; i++) {
    if (i === 0 || segments[i].discontinuity) runs.push({ first: i, last: i, seconds: 0 });
    const run = runs[runs.length - 1];
    run.last = i;
    run.seconds += segments[i].duration;
  }
  return runs;
}

/**
 * Per segment: 1 when it lies in a lone splice, a run no longer than an ad
 * break whose neighbouring runs are all long, in a playlist whose short runs
 * are few and hold a small share of its seconds.
 */
export function loneSplices(segments: readonly Segment[]): Uint8Array {
  const out = new Uint8Array(segments.length);
  const runs = discontinuityRuns(segments);
  if (runs.length < 2) return out;
  const isShort = (r: Run): boolean => r.seconds <= adConfig.adBlockMaxSeconds;
  let total = 0;
  let shortSeconds = 0;
  let shortCount = 0;
  for (const r of runs) {
    total += r.seconds;
    if (isShort(r)) {
      shortSeconds += r.seconds;
      shortCount++;
    }
  }
  if (shortCount > adConfig.loneSpliceMaxCount || shortSeconds > adConfig.loneSpliceMaxShare * total) return out;
  runs.forEach((r, k) => {
    if (!isShort(r)) return;
    const neighbours = [runs[k - 1], runs[k + 1]].filter((x): x is Run => x !== undefined);
    if (!neighbours.every((x) => !isShort(x))) return;
    out.fill(1, r.first, r.last + 1);
  });
  return out;
}
