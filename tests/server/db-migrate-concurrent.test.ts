// Several processes started together on one fresh PostgreSQL (issue 18: N
// processes behind a load balancer) all migrate it: one applies the
// migrations, the others wait for it. Without the advisory lock the others
// crash on "duplicate key value violates unique constraint". PostgreSQL only
// (a PGlite directory is held by one process anyway).

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../../server/db/client';
import { testDatabaseUrl } from './helpers/test-app';

describe.skipIf(!testDatabaseUrl)('migrations on one PostgreSQL opened by several processes at once', () => {
  it('every opener succeeds and each migration is applied once', async () => {
    const name = `clipfeed_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.allSettled([0, 1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), poolSize: 2 })));
      for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
      expect(opened.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      await check.end();
      expect(rows[0].n).toBe(journal.entries.length);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
