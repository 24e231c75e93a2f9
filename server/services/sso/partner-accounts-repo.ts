// Data access for the partner-site accounts linked to players.

import { eq, sql } from 'drizzle-orm';
import { partnerAccounts } from '../../db/schema/players';
import type { DbOrTx } from '../players/db-types';

export type PartnerAccountRow = typeof partnerAccounts.$inferSelect;

export async function findAccount(db: DbOrTx, playerRef: number): Promise<PartnerAccountRow | undefined> {
  const [row] = await db.select().from(partnerAccounts).where(eq(partnerAccounts.playerRef, playerRef));
  return row;
}

export async function insertAccount(db: DbOrTx, playerRef: number, accountId: string): Promise<PartnerAccountRow> {
  const [row] = await db.insert(partnerAccounts).values({ playerRef, accountId }).returning();
  return row;
}

export async function markSignedOn(db: DbOrTx, id: number): Promise<PartnerAccountRow> {
  const [row] = await db.update(partnerAccounts).set({ lastSignOnAt: sql`now()` }).where(eq(partnerAccounts.id, id)).returning();
  return row;
}
