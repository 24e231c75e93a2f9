// Issue 18 through importCatalogue: the whole source by default, a page count
// that grows mid-import, duplicates across pages, 429 with Retry-After, local
// counters kept, videos gone upstream hidden (and back when seen again), the
// incremental sync's h=, and the operator's category map.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { categories, videos } from '../../server/db/schema/catalogue';
import { catalogueRuns, catalogueSources } from '../../server/db/schema/catalogue-sync';
import { createUpstreamPolicy } from '../../server/net/upstream-policy';
import { upsertCategories } from '../../server/services/catalogue/index';
import { loadCategoryMap, parseCategoryMap } from '../../server/services/catalogue/import/category-map-file';
import { retryDelay } from '../../server/services/catalogue/import/fetch-upstream';
import { importCatalogue } from '../../server/services/catalogue/import/index';
import { retryAfterMs } from '../../server/services/catalogue/import/retry-after';
import type { ImportOptions } from '../../server/services/catalogue/import/run';
import { fakeVideo, startFakeMaccms, type FakeMaccms } from './helpers/fake-maccms';
import { emptyCatalogueApp } from './helpers/catalogue-test-app';
import { databaseKinds } from './helpers/test-app';

const fast: ImportOptions = { network: createUpstreamPolicy({ allowedPrivateUpstreams: ['127.0.0.1'] }), policy: { timeoutMs: 2_000, retries: 2, retryDelayMs: 0 }, requestsPerSecond: 0 };

describe('retry pauses', () => {
  it('reads Retry-After as seconds or an HTTP date, and ignores anything else', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });

  it('backs off exponentially, prefers the source\'s Retry-After, and caps both', () => {
    const p = { retryDelayMs: 500, maxRetryDelayMs: 10_000 };
    expect([1, 2, 3, 4].map((n) => retryDelay(n, p))).toEqual([500, 1000, 2000, 4000]);
    expect(retryDelay(6, p)).toBe(10_000);
    expect(retryDelay(1, p, 3000)).toBe(3000);
    expect(retryDelay(1, p, 3_600_000)).toBe(10_000);
  });
});

describe('the category map file', () => {
  it('names the bad field, and reads a good file per host', () => {
    const bad = parseCategoryMap('{"a.example.com": {"6": "one"}}', 'category-map.json');
    expect(bad).toMatchObject({ ok: false, message: expect.stringContaining('a.example.com.6') });
    expect(parseCategoryMap('{"a.example.com": {"x": 1}}', 'f').ok).toBe(false);
    expect(parseCategoryMap('not json', 'f').ok).toBe(false);
    const good = parseCategoryMap('{"A.example.com:8080": {"6": 1}}', 'f');
    expect(good.ok && good.map.get('a.example.com:8080')?.get(6)).toBe(1);
    expect(loadCategoryMap(mkdtempSync(path.join(tmpdir(), 'clipfeed-map-')))).toEqual({ ok: true, map: new Map() });
  });
});

