// Data access for the payments table.

import { and, count, eq, gt } from 'drizzle-orm';
import { payments } from '../../db/schema/payments';
import type { DbOrTx, Tx } from '../players/db-types';
import { PaymentStatus } from './config';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

export async function insertPayment(tx: Tx, values: NewPayment): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row;
}

/** Unpaid payments the player made since `since` (the ones whose checkout may still be used). */
export async function countOpen(tx: Tx, playerRef: number, since: Date): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.playerRef, playerRef), eq(payments.status, PaymentStatus.pending), gt(payments.createdAt, since)));
  return Number(n);
}

export async function findOwn(db: DbOrTx, playerRef: number, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.paymentId, paymentId), eq(payments.playerRef, playerRef)));
  return row;
}

/** The payment, row-locked for the rest of the transaction: deliveries of its notifications take turns. */
export async function lockPayment(tx: Tx, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.paymentId, paymentId)).for('update');
  return row;
}

export async function settle(tx: Tx, id: number, values: Pick<NewPayment, 'status' | 'eventId' | 'ledgerTxRef'>): Promise<void> {
  await tx.update(payments).set({ ...values, settledAt: new Date() }).where(eq(payments.id, id));
}
