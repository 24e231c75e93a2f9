// Data access for the players table.

import { eq, sql } from 'drizzle-orm';
import { players } from '../../db/schema/players';
import { playerDefaults } from './config';
import type { DbOrTx, PlayerRow, Tx } from './db-types';
import type { CycleState, WatchState } from './watch-rules';

export type NewPlayer = typeof players.$inferInsert;

export async function insertPlayer(db: DbOrTx, values: NewPlayer): Promise<PlayerRow> {
  const [row] = await db.insert(players).values(values).returning();
  return row;
}

/** The player holding this credential, marked active now; undefined when none does. */
/**
 * The player holding this credential. Its last_active_at is refreshed only
 * when older than a minute: a write (and a commit) on every call would
 * double the cost of the hot path (video/watch) for a value read by no rule.
 */
export async function touchByCredentialHash(db: DbOrTx, credentialHash: string): Promise<PlayerRow | undefined> {
  const [row] = await db.select().from(players).where(eq(players.credentialHash, credentialHash));
  if (row && Date.now() - row.lastActiveAt.getTime() > playerDefaults.activityTouchMs) {
    await db.update(players).set({ lastActiveAt: sql`now()` }).where(eq(players.id, row.id));
  }
  return row;
}

export async function findByPlayerId(db: DbOrTx, playerId: string): Promise<PlayerRow | undefined> {
  const [row] = await db.select().from(players).where(eq(players.playerId, playerId));
  return row;
}

/** Reads the row and holds it until the transaction ends: concurrent writers for this player wait. */
/** The credential's player, row-locked for the rest of the transaction; undefined when unknown. */
export async function lockByCredentialHash(tx: Tx, credentialHash: string): Promise<PlayerRow | undefined> {
  const [row] = await tx.select().from(players).where(eq(players.credentialHash, credentialHash)).for('update');
  return row;
}

export async function lockPlayer(tx: Tx, id: number): Promise<PlayerRow> {
  const [row] = await tx.select().from(players).where(eq(players.id, id)).for('update');
  if (!row) throw new Error(`player ${id} vanished inside its transaction`);
  return row;
}

export async function saveWatchState(tx: Tx, id: number, s: WatchState & CycleState): Promise<void> {
  await tx
    .update(players)
    .set({
      points: s.points,
      currentProgress: s.currentProgress,
      videoWatchCount: s.videoWatchCount,
      lastCountedWatchAt: s.lastCountedWatchAt,
      dailyDay: s.dailyDay,
      dailyWatchCount: s.dailyWatchCount,
      dailyPointsEarned: s.dailyPointsEarned,
      ...(s.cycleVideoIds ? { cycleVideoIds: s.cycleVideoIds } : {}),
      lastActiveAt: sql`now()`,
    })
    .where(eq(players.id, id));
}

export async function setPoints(tx: Tx, id: number, points: number, extra: Partial<NewPlayer> = {}): Promise<void> {
  await tx.update(players).set({ ...extra, points }).where(eq(players.id, id));
}

export async function setFingerprints(tx: Tx, id: number, fingerprints: unknown[], riskScore: number): Promise<void> {
  await tx.update(players).set({ fingerprints, riskScore }).where(eq(players.id, id));
}

/** Replaces the player's credential hash (the old credential stops working). */
export async function rotateCredential(db: DbOrTx, id: number, credentialHash: string): Promise<PlayerRow> {
  const [row] = await db.update(players).set({ credentialHash, lastActiveAt: sql`now()` }).where(eq(players.id, id)).returning();
  return row;
}
