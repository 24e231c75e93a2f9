// A transaction handle has the same query API as the database; repository
// functions take either, so services decide where the transaction boundary is.

import type { Db } from '../../db/client';
import type { players } from '../../db/schema/players';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
export type PlayerRow = typeof players.$inferSelect;
