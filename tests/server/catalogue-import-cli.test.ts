import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { videos } from '../../server/db/schema/catalogue';
import { startFakeMaccms, type FakeMaccms } from './helpers/fake-maccms';
import { databaseKinds, openTestDatabase, type TestDatabase } from './helpers/test-app';
import { runCommand } from './helpers/run-command';

const root = path.resolve(import.meta.dirname, '../..');

const runImport = (args: string[], env: Record<string, string>) => runCommand('server/bin/catalogue-import.ts', args, env);

describe.each(databaseKinds)('npm run catalogue:import on %s', (kind) => {
  let fake: FakeMaccms;
  let env: Record<string, string>;
  let pg: TestDatabase | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clipfeed-import-'));

  /** The database the command wrote to, opened after it exited (PGlite allows one process at a time). */
  async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
    const database = pg ? pg.database : await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      return await use(database);
    } finally {
      if (!pg) await database.close();
    }
  }

  beforeAll(async () => {
    fake = await startFakeMaccms(30);
    pg = kind === 'postgres' ? await openTestDatabase('postgres') : undefined;
    // The fake source listens on loopback: the import may fetch it only because it is allowed here.
    env = { DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '', ALLOWED_PRIVATE_UPSTREAMS: new URL(fake.origin).host };
  });
  afterAll(async () => {
    await fake?.close();
    await pg?.drop();
  });

  it('imports into the configured database, prints a summary and exits 0; a second run updates', async () => {
    const first = await runImport(['--', fake.endpoint, '--pages', '5'], env);
    expect(first.stderr).not.toMatch(/Error|failed/);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`source: ${fake.host}`);
    expect(first.stdout).toContain('pages: 2 imported, 0 failed (the source has 2)');
    expect(first.stdout).toContain('categories: 4 inserted, 0 updated');
    expect(first.stdout).toContain('videos: 30 inserted, 0 updated');
    expect(first.stdout).toContain('errors: 0');

    const second = await runImport([fake.endpoint, '--pages', '5'], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('videos: 0 inserted, 30 updated');
    expect(await withDatabase(async (d) => (await d.db.select({ n: count() }).from(videos))[0].n)).toBe(30);
  }, 90_000);

  it('exits 1 with the reason when the source refuses', async () => {
    const r = await runImport([`${fake.origin}/closed/api.php/provide/vod/`], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('errors: 1\n  - page 1: the source answered "closed" instead of JSON (the site has switched its MacCMS API off)');
  });

  it('exits 1 with the usage on bad arguments, before touching the database', async () => {
    const r = await runImport(['not a url'], { DATA_DIR: path.join(dataDir, 'untouched'), DATABASE_URL: '' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^URL must be an absolute http\(s\) URL, got "not a url"\nusage: npm run catalogue:import/);
  });
});
