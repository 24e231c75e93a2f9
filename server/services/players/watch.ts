// video/watch: the server decides whether a watch counts. The read, the
// decision and the write happen in one transaction holding the player's row,
// so parallel requests for one player are decided one after another.

import type { Db } from '../../db/client';
import { PointsSource, TransactionType } from './config';
import { recordTransaction } from './ledger';
import { accountDisabled, invalidCredential } from './errors';
import { lockByCredentialHash, saveWatchState } from './players-repo';
import { decideWatch, type DailyInfo, type InvalidReason, type WatchRules } from './watch-rules';

export interface WatchResult {
  points: number;
  current_progress: number;
  required_videos: number;
  progress_complete: boolean;
  is_valid_watch: boolean;
  earned_points: number;
  video_watch_count: number;
  /** Seconds since the last counted watch; null before the first one. */
  time_interval: number | null;
  min_interval: number;
  invalid_reason: InvalidReason | null;
  daily_info: DailyInfo;
}

/**
 * `credentialHash` names the player: finding and locking the row is one
 * statement inside the transaction (the hot path of the feed: one round trip
 * fewer than authenticating first).
 */
export async function recordWatch(db: Db, credentialHash: string, rules: WatchRules, clock: () => Date): Promise<{ result: WatchResult; message: string }> {
  return db.transaction(async (tx) => {
    const p = await lockByCredentialHash(tx, credentialHash);
    if (!p) throw invalidCredential();
    if (p.disabled) throw accountDisabled();
    const playerRef = p.id;
    // Read the clock only once the row is ours: a request that waited must not count with an older time.
    const now = clock();
    const d = decideWatch(p, rules, now);
    if (d.counted) {
      await saveWatchState(tx, playerRef, d.next);
      if (d.earned > 0) {
        await recordTransaction(tx, {
          playerRef,
          type: TransactionType.earn,
          amount: d.earned,
          source: PointsSource.videoWatch,
          description: `Watched ${rules.videosRequired} videos`,
          balanceAfter: d.next.points,
        });
      }
    }
    const gap = d.gapS === null ? null : Math.round(d.gapS * 10) / 10;
    const result: WatchResult = {
      points: d.next.points,
      current_progress: d.next.currentProgress,
      required_videos: rules.videosRequired,
      progress_complete: d.earned > 0,
      is_valid_watch: d.counted,
      earned_points: d.earned,
      video_watch_count: d.next.videoWatchCount,
      time_interval: gap,
      min_interval: rules.minIntervalS,
      invalid_reason: d.reason,
      daily_info: d.daily,
    };
    return { result, message: watchMessage(result, rules) };
  });
}

function watchMessage(r: WatchResult, rules: WatchRules): string {
  if (r.invalid_reason === 'too_soon') return `Watch not counted: counted watches must be at least ${rules.minIntervalS} s apart (${r.time_interval} s since the last one).`;
  if (r.invalid_reason === 'daily_limit') return `Watch not counted: today's limit of ${rules.dailyVideoLimit} videos is reached; it resets at ${r.daily_info.next_reset_time}.`;
  if (r.progress_complete) return `Cycle complete: +${r.earned_points} points.`;
  return `Watch counted (${r.current_progress}/${r.required_videos}).`;
}
