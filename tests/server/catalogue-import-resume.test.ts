// Resume through the real command: an import killed with SIGKILL midway and
// started again with the same URL fetches only the pages not saved, and every
// video ends up in the catalogue exactly once. Then `npm run catalogue:status`
// shows the source and its run.

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, countDistinct } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { videos } from '../../server/db/schema/catalogue';
import { catalogueRunPages, catalogueRuns } from '../../server/db/schema/catalogue-sync';
import { startFakeMaccms, type FakeMaccms } from './helpers/fake-maccms';
import { runCommand } from './helpers/run-command';
import { databaseKinds, openTestDatabase, type TestDatabase } from './helpers/test-app';

const root = path.resolve(import.meta.dirname, '../..');

describe.each(databaseKinds)('an import killed midway on %s', (kind) => {
  let fake: FakeMaccms;
  let pg: TestDatabase | undefined;
  let env: Record<string, string>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clipfeed-resume-'));

  async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
    const database = pg ? pg.database : await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      return await use(database);
    } finally {
      if (!pg) await database.close();
    }
  }

  beforeAll(async () => {
    fake = await startFakeMaccms(400);
    pg = kind === 'postgres' ? await openTestDatabase('postgres') : undefined;
    env = { DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '', ALLOWED_PRIVATE_UPSTREAMS: new URL(fake.origin).host };
  });
  afterAll(async () => {
    await fake?.close();
    await pg?.drop();
  });

  const pagesAsked = () => fake.requests.filter((r) => r.includes('ac=videolist')).map((r) => Number(new URL(r, 'http://x').searchParams.get('pg')));

  it('resumes with the pages not done, each video once; catalogue:status shows the run', async () => {
    fake.latencyMs = 40;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/bin/catalogue-import.ts', fake.endpoint], { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
    const killed = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    // Killed once page 12 of 20 is asked for: some pages are saved, others not.
    fake.beforePage = (page) => {
      if (page >= 12 && child.exitCode === null) child.kill('SIGKILL');
    };
    await killed;
    fake.beforePage = null;

    const done = await withDatabase(async (d) => (await d.db.select({ page: catalogueRunPages.page }).from(catalogueRunPages)).map((r) => r.page));
    expect(done.length).toBeGreaterThan(0);
    expect(done.length).toBeLessThan(20);

    fake.requests.length = 0;
    const again = await runCommand('server/bin/catalogue-import.ts', [fake.endpoint], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`${done.length} done before (resumed)`);
    const asked = pagesAsked();
    for (const page of done) expect(asked).not.toContain(page);
    expect(new Set([...done, ...asked]).size).toBe(20);

    await withDatabase(async (d) => {
      expect(await d.db.select({ n: count(), distinct: countDistinct(videos.upstreamId) }).from(videos)).toEqual([{ n: 400, distinct: 400 }]);
      const runs = await d.db.select().from(catalogueRuns);
      expect(runs.map((r) => [r.status, r.pagesDone])).toEqual([['done', 20]]);
    });

    const status = await runCommand('server/bin/catalogue-status.ts', ['--', '--json'], env);
    expect(status.code).toBe(0);
    const json = JSON.parse(status.stdout);
    expect(json.sources).toHaveLength(1);
    expect(json.sources[0]).toMatchObject({ host: fake.host, videos: { shown: 400, gone: 0 }, lastRun: { kind: 'full', status: 'done', pagesDone: 20, pagecount: 20 } });
  }, 120_000);
});
