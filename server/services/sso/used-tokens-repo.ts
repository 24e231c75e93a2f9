// Single use of signed tokens: the first redeemer of a jti inserts it; the
// primary key makes every later attempt (any process) find it taken.

import { lt, sql } from 'drizzle-orm';
import { usedTokens } from '../../db/schema/players';
import type { DbOrTx } from '../players/db-types';
import { ssoDefaults } from './config';

/** True when this call spent the token, false when it was spent before. */
export async function redeemJti(db: DbOrTx, jti: string, kind: string, expiresAt: Date): Promise<boolean> {
  // Expired tokens fail verification anyway, so their ids are dropped after a grace period.
  await db.delete(usedTokens).where(lt(usedTokens.expiresAt, sql`now() - make_interval(secs => ${ssoDefaults.spentIdGraceS})`));
  const spent = await db.insert(usedTokens).values({ jti, kind, expiresAt }).onConflictDoNothing().returning({ jti: usedTokens.jti });
  return spent.length === 1;
}
