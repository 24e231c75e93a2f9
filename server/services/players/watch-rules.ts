// The watch rules as one pure decision: given a player's counters, the rules
// and the time, whether this watch counts and what the counters become. The
// service writes a decision only onto the state it was made from
// (compare-and-set or row lock), so no state is counted twice.

import { playerDefaults } from './config';
import { pointsDay, type DayRule } from './points-day';
import type { TicketProblem } from './watch-ticket';

export interface WatchRules extends DayRule {
  videosRequired: number;
  reward: number;
  minIntervalS: number;
  dailyVideoLimit: number;
}

export interface WatchState {
  points: number;
  currentProgress: number;
  videoWatchCount: number;
  lastCountedWatchAt: Date | null;
  dailyDay: string | null;
  dailyWatchCount: number;
  dailyPointsEarned: number;
}

/**
 * Why a watch did not count. Ticket problems (watch-ticket.ts): 'no_ticket',
 * 'bad_ticket' (not signed for this player and video), 'too_early' (issued
 * less than the minimum watch time ago), 'expired_ticket'. 'already_counted':
 * this video already counted in the current cycle.
 */
export type InvalidReason = 'too_soon' | 'daily_limit' | 'already_counted' | TicketProblem;

/** Video ids counted in the current cycle (absent: not tracked by the caller, e.g. a unit test of the counters). */
export interface CycleState {
  cycleVideoIds?: number[];
}

/** The watch being decided: which video, and what its ticket check found (null: the ticket is good). */
export interface WatchClaim {
  videoId: number;
  ticketProblem: TicketProblem | null;
}

export interface DailyInfo {
  daily_video_limit: number;
  max_videos_per_day: number;
  enabled: boolean;
  remaining_points_today: number;
  remaining_videos_today: number;
  daily_watch_count: number;
  next_reset_time: string;
}

export interface WatchDecision {
  counted: boolean;
  reason: InvalidReason | null;
  earned: number;
  /** Seconds since the last counted watch (null before the first). */
  gapS: number | null;
  next: WatchState & CycleState;
  daily: DailyInfo;
}

/** Counters as of the current points day: a new day starts them at zero. */
function dailyCounters(state: WatchState, day: string): { count: number; earned: number } {
  return state.dailyDay === day ? { count: state.dailyWatchCount, earned: state.dailyPointsEarned } : { count: 0, earned: 0 };
}

export function dailyInfo(state: WatchState, rules: WatchRules, now: Date): DailyInfo {
  const { day, nextReset } = pointsDay(now, rules);
  const { count } = dailyCounters(state, day);
  const remainingVideos = Math.max(0, rules.dailyVideoLimit - count);
  // Rewards still reachable today: the cycle carries over, so progress counts toward the next one.
  const rewardsLeft = Math.floor((state.currentProgress + remainingVideos) / rules.videosRequired);
  return {
    daily_video_limit: rules.dailyVideoLimit,
    max_videos_per_day: rules.dailyVideoLimit,
    enabled: rules.dailyVideoLimit !== playerDefaults.unlimitedDailyVideos,
    remaining_points_today: rewardsLeft * rules.reward,
    remaining_videos_today: remainingVideos,
    daily_watch_count: count,
    next_reset_time: nextReset.toISOString(),
  };
}

/**
 * Without a claim only the counters' rules apply (interval, daily quota). With
 * one, the ticket must be good and the video must not have counted in this
 * cycle; the cycle's video ids are emptied when the cycle completes.
 */
export function decideWatch(state: WatchState & CycleState, rules: WatchRules, now: Date, claim?: WatchClaim): WatchDecision {
  const { day } = pointsDay(now, rules);
  const today = dailyCounters(state, day);
  // A clock a little behind another process's never makes the gap negative.
  const gapS = state.lastCountedWatchAt ? Math.max(0, (now.getTime() - state.lastCountedWatchAt.getTime()) / 1000) : null;

  let reason: InvalidReason | null = null;
  if (claim?.ticketProblem) reason = claim.ticketProblem;
  else if (claim && state.cycleVideoIds?.includes(claim.videoId)) reason = 'already_counted';
  else if (gapS !== null && gapS < rules.minIntervalS) reason = 'too_soon';
  else if (today.count >= rules.dailyVideoLimit) reason = 'daily_limit';

  if (reason) {
    const unchanged = { ...state, dailyDay: day, dailyWatchCount: today.count, dailyPointsEarned: today.earned };
    return { counted: false, reason, earned: 0, gapS, next: unchanged, daily: dailyInfo(unchanged, rules, now) };
  }

  const progress = state.currentProgress + 1;
  const complete = progress >= rules.videosRequired;
  const earned = complete ? rules.reward : 0;
  const next: WatchState & CycleState = {
    points: state.points + earned,
    currentProgress: complete ? 0 : progress,
    videoWatchCount: state.videoWatchCount + 1,
    lastCountedWatchAt: now,
    dailyDay: day,
    dailyWatchCount: today.count + 1,
    dailyPointsEarned: today.earned + earned,
  };
  if (claim) next.cycleVideoIds = complete ? [] : [...(state.cycleVideoIds ?? []), claim.videoId];
  return { counted: true, reason: null, earned, gapS, next, daily: dailyInfo(next, rules, now) };
}
