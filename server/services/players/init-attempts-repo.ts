// Init calls per address, counted in the database so every server process
// sharing it applies one limit. Rows older than the window are pruned as we go.

import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { initAttempts } from '../../db/schema/players';
import type { DbOrTx } from './db-types';

/** Records this attempt and returns how many this address made in the window, this one included. */
export async function recordInitAttempt(db: DbOrTx, ip: string, windowS: number): Promise<number> {
  const cutoff = sql`now() - make_interval(secs => ${windowS})`;
  await db.delete(initAttempts).where(lt(initAttempts.createdAt, cutoff));
  await db.insert(initAttempts).values({ ip });
  const [{ n }] = await db
    .select({ n: count() })
    .from(initAttempts)
    .where(and(eq(initAttempts.ip, ip), gt(initAttempts.createdAt, cutoff)));
  return Number(n);
}
