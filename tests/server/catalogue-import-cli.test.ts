import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema/catalogue';
import { databaseKinds } from './helpers/test-app';
import { importCommandHarness } from './helpers/import-command';
import { runCommand } from './helpers/run-command';

const runImport = (args: string[], env: Record<string, string>) => runCommand('server/bin/catalogue-import.ts', args, env);

describe.each(databaseKinds)('npm run catalogue:import on %s', (kind) => {
  const harness = importCommandHarness(kind, { dirPrefix: 'clipfeed-import-', videos: 30 });
  const withDatabase = harness.withDatabase;

  it('imports into the configured database, prints a summary and exits 0; a second run updates', async () => {
    const first = await runImport(['--', harness.fake().endpoint, '--pages', '5'], harness.env());
    expect(first.stderr).not.toMatch(/Error|failed/);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`source: ${harness.fake().host}`);
    expect(first.stdout).toContain('pages: 2 imported, 0 failed (the source has 2)');
    expect(first.stdout).toContain('categories: 4 inserted, 0 updated');
    expect(first.stdout).toContain('videos: 30 inserted, 0 updated');
    expect(first.stdout).toContain('errors: 0');

    const second = await runImport([harness.fake().endpoint, '--pages', '5'], harness.env());
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('videos: 0 inserted, 30 updated');
    expect(await withDatabase(async (d) => (await d.db.select({ n: count() }).from(videos))[0].n)).toBe(30);
  }, 90_000);

  it('exits 1 with the reason when the source refuses', async () => {
    const r = await runImport([`${harness.fake().origin}/closed/api.php/provide/vod/`], harness.env());
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('errors: 1\n  - page 1: the source answered "closed" instead of JSON (the site has switched its MacCMS API off)');
  });

  it('exits 1 with the usage on bad arguments, before touching the database', async () => {
    const r = await runImport(['not a url'], { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'clipfeed-untouched-')), DATABASE_URL: '' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^URL must be an absolute http\(s\) URL, got "not a url"\nusage: npm run catalogue:import/);
  });
});
