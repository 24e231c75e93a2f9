// Watch-path statements. The feed's hot path reads a player's watch counters
// (only those columns: fingerprints and the rest would cost a parse for nothing)
// and writes a counted watch as one compare-and-set statement: the update
// applies only if the counters are still those the decision was made on, and
// the reward's ledger row is inserted by the same statement. Two round trips
// and no BEGIN/COMMIT, instead of four under an explicit row lock; a lost race
// falls back to the locked path (watch.ts).

import { eq, sql } from 'drizzle-orm';
import { players } from '../../db/schema/players';
import type { DbOrTx } from './db-types';
import type { LedgerEntry } from './ledger';
import type { CycleState, WatchState } from './watch-rules';

export interface WatchRow extends WatchState, CycleState {
  id: number;
  disabled: boolean;
  cycleVideoIds: number[];
}

const watchColumns = {
  id: players.id,
  disabled: players.disabled,
  points: players.points,
  currentProgress: players.currentProgress,
  videoWatchCount: players.videoWatchCount,
  lastCountedWatchAt: players.lastCountedWatchAt,
  dailyDay: players.dailyDay,
  dailyWatchCount: players.dailyWatchCount,
  dailyPointsEarned: players.dailyPointsEarned,
  cycleVideoIds: players.cycleVideoIds,
};

function prepareRead(db: DbOrTx) {
  return db.select(watchColumns).from(players).where(eq(players.credentialHash, sql.placeholder('hash'))).prepare('watch_read');
}

// A named statement per database: PostgreSQL parses and plans it once per connection.
const reads = new WeakMap<DbOrTx, ReturnType<typeof prepareRead>>();

export async function readWatchRow(db: DbOrTx, credentialHash: string): Promise<WatchRow | undefined> {
  let read = reads.get(db);
  if (!read) reads.set(db, (read = prepareRead(db)));
  const [row] = await read.execute({ hash: credentialHash });
  return row;
}

/** An int[] literal for a parameter cast to integer[] (the ids are whole numbers, checked by the route). */
export function intArrayLiteral(ids: readonly number[]): string {
  if (!ids.every((n) => Number.isSafeInteger(n))) throw new Error('cycle video ids must be whole numbers');
  return `{${ids.join(',')}}`;
}

/**
 * Writes `next` if the row still holds `seen`; inserts `ledger` (when given)
 * in the same statement. Returns whether the write applied. The cycle's video
 * ids (when `next` carries them) need no comparison of their own: they change
 * only with a counted watch, which always changes video_watch_count.
 */
export async function compareAndSetWatch(db: DbOrTx, id: number, seen: WatchState, next: WatchState & CycleState, ledger: Omit<LedgerEntry, 'playerRef'> | null): Promise<boolean> {
  const seenAt = seen.lastCountedWatchAt ? seen.lastCountedWatchAt.toISOString() : null;
  const nextAt = next.lastCountedWatchAt ? next.lastCountedWatchAt.toISOString() : null;
  const insertLedger = ledger
    ? sql`, t AS (
        INSERT INTO transactions (player_ref, type, amount, source, description, balance_after)
        SELECT id, ${ledger.type}, ${ledger.amount}, ${ledger.source}, ${ledger.description}, ${ledger.balanceAfter} FROM u
      )`
    : sql``;
  const cycle = next.cycleVideoIds ? sql`, cycle_video_ids = ${intArrayLiteral(next.cycleVideoIds)}::integer[]` : sql``;
  const result = await db.execute(sql`
    WITH u AS (
      UPDATE players SET
        points = ${next.points}, current_progress = ${next.currentProgress}, video_watch_count = ${next.videoWatchCount},
        last_counted_watch_at = ${nextAt}::timestamptz, daily_day = ${next.dailyDay}, daily_watch_count = ${next.dailyWatchCount},
        daily_points_earned = ${next.dailyPointsEarned}, last_active_at = now()${cycle}
      WHERE id = ${id} AND NOT disabled
        AND points = ${seen.points} AND current_progress = ${seen.currentProgress} AND video_watch_count = ${seen.videoWatchCount}
        AND last_counted_watch_at IS NOT DISTINCT FROM ${seenAt}::timestamptz
        AND daily_day IS NOT DISTINCT FROM ${seen.dailyDay}::text
        AND daily_watch_count = ${seen.dailyWatchCount} AND daily_points_earned = ${seen.dailyPointsEarned}
      RETURNING id
    )${insertLedger}
    SELECT count(*)::int AS n FROM u`);
  const rows = (result as unknown as { rows: Array<{ n: number }> }).rows;
  return Number(rows[0]?.n) === 1;
}
