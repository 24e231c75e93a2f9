// Does the next block's first PTS follow the last segment's? Content split by a
// DISCONTINUITY tag often keeps its timeline; a spliced ad restarts its own.

import { signatureConfig } from './config';

export interface PtsContinuity {
  continuous: boolean;
  gapSeconds: number; // next first PTS minus where the timeline was expected, wrap-corrected
}

const WRAP_SECONDS = signatureConfig.ptsWrap / signatureConfig.ptsHz;

/**
 * `lastFirstPts`: the first PTS (s) of the segment before the boundary;
 * `lastDuration`: its EXTINF duration; `nextFirstPts`: the first PTS after it.
 * MPEG-TS PTS wrap at 2^33 ticks (about 26.5 h) and are unwrapped here.
 */
export function ptsContinuity(lastFirstPts: number, lastDuration: number, nextFirstPts: number, toleranceSeconds: number = signatureConfig.ptsToleranceSeconds): PtsContinuity {
  if (![lastFirstPts, lastDuration, nextFirstPts, toleranceSeconds].every(Number.isFinite)) return { continuous: false, gapSeconds: Number.NaN };
  let gap = (nextFirstPts - (lastFirstPts + lastDuration)) % WRAP_SECONDS;
  if (gap > WRAP_SECONDS / 2) gap -= WRAP_SECONDS;
  if (gap < -WRAP_SECONDS / 2) gap += WRAP_SECONDS;
  return { continuous: Math.abs(gap) <= toleranceSeconds, gapSeconds: gap };
}
