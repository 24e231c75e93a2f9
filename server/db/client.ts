// Opens the database: PGlite in DATA_DIR (or memory://) by default, PostgreSQL
// when a URL is given; applies the one migration set to either. A PGlite
// directory is held by one process at a time (dir-lock.ts).

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { dbLocks } from './config';
import { lockDirectory } from './dir-lock';
import * as schema from './schema/index';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Records the URL this process serves the database at, once it listens: PGlite on disk writes it
   * into the directory's lock, so an import started beside the server runs through it (issue 13).
   * Nothing to record for PostgreSQL (any number of processes share it) or memory://.
   */
  recordServer(url: string): void;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** postgres://... ; absent = PGlite. */
  databaseUrl?: string;
  /** PGlite location: a directory, or 'memory://' for tests. */
  pgliteDir?: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
}

/**
 * Runs the migrations while holding a session advisory lock: processes started together on one
 * fresh PostgreSQL would otherwise create the same schema at once and all but one crash on
 * "duplicate key" (issue 18). The others wait, then find every migration applied.
 */
async function migrateExclusively(databaseUrl: string, migrate: () => Promise<void>): Promise<void> {
  // A connection of its own, outside the pool: the lock must not take a pool slot the migrations need.
  const holder = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  try {
    await holder.query('SELECT pg_advisory_lock($1)', [dbLocks.migrate]);
    await migrate();
  } finally {
    // Ending the session releases its advisory locks.
    await holder.end();
  }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover, DROP DATABASE) is replaced on
    // the next query; without a listener pg would raise it as an uncaught error and end the process.
    pool.on('error', (err) => console.warn(`database: idle connection lost (${err.message})`));
    const db = drizzlePg(pool, { schema });
    await migrateExclusively(options.databaseUrl, () => migratePg(db, { migrationsFolder }));
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end(), recordServer: () => undefined };
  }
  const dir = options.pgliteDir ?? 'memory://';
  const onDisk = !dir.startsWith('memory://');
  if (onDisk) mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  // Throws DirectoryLockedError when another live process holds the directory.
  const lock = onDisk ? lockDirectory(path.resolve(dir)) : null;
  try {
    const client = new PGlite(dir);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      recordServer: (url) => lock?.recordServer(url),
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}
