// The status route behind the operator credential, the scheduler's round
// (only sources due, one process at a time through the advisory lock),
// SYNC_EVERY / the category map checked at start, and SYNC_EVERY firing on a
// live server: a source imported through the operator route is synced by
// itself, and a server closing during that sync stops it (the run closed as
// interrupted, nothing fetched after).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { catalogueRuns, RunKind } from '../../server/db/schema/catalogue-sync';
import { createUpstreamPolicy } from '../../server/net/upstream-policy';
import { importCatalogue, operatorImportPath } from '../../server/services/catalogue/import/index';
import { checkEveryMs } from '../../server/services/catalogue/sync/config';
import { withAdvisoryLock } from '../../server/services/catalogue/sync/lock';
import { syncDueSources } from '../../server/services/catalogue/sync/scheduler';
import { operatorStatusPath } from '../../server/services/catalogue/sync/index';
import { asOperator, testAdminToken } from './helpers/admin';
import { startFakeMaccms, type FakeMaccms } from './helpers/fake-maccms';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

const network = createUpstreamPolicy({ allowedPrivateUpstreams: ['127.0.0.1'] });

describe('SYNC_EVERY', () => {
  it('is off by default and takes a period', () => {
    const off = loadConfig({});
    expect(off.ok && off.config.syncEveryMs).toBeUndefined();
    const six = loadConfig({ SYNC_EVERY: '6h' });
    expect(six.ok && six.config.syncEveryMs).toBe(6 * 3_600_000);
    const bad = loadConfig({ SYNC_EVERY: 'often' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toContain('SYNC_EVERY');
    expect(loadConfig({ SYNC_EVERY: '4s' }).ok).toBe(false);
    expect(loadConfig({ SYNC_EVERY: '31d' }).ok).toBe(false);
  });

  it('is looked at a tenth of the period, once a second to once a minute', () => {
    expect(checkEveryMs(5_000)).toBe(1_000);
    expect(checkEveryMs(30_000)).toBe(3_000);
    expect(checkEveryMs(6 * 3_600_000)).toBe(60_000);
  });
});

describe.each(databaseKinds)('catalogue status and scheduled sync on %s', (kind) => {
  let t: TestApp;
  let fake: FakeMaccms;

  beforeAll(async () => {
    fake = await startFakeMaccms(30);
    t = await buildTestApp(kind, { ADMIN_TOKEN: testAdminToken });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('refuses the status without the operator token (401, never 500)', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: `Bearer ${testAdminToken}x` }]) {
      const res = await t.app.inject({ method: 'GET', url: operatorStatusPath, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('syncs only sources due, one process at a time, and shows each source\'s last run', async () => {
    const t0 = new Date();
    await importCatalogue(t.app.db, new URL(fake.endpoint), { network, requestsPerSecond: 0, now: () => t0 });
    const round = (at: Date) => syncDueSources(t.app.db, { everyMs: 3_600_000, network, categoryMap: new Map(), log: () => undefined, now: () => at });

    expect(await round(new Date(t0.getTime() + 60_000))).toEqual([]);
    // While another holder has the lock (another process), the round does nothing.
    const blocked = await withAdvisoryLock(t.app.db, 'catalogue-sync', () => round(new Date(t0.getTime() + 2 * 3_600_000)));
    expect(blocked).toEqual({ ran: true, value: null });
    expect(await round(new Date(t0.getTime() + 2 * 3_600_000))).toEqual([fake.host]);
    const runs = await t.app.db.select().from(catalogueRuns).orderBy(catalogueRuns.runId);
    expect(runs.map((r) => [r.kind, r.status, r.hours])).toEqual([
      ['full', 'done', null],
      ['since', 'done', 3],
    ]);

    const res = await t.app.inject({ method: 'GET', url: operatorStatusPath, headers: asOperator });
    expect(res.statusCode).toBe(200);
    expect(res.json().sources).toEqual([
      expect.objectContaining({ host: fake.host, endpoint: fake.endpoint, videos: { shown: 30, gone: 0 }, lastRun: expect.objectContaining({ kind: 'since', status: 'done', hours: 3, errors: [] }) }),
    ]);
  });

  it('leaves a due source to a later look while an import holds the process\'s slot, and takes the slot per source synced', async () => {
    const t0 = new Date(Date.now() + 10 * 3_600_000);
    const taken: string[] = [];
    const released: string[] = [];
    const busy = await syncDueSources(t.app.db, { everyMs: 3_600_000, claim: () => ({ ok: false }), network, categoryMap: new Map(), log: () => undefined, now: () => t0 });
    expect(busy).toEqual([]);
    const before = await t.app.db.select().from(catalogueRuns);
    const claim = (source: string) => {
      taken.push(source);
      return { ok: true as const, release: () => released.push(source) };
    };
    expect(await syncDueSources(t.app.db, { everyMs: 3_600_000, claim, network, categoryMap: new Map(), log: () => undefined, now: () => t0 })).toEqual([fake.host]);
    expect([taken, released]).toEqual([[fake.host], [fake.host]]);
    expect(await t.app.db.select().from(catalogueRuns)).toHaveLength(before.length + 1);
    // Nothing due: the slot is not taken at all (an operator's import is never turned away by a look).
    expect(await syncDueSources(t.app.db, { everyMs: 3_600_000, claim, network, categoryMap: new Map(), log: () => undefined, now: () => t0 })).toEqual([]);
    expect(taken).toHaveLength(1);
  });

  it('refuses to start with a bad category map, naming the field', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clipfeed-badmap-'));
    writeFileSync(path.join(dir, 'category-map.json'), JSON.stringify({ 'a.example.com': { '6': 'films' } }));
    await expect(buildTestApp(kind, { DATA_DIR: dir })).rejects.toThrow(/a\.example\.com\.6/);
  });
});

describe.each(databaseKinds)('SYNC_EVERY on a live server on %s', (kind) => {
  const everyMs = 5_000;
  let t: TestApp;
  let fake: FakeMaccms;
  let closed = false;

  const runs = () => t.app.db.select().from(catalogueRuns).orderBy(catalogueRuns.runId);
  const sinceRuns = async () => (await runs()).filter((r) => r.kind === RunKind.since);
  /** Polls `read` until `ok` holds, at most `ms`. */
  async function waitFor<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (ok(v)) return v;
      if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    fake = await startFakeMaccms(30);
    t = await buildTestApp(kind, { ADMIN_TOKEN: testAdminToken, SYNC_EVERY: '5s' });
  });
  afterAll(async () => {
    if (!closed) await t?.app.close();
    await t?.db.drop();
    await fake?.close();
  });

  it('syncs a source imported once by itself, a period after the import, asking the source with h=', async () => {
    const res = await t.app.inject({ method: 'POST', url: operatorImportPath, payload: { url: fake.endpoint }, headers: asOperator });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"summary"');
    const [full] = await runs();
    expect(full).toMatchObject({ kind: RunKind.full, status: 'done' });
    const imported = fake.requests.length;
    expect(fake.requests.some((r) => /[?&]h=/.test(r))).toBe(false);

    // Nothing but the server's own timer asks for this run.
    const [since] = await waitFor('the scheduled sync', sinceRuns, (rs) => rs.some((r) => r.status !== 'running'), everyMs + 5_000);
    expect(since).toMatchObject({ kind: RunKind.since, status: 'done' });
    expect(since.hours).toBeGreaterThan(0);
    // Not before the source was due, and not long after (a check every second).
    const late = since.startedAt.getTime() - full.startedAt.getTime();
    expect(late).toBeGreaterThanOrEqual(everyMs);
    expect(late).toBeLessThan(everyMs + checkEveryMs(everyMs) + 2_000);
    const asked = fake.requests.slice(imported);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => r.includes(`h=${since.hours}`) || !/[?&]ac=(list|videolist)/.test(r))).toBe(true);
    expect(asked.some((r) => r.includes(`h=${since.hours}`))).toBe(true);
  }, 20_000);

  it('closing while a sync runs stops it: the run is closed as interrupted and nothing is fetched after close', async () => {
    const before = (await sinceRuns()).length;
    fake.latencyMs = 400;
    const running = await waitFor('the next sync to start', sinceRuns, (rs) => rs.length > before && rs[rs.length - 1].status === 'running', everyMs + 5_000);
    const run = running[running.length - 1];
    await t.app.close();
    closed = true;
    const [after] = await t.app.db.select().from(catalogueRuns).where(eq(catalogueRuns.runId, run.runId));
    expect(after).toMatchObject({ status: 'interrupted' });
    expect(after.errors).toMatch(/^interrupted: the server shut down before the run finished; the next sync asks again/);
    expect(after.finishedAt).not.toBeNull();
    const asked = fake.requests.length;
    await new Promise((r) => setTimeout(r, checkEveryMs(everyMs) * 2));
    expect(fake.requests.length).toBe(asked);
    expect((await sinceRuns()).length).toBe(before + 1);
  }, 20_000);
});
