// The points ledger: every balance change is one transactions row carrying
// the balance after it, written in the same database transaction as the change.

import { count, desc, eq } from 'drizzle-orm';
import { transactions } from '../../db/schema/players';
import type { PointsSource, TransactionType } from './config';
import type { DbOrTx, Tx } from './db-types';

export interface LedgerEntry {
  playerRef: number;
  type: TransactionType;
  amount: number;
  source: PointsSource;
  description: string;
  balanceAfter: number;
}

export async function recordTransaction(tx: Tx, entry: LedgerEntry): Promise<void> {
  await tx.insert(transactions).values(entry);
}

export type TransactionRow = typeof transactions.$inferSelect;

export async function listTransactions(db: DbOrTx, playerRef: number, page: number, pageSize: number): Promise<{ rows: TransactionRow[]; total: number }> {
  const rows = await db
    .select()
    .from(transactions)
    .where(eq(transactions.playerRef, playerRef))
    .orderBy(desc(transactions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ n }] = await db.select({ n: count() }).from(transactions).where(eq(transactions.playerRef, playerRef));
  return { rows, total: Number(n) };
}
