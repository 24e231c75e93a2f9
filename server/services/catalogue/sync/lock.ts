// A PostgreSQL session advisory lock held while `work` runs: of several
// processes sharing one database, one runs the work and the others skip it.
// On PostgreSQL the lock lives on one pooled connection kept aside for the
// work (a process that dies drops its connection, and the lock with it). On
// PGlite there is one process and one session (whose advisory locks are
// re-entrant), so an in-process set keeps two callers apart.

import pg from 'pg';
import type { Db } from '../../../db/client';

const LOCK_SPACE = 18_001; // first key of the two-key form: this product's catalogue sync (second: hashtext of the name)

const heldHere = new WeakMap<object, Set<string>>();

type Session = { query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

export type Locked<T> = { ran: true; value: T } | { ran: false };

/** A held lock: release it exactly once. */
export interface HeldLock {
  release(): Promise<void>;
}

/** Takes the lock now, or null when another holder (this process or another) has it. */
export async function tryAdvisoryLock(db: Db, name: string): Promise<HeldLock | null> {
  const held = heldHere.get(db) ?? new Set<string>();
  heldHere.set(db, held);
  if (held.has(name)) return null;
  held.add(name);
  const client = (db as unknown as { $client: Session | pg.Pool }).$client;
  let session: pg.PoolClient | null = null;
  try {
    session = client instanceof pg.Pool ? await client.connect() : null;
    const on: Session = session ?? (client as Session);
    const got = await on.query('select pg_try_advisory_lock($1, hashtext($2)) as ok', [LOCK_SPACE, name]);
    if (got.rows[0]?.ok !== true) {
      held.delete(name);
      session?.release();
      return null;
    }
    const kept = session;
    return {
      async release() {
        try {
          await on.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, name]);
        } finally {
          held.delete(name);
          kept?.release();
        }
      },
    };
  } catch (err) {
    held.delete(name);
    session?.release();
    throw err;
  }
}

export async function withAdvisoryLock<T>(db: Db, name: string, work: () => Promise<T>): Promise<Locked<T>> {
  const lock = await tryAdvisoryLock(db, name);
  if (!lock) return { ran: false };
  try {
    return { ran: true, value: await work() };
  } finally {
    await lock.release();
  }
}
