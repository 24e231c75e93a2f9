// What a test of the real catalogue commands (catalogue:import, catalogue:status)
// needs on one database kind: a fake MacCMS source on loopback, the commands'
// environment (a fresh DATA_DIR, DATABASE_URL on PostgreSQL, the source allowed),
// and the database the command wrote to, opened after it exited (PGlite allows
// one process at a time). Registers its own beforeAll/afterAll.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';
import { startFakeMaccms, type FakeMaccms } from './fake-maccms';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from './test-app';

export interface ImportCommandHarness {
  fake: () => FakeMaccms;
  env: () => Record<string, string>;
  withDatabase: <T>(use: (database: Database) => Promise<T>) => Promise<T>;
}

export function importCommandHarness(kind: DatabaseKind, options: { dirPrefix: string; videos: number }): ImportCommandHarness {
  const dataDir = mkdtempSync(path.join(tmpdir(), options.dirPrefix));
  let fake: FakeMaccms | undefined;
  let pg: TestDatabase | undefined;
  let env: Record<string, string> = {};

  beforeAll(async () => {
    fake = await startFakeMaccms(options.videos);
    pg = kind === 'postgres' ? await openTestDatabase('postgres') : undefined;
    // The fake source listens on loopback: the commands may fetch it only because it is allowed here.
    env = { DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '', ALLOWED_PRIVATE_UPSTREAMS: new URL(fake.origin).host };
  });
  afterAll(async () => {
    await fake?.close();
    await pg?.drop();
  });

  return {
    fake: () => {
      if (!fake) throw new Error('the fake source starts in beforeAll');
      return fake;
    },
    env: () => env,
    async withDatabase(use) {
      const database = pg ? pg.database : await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      try {
        return await use(database);
      } finally {
        if (!pg) await database.close();
      }
    },
  };
}
