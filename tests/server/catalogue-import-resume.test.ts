// Resume through the real command: an import killed with SIGKILL midway and
// started again with the same URL fetches only the pages not saved, and every
// video ends up in the catalogue exactly once. Then `npm run catalogue:status`
// shows the source and its run.

import { spawn } from 'node:child_process';
import path from 'node:path';
import { count, countDistinct } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema/catalogue';
import { catalogueRunPages, catalogueRuns } from '../../server/db/schema/catalogue-sync';
import { importCommandHarness } from './helpers/import-command';
import { runCommand } from './helpers/run-command';
import { databaseKinds } from './helpers/test-app';

const root = path.resolve(import.meta.dirname, '../..');

describe.each(databaseKinds)('an import killed midway on %s', (kind) => {
  const harness = importCommandHarness(kind, { dirPrefix: 'clipfeed-resume-', videos: 400 });
  const withDatabase = harness.withDatabase;

  const pagesAsked = () => harness.fake().requests.filter((r) => r.includes('ac=videolist')).map((r) => Number(new URL(r, 'http://x').searchParams.get('pg')));

  it('resumes with the pages not done, each video once; catalogue:status shows the run', async () => {
    harness.fake().latencyMs = 40;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/bin/catalogue-import.ts', harness.fake().endpoint], { cwd: root, env: { ...process.env, ...harness.env() }, stdio: 'ignore' });
    const killed = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    // Killed once page 12 of 20 is asked for: some pages are saved, others not.
    harness.fake().beforePage = (page) => {
      if (page >= 12 && child.exitCode === null) child.kill('SIGKILL');
    };
    await killed;
    harness.fake().beforePage = null;

    const done = await withDatabase(async (d) => (await d.db.select({ page: catalogueRunPages.page }).from(catalogueRunPages)).map((r) => r.page));
    expect(done.length).toBeGreaterThan(0);
    expect(done.length).toBeLessThan(20);

    harness.fake().requests.length = 0;
    const again = await runCommand('server/bin/catalogue-import.ts', [harness.fake().endpoint], harness.env());
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

    const status = await runCommand('server/bin/catalogue-status.ts', ['--', '--json'], harness.env());
    expect(status.code).toBe(0);
    const json = JSON.parse(status.stdout);
    expect(json.sources).toHaveLength(1);
    expect(json.sources[0]).toMatchObject({ host: harness.fake().host, videos: { shown: 400, gone: 0 }, lastRun: { kind: 'full', status: 'done', pagesDone: 20, pagecount: 20 } });
  }, 120_000);
});
