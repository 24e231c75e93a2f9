// The points ledger: every balance change is one transactions row carrying
// the balance after it, written in the same database transaction as the change.

import { count, desc, eq } from 'drizzle-orm';
import { payments } from '../../db/schema/payments';
import { transactions } from '../../db/schema/players';
import type { PaymentSource } from '../payments/config';
import type { PointsSource, TransactionType } from './config';
import type { DbOrTx, Tx } from './db-types';

export interface LedgerEntry {
  playerRef: number;
  type: TransactionType;
  amount: number;
  source: PointsSource | PaymentSource;
  description: string;
  balanceAfter: number;
}

/** Writes the row; returns its id (a recharge keeps it: payments.ledger_tx_ref). */
export async function recordTransaction(tx: Tx, entry: LedgerEntry): Promise<number> {
  const [row] = await tx.insert(transactions).values(entry).returning({ id: transactions.id });
  return row.id;
}

/** A ledger row; a recharge carries the money it was paid with. */
export type TransactionRow = typeof transactions.$inferSelect & { payment: { amountCents: number; currency: string } | null };

export async function listTransactions(db: DbOrTx, playerRef: number, page: number, pageSize: number): Promise<{ rows: TransactionRow[]; total: number }> {
  const found = await db
    .select()
    .from(transactions)
    .leftJoin(payments, eq(payments.ledgerTxRef, transactions.id))
    .where(eq(transactions.playerRef, playerRef))
    .orderBy(desc(transactions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ n }] = await db.select({ n: count() }).from(transactions).where(eq(transactions.playerRef, playerRef));
  const rows = found.map((r) => ({ ...r.transactions, payment: r.payments ? { amountCents: r.payments.amountCents, currency: r.payments.currency } : null }));
  return { rows, total: Number(n) };
}
