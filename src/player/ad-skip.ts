// Ad skipping in full mode (spec 3 §4, §5), pure: given the ad intervals of
// the timeline being played, the position and the last jump, where to seek.
// Time checks are throttled to 100 ms; a jump lands at the ad's end + 0.2 s;
// after a jump there is an 800 ms lock and a 1 s cool-down; in full mode a
// seek before the end of the first ad is pushed past it.

import { mergeIntervals } from '../../workers/core/ads/intervals';
import type { AdInterval } from '../../workers/core/types';
import { adSkipConfig } from './config';

export interface AdSkipTimes {
  /** When the position was last checked (ms); checks are throttled. */
  lastCheckAt: number;
  /** When we last jumped (ms). */
  lastJumpAt: number;
}

export const initialAdSkipTimes: AdSkipTimes = { lastCheckAt: Number.NEGATIVE_INFINITY, lastJumpAt: Number.NEGATIVE_INFINITY };

export interface AdSkipDecision {
  /** Where to seek, or null to leave playback alone. */
  target: number | null;
  times: AdSkipTimes;
}

/** Sorted, merged intervals (gaps under 2 s closed), without empty ones. */
export function prepareAdIntervals(intervals: readonly AdInterval[]): AdInterval[] {
  return mergeIntervals(
    intervals.filter((iv) => Number.isFinite(iv.start) && Number.isFinite(iv.end) && iv.end > iv.start),
    adSkipConfig.mergeGapSeconds,
  );
}

function adAt(intervals: readonly AdInterval[], time: number): AdInterval | undefined {
  return intervals.find((iv) => time >= iv.start && time < iv.end);
}

const pastEnd = (iv: AdInterval) => iv.end + adSkipConfig.jumpPastEndSeconds;

/** Whether a jump was made so recently that the position may still be settling from it. */
export function inJumpLock(times: AdSkipTimes, now: number): boolean {
  return now - times.lastJumpAt < adSkipConfig.lockMs;
}

/** Periodic check during playback (timeupdate): inside an ad -> its end + 0.2 s. */
export function decideAdSkip(intervals: readonly AdInterval[], time: number, now: number, times: AdSkipTimes): AdSkipDecision {
  if (now - times.lastCheckAt < adSkipConfig.checkThrottleMs) return { target: null, times };
  const checked = { ...times, lastCheckAt: now };
  if (inJumpLock(times, now) || now - times.lastJumpAt < adSkipConfig.cooldownMs) return { target: null, times: checked };
  const ad = adAt(intervals, time);
  if (!ad) return { target: null, times: checked };
  return { target: pastEnd(ad), times: { lastCheckAt: now, lastJumpAt: now } };
}

/**
 * A seek asked for by the viewer, from position `from` to `target`: into an ad
 * -> its end + 0.2 s; in full mode, back from past the first ad to before its
 * end -> past it again (spec 3 §5). Only seeks that come from past the first
 * ad are blocked, so the start of playback (and a restore position) is never
 * pushed forward. Seeks during the lock are our own jump settling.
 */
export function decideSeek(
  intervals: readonly AdInterval[],
  from: number,
  target: number,
  now: number,
  times: AdSkipTimes,
  fullMode: boolean,
): AdSkipDecision {
  if (inJumpLock(times, now)) return { target: null, times };
  const first = intervals[0];
  const ad = fullMode && first && from >= first.end && target < first.end ? first : adAt(intervals, target);
  if (!ad) return { target: null, times };
  return { target: pastEnd(ad), times: { lastCheckAt: now, lastJumpAt: now } };
}

/** After the settle delay: whether the position reached the jumped-over ad's end (else the seek did not take). */
export function jumpSettled(time: number, target: number): boolean {
  return time >= target - adSkipConfig.jumpPastEndSeconds;
}
