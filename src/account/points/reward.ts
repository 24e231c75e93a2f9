// What the UI shows after a watch answer (spec 1 §4 reward): a reward event
// when points were earned, and the '今日还可获得{n}积分' notice when 2 or
// fewer points can still be earned today. Keys and params, never text.

import type { DailyInfo, WatchResult } from '../../api/player-schemas';
import { pointsConfig } from './config';

export interface RewardEvent {
  /** Points earned by this watch. */
  earned: number;
  /** The balance after it. */
  points: number;
}

export interface Notice {
  key: string;
  params: Record<string, number | string>;
}

export function rewardOf(result: WatchResult): RewardEvent | null {
  if (!result.is_valid_watch || result.earned_points <= 0) return null;
  return { earned: result.earned_points, points: result.points };
}

/** Only when the server enforces a daily quota; unlimited days never show it. */
export function remainingTodayNotice(daily: DailyInfo | undefined): Notice | null {
  if (!daily || !daily.enabled) return null;
  const n = Math.max(0, daily.remaining_points_today);
  return n <= pointsConfig.lowRemainingPoints ? { key: 'account:remainingToday', params: { n } } : null;
}

/** Where the partner button leads (spec 1 §4): ready signs on, eligible creates, otherwise the partner home. */
export type PartnerState = 'ready' | 'eligible' | 'other';

export function partnerState(win667Status: string | null | undefined, hasWin667: boolean | null | undefined): PartnerState {
  if (hasWin667 || win667Status === 'ready') return 'ready';
  return win667Status === 'eligible' ? 'eligible' : 'other';
}
