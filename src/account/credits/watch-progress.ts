// The watch-videos task (spec 2 §2.6, §4; spec 3 §4): the bar's percentage of
// required videos watched, how long it animates there (at most 800 ms, less
// for a small step), and which notice a tap shows.

import { uiConfig } from '../../ui/config';
import { creditsConfig } from './config';

export function progressPercent(progress: number, required: number): number {
  if (!Number.isFinite(progress) || !Number.isFinite(required) || required <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((progress / required) * 100)));
}

export function remainingVideos(progress: number, required: number): number {
  return Math.max(0, Math.ceil(required) - Math.max(0, Math.floor(progress)));
}

/** Animation length for a move between two percentages: proportional, capped at progressAnimationMaxMs. */
export function progressAnimationMs(fromPercent: number, toPercent: number): number {
  const distance = Math.min(100, Math.abs(toPercent - fromPercent));
  if (!Number.isFinite(distance)) return 0;
  return Math.round((distance / 100) * creditsConfig.progressAnimationMaxMs);
}

export interface CreditsNotice {
  key: string;
  params?: Record<string, number>;
  durationMs: number;
  /** The completion pattern (100-50-100 ms) goes with it. */
  vibrate: boolean;
}

/** "Task completed" once the required count is reached (or the task was done today), else "watch N more to earn P". */
export function watchNotice(progress: number, required: number, reward: number, doneToday: boolean): CreditsNotice {
  const n = remainingVideos(progress, required);
  if (doneToday || n === 0) return { key: 'credits:notices.taskCompleted', durationMs: uiConfig.creditsCompletionMs, vibrate: true };
  return { key: 'credits:notices.watchMore', params: { n, points: reward }, durationMs: uiConfig.creditsNoticeMs, vibrate: false };
}
