// Data access for the invites table (server/db/schema/invites.ts).

import { and, count, eq, sql } from 'drizzle-orm';
import { invites } from '../../db/schema/invites';
import type { DbOrTx, Tx } from './db-types';

export type InviteRow = typeof invites.$inferSelect;
export type NewInvite = typeof invites.$inferInsert;

export async function insertInvite(db: DbOrTx, values: NewInvite): Promise<void> {
  await db.insert(invites).values(values);
}

/** The id of the invitee's invite while it waits for its credit; undefined otherwise (the common case). */
export async function pendingInviteOf(db: DbOrTx, inviteeRef: number): Promise<{ id: number; inviterRef: number } | undefined> {
  const [row] = await db
    .select({ id: invites.id, inviterRef: invites.inviterRef })
    .from(invites)
    .where(and(eq(invites.inviteeRef, inviteeRef), eq(invites.status, 'pending')));
  return row;
}

export async function lockInvite(tx: Tx, id: number): Promise<InviteRow | undefined> {
  const [row] = await tx.select().from(invites).where(eq(invites.id, id)).for('update');
  return row;
}

export async function creditsInWeek(tx: Tx, inviterRef: number, week: string): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(invites)
    .where(and(eq(invites.inviterRef, inviterRef), eq(invites.status, 'credited'), eq(invites.creditWeek, week)));
  return Number(n);
}

export async function decideInvite(tx: Tx, id: number, outcome: { status: 'credited'; week: string } | { status: 'refused'; reason: string }): Promise<void> {
  await tx
    .update(invites)
    .set(outcome.status === 'credited' ? { status: 'credited', creditWeek: outcome.week, decidedAt: sql`now()` } : { status: 'refused', reason: outcome.reason, decidedAt: sql`now()` })
    .where(eq(invites.id, id));
}
