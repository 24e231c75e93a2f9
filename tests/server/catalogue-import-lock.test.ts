// An operator's import under the catalogue's import lock (the one a
// scheduled sync round holds): refused with 409 while a sync holds it on
// another process, holding it for the whole import so another process's
// round skips meanwhile, and catalogue:import on another process exiting 1
// saying so. "Another process" is a second connection pool on PostgreSQL;
// on PGlite (one process) the same session, kept apart in-process.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { createUpstreamPolicy } from '../../server/net/upstream-policy';
import { operatorImportPath } from '../../server/services/catalogue/import/index';
import { syncConfig } from '../../server/services/catalogue/sync/config';
import { importLockHeld } from '../../server/services/catalogue/sync/index';
import { withAdvisoryLock } from '../../server/services/catalogue/sync/lock';
import { syncDueSources } from '../../server/services/catalogue/sync/scheduler';
import { asOperator, testAdminToken } from './helpers/admin';
import { startFakeMaccms, type FakeMaccms } from './helpers/fake-maccms';
import { runCommand } from './helpers/run-command';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

type Json = Record<string, any>;
const lastLine = (body: string): Json => JSON.parse(body.trim().split('\n').at(-1)!) as Json;
const network = createUpstreamPolicy({ allowedPrivateUpstreams: ['127.0.0.1'] });
const HOUR_MS = 3_600_000;

describe.each(databaseKinds)('the operator import under the catalogue import lock on %s', (kind) => {
  let t: TestApp;
  let fake: FakeMaccms;
  let other: Database | null = null;
  /** The database as another process sees it. */
  const otherDb = () => (other ?? t.db.database).db;
  const post = (url: string) => t.app.inject({ method: 'POST', url: operatorImportPath, payload: { url }, headers: asOperator });
  /** A scheduled round of another process two periods on (every source due): null when it could not take the lock. */
  const otherRound = () => syncDueSources(otherDb(), { everyMs: HOUR_MS, network, categoryMap: new Map(), log: () => undefined, now: () => new Date(Date.now() + 2 * HOUR_MS) });
  const lockFree = async () => (await withAdvisoryLock(otherDb(), syncConfig.lockName, async () => true)).ran;

  beforeAll(async () => {
    fake = await startFakeMaccms(30);
    t = await buildTestApp(kind, { ADMIN_TOKEN: testAdminToken });
    if (kind === 'postgres') other = await openDatabase({ databaseUrl: t.db.url });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
    await fake?.close();
  });

  it('answers 409 while a sync holds the lock elsewhere, fetching nothing; once it is released the import runs', async () => {
    const held = await withAdvisoryLock(otherDb(), syncConfig.lockName, () => post(fake.endpoint));
    expect(held.ran).toBe(true);
    const refused = held.ran ? held.value : null;
    expect(refused?.statusCode).toBe(409);
    expect(refused?.json()).toEqual({ error: { code: 'IMPORT_RUNNING', message: importLockHeld, retryable: true } });
    expect(fake.requests).toEqual([]);

    const res = await post(fake.endpoint);
    expect(res.statusCode).toBe(200);
    expect(lastLine(res.body).summary).toMatchObject({ videos: { inserted: 30 }, errors: [] });
  });

  it('holds the lock for the whole import: another process\'s round skips while it runs, and the lock is free after', async () => {
    const slow = await startFakeMaccms(5);
    slow.latencyMs = 1_500;
    try {
      const importing = post(slow.endpoint);
      const until = Date.now() + 10_000;
      while (slow.requests.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(slow.requests.length).toBeGreaterThan(0);
      expect(await otherRound()).toBeNull();
      expect(lastLine((await importing).body).summary.errors).toEqual([]);
      expect(await lockFree()).toBe(true);
    } finally {
      await slow.close();
    }
  }, 30_000);

  it.runIf(kind === 'postgres')('catalogue:import on another process exits 1 saying a sync holds the lock, and fetches nothing', async () => {
    const asked = fake.requests.length;
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'clipfeed-import-lock-')), DATABASE_URL: t.db.url ?? '', ALLOWED_PRIVATE_UPSTREAMS: new URL(fake.origin).host };
    const held = await withAdvisoryLock(otherDb(), syncConfig.lockName, () => runCommand('server/bin/catalogue-import.ts', [fake.endpoint, '--pages', '1'], env));
    const run = held.ran ? held.value : null;
    expect(run?.code).toBe(1);
    expect(run?.stderr).toContain(`import not started: ${importLockHeld}`);
    expect(fake.requests.length).toBe(asked);
  }, 60_000);
});
