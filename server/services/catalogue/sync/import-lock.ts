// The catalogue's one import lock across processes: a scheduled sync round
// holds it (scheduler.ts), and so does an operator's import for its whole
// run (the import route, catalogue:import), so of N processes sharing a
// database one import or sync writes the catalogue at a time (two at once
// would number the same new categories twice and double the source's load).

import type { Db } from '../../../db/client';
import { syncConfig } from './config';
import { tryAdvisoryLock, type HeldLock } from './lock';

/** Why an operator's import was refused while the lock is held elsewhere. */
export const importLockHeld =
  'A scheduled sync or another import of the catalogue is running on a process sharing this database; one runs at a time. Try again when it has finished (catalogue:status shows the runs).';

/** The lock, or null when a sync or an import holds it (here or on another process). */
export const takeImportLock = (db: Db): Promise<HeldLock | null> => tryAdvisoryLock(db, syncConfig.lockName);
