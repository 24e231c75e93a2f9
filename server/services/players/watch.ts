// video/watch: the server decides whether a watch counts. A decision is
// written only if the player's counters are still those it was made on
// (compare-and-set, or the row lock on the slow path), so parallel requests
// for one player never count twice.

import type { Db } from '../../db/client';
import { PointsSource, TransactionType } from './config';
import { recordTransaction } from './ledger';
import { accountDisabled, invalidCredential } from './errors';
import { lockByCredentialHash, saveWatchState } from './players-repo';
import { compareAndSetWatch, readWatchRow } from './watch-store';
import { decideWatch, type DailyInfo, type InvalidReason, type WatchDecision, type WatchRules } from './watch-rules';

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
 * `credentialHash` names the player. Fast path: read the counters, decide,
 * and write with a compare-and-set (watch-store.ts); a watch that does not
 * count writes nothing. When another request changed the row in between,
 * the watch is decided again under the row lock, so parallel requests for
 * one player are still decided one after another.
 */
export async function recordWatch(db: Db, credentialHash: string, rules: WatchRules, clock: () => Date): Promise<{ result: WatchResult; message: string }> {
  const p = await readWatchRow(db, credentialHash);
  if (!p) throw invalidCredential();
  if (p.disabled) throw accountDisabled();
  const d = decideWatch(p, rules, clock());
  if (!d.counted || (await compareAndSetWatch(db, p.id, p, d.next, d.earned > 0 ? ledgerEntry(d, rules) : null))) return answer(d, rules);
  return recordWatchLocked(db, credentialHash, rules, clock);
}

async function recordWatchLocked(db: Db, credentialHash: string, rules: WatchRules, clock: () => Date): Promise<{ result: WatchResult; message: string }> {
  return db.transaction(async (tx) => {
    const p = await lockByCredentialHash(tx, credentialHash);
    if (!p) throw invalidCredential();
    if (p.disabled) throw accountDisabled();
    // Read the clock only once the row is ours: a request that waited must not count with an older time.
    const d = decideWatch(p, rules, clock());
    if (d.counted) {
      await saveWatchState(tx, p.id, d.next);
      if (d.earned > 0) await recordTransaction(tx, { playerRef: p.id, ...ledgerEntry(d, rules) });
    }
    return answer(d, rules);
  });
}

function ledgerEntry(d: WatchDecision, rules: WatchRules) {
  return {
    type: TransactionType.earn,
    amount: d.earned,
    source: PointsSource.videoWatch,
    description: `Watched ${rules.videosRequired} videos`,
    balanceAfter: d.next.points,
  };
}

function answer(d: WatchDecision, rules: WatchRules): { result: WatchResult; message: string } {
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
}

function watchMessage(r: WatchResult, rules: WatchRules): string {
  if (r.invalid_reason === 'too_soon') return `Watch not counted: counted watches must be at least ${rules.minIntervalS} s apart (${r.time_interval} s since the last one).`;
  if (r.invalid_reason === 'daily_limit') return `Watch not counted: today's limit of ${rules.dailyVideoLimit} videos is reached; it resets at ${r.daily_info.next_reset_time}.`;
  if (r.progress_complete) return `Cycle complete: +${r.earned_points} points.`;
  return `Watch counted (${r.current_progress}/${r.required_videos}).`;
}