describe.each(databaseKinds)('whole-source import and sync on %s', (kind) => {
  const t = emptyCatalogueApp(kind);
  let fake: FakeMaccms;

  beforeEach(async () => {
    fake = await startFakeMaccms(200);
  });
  afterEach(async () => fake?.close());

  const run = (more: Partial<ImportOptions> = {}) => importCatalogue(t.app.db, new URL(fake.endpoint), { ...fast, ...more });
  const row = async (upstreamId: number) => (await t.app.db.select().from(videos).where(eq(videos.sourceKey, `${fake.host}:${upstreamId}`)))[0];
  const visible = async () => (await t.app.db.select({ n: count() }).from(videos).where(isNull(videos.goneAt)))[0].n;
  const pageRequests = () => fake.requests.filter((r) => r.includes('ac=videolist')).map((r) => Number(new URL(r, 'http://x').searchParams.get('pg')));

  it('imports every page by default, a few at a time, each page once', async () => {
    let inFlight = 0;
    let most = 0;
    fake.latencyMs = 30;
    fake.beforePage = () => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => inFlight--, 25);
    };
    const summary = await run({ concurrency: 3 });
    expect(summary.errors).toEqual([]);
    expect(summary.pages).toEqual({ imported: 10, failed: 0, available: 10 });
    expect(summary.videos).toEqual({ inserted: 200, updated: 0 });
    expect(pageRequests().sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(3);
    // --pages is a limit.
    await t.app.db.delete(videos);
    const limited = await run({ pages: 2 });
    expect(limited.pages.imported).toBe(2);
  });

  it('follows a page count that grows mid-import, and counts a video moved onto a later page once (as an update)', async () => {
    fake.videos.splice(100);
    fake.beforePage = (pg) => {
      if (pg !== 3 || fake.videos.length > 100) return;
      // 40 more videos arrive at the end, and video 1 is pushed down onto page 2 as well: a duplicate across pages.
      fake.videos.push(...Array.from({ length: 40 }, (_, i) => fakeVideo(301 + i)));
      fake.videos.splice(25, 0, fake.videos[0]);
    };
    const summary = await run({ concurrency: 1 });
    expect(summary.errors).toEqual([]);
    expect(summary.pages.available).toBe(8);
    expect(pageRequests()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await visible()).toBe(140);
    expect(summary.videos.inserted).toBe(140);
    expect(summary.videos.updated).toBeGreaterThanOrEqual(1);
  });

  it('waits as a 429 answer\'s Retry-After says, then goes on', async () => {
    fake.videos.splice(20);
    fake.throttle = { count: 2, retryAfter: '1' };
    const started = Date.now();
    const summary = await run({ policy: { timeoutMs: 2_000, retries: 3, retryDelayMs: 0 } });
    // The probe takes the first 429 (never retried: the list path follows), the list page the second, waits 1 s, and succeeds.
    expect(summary.errors).toEqual([]);
    expect(summary.videos.inserted).toBe(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it('never resets vod_hits or local titles on a re-import', async () => {
    fake.videos.splice(20);
    await run();
    const first = await row(1001);
    await t.app.db.update(videos).set({ vodHits: 777, vodNamePt: 'Exemplo 1' }).where(eq(videos.vodId, first.vodId));
    fake.videos[0] = { ...fake.videos[0], vod_hits: '5', vod_remarks: '完结' };
    await run();
    expect(await row(1001)).toMatchObject({ vodId: first.vodId, vodHits: 777, vodNamePt: 'Exemplo 1', vodRemarks: '完结', upstreamId: 1001 });
  });

  it('hides videos gone from the source after a whole import, everywhere the public looks, and shows them again when they return', async () => {
    fake.videos.splice(40);
    await run();
    const removed = fake.videos.splice(5, 1)[0];
    const gone = await row(Number(removed.vod_id));
    const summary = await run();
    expect(summary.gone).toBe(1);
    expect((await row(Number(removed.vod_id))).goneAt).toBeInstanceOf(Date);
    expect(await t.app.db.select({ n: count() }).from(videos)).toEqual([{ n: 40 }]);

    const list = await t.app.inject({ method: 'GET', url: '/api.php/provide/vod/?ac=detail&pagesize=100' });
    expect(list.json().total).toBe(39);
    const byId = await t.app.inject({ method: 'GET', url: `/api.php/provide/vod/?ac=detail&ids=${gone.vodId}` });
    expect(byId.json().list).toEqual([]);
    const search = await t.app.inject({ method: 'GET', url: `/api.php/provide/vod/?ac=list&wd=${encodeURIComponent(removed.vod_name)}` });
    expect(search.json().list).toEqual([]);

    // A limited import says nothing about what is gone.
    fake.videos.splice(30);
    expect((await run({ pages: 1 })).gone).toBe(0);
    fake.videos.splice(5, 0, removed);
    await run({ pages: 1 });
    expect((await row(Number(removed.vod_id))).goneAt).toBeNull();
    expect(await visible()).toBe(40);
  });

  it('syncs with h= counted from the last good import, rounded up, with a margin', async () => {
    fake.videos.splice(20);
    const t0 = new Date();
    await run({ now: () => t0 });
    fake.requests.length = 0;
    const later = new Date(t0.getTime() + 2.5 * 3_600_000);
    const summary = await run({ sinceLast: true, now: () => later });
    expect(summary.run).toMatchObject({ kind: 'since', hours: 4 });
    expect(fake.requests.every((r) => new URL(r, 'http://x').searchParams.get('h') === '4')).toBe(true);
    // The fake's videos are from 2024: none changed in 4 hours, and a sync never marks videos gone.
    expect(summary.videos).toEqual({ inserted: 0, updated: 0 });
    expect(summary.gone).toBe(0);
    expect(await visible()).toBe(20);
    const runs = await t.app.db.select().from(catalogueRuns).orderBy(catalogueRuns.runId);
    expect(runs.map((r) => [r.kind, r.status])).toEqual([
      ['full', 'done'],
      ['since', 'done'],
    ]);
    const [source] = await t.app.db.select().from(catalogueSources);
    expect(source.lastSyncAt).toEqual(later);
  });

  it('puts mapped upstream categories\' videos into ours, without creating them', async () => {
    fake.videos.splice(20);
    await upsertCategories(t.app.db, [{ typeId: 50, typePid: 0, typeName: 'Ação' }]);
    const dir = mkdtempSync(path.join(tmpdir(), 'clipfeed-map-'));
    writeFileSync(path.join(dir, 'category-map.json'), JSON.stringify({ [fake.host]: { '6': 50 } }));
    const map = loadCategoryMap(dir);
    if (!map.ok) throw new Error(map.message);
    await run({ categoryMap: map.map });
    expect(await row(1001)).toMatchObject({ typeId: 50 });
    expect(await row(1002)).toMatchObject({ typeId: 13 });
    const ids = (await t.app.db.select({ id: categories.typeId }).from(categories)).map((c) => c.id).sort((a, b) => a - b);
    expect(ids).toEqual([1, 2, 13, 50]);
    // A map naming a category we do not have stops the import before it fetches.
    fake.requests.length = 0;
    const bad = await run({ categoryMap: new Map([[fake.host, new Map([[6, 999]])]]) });
    expect(bad.errors[0]).toMatch(/category map: .* 6 -> 999: no such local category/);
    expect(fake.requests).toEqual([]);
  });
});
