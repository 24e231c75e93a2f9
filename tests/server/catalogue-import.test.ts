import { count, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { categories, videos } from '../../server/db/schema/catalogue';
import { upsertCategories } from '../../server/services/catalogue/index';
import { createUpstreamPolicy } from '../../server/net/upstream-policy';
import { importCatalogue } from '../../server/services/catalogue/import/index';
import type { ImportOptions } from '../../server/services/catalogue/import/run';
import { startFakeMaccms, type FakeMaccms } from './helpers/fake-maccms';
import { emptyCatalogueApp } from './helpers/catalogue-test-app';
import { databaseKinds } from './helpers/test-app';

// The fake source listens on loopback: allowed as ALLOWED_PRIVATE_UPSTREAMS would allow it.
const fast: Omit<ImportOptions, 'pages'> = { network: createUpstreamPolicy({ allowedPrivateUpstreams: ['127.0.0.1'] }), policy: { timeoutMs: 2_000, retries: 2, retryDelayMs: 0 } };

describe.each(databaseKinds)('catalogue import on %s', (kind) => {
  const t = emptyCatalogueApp(kind);
  let fake: FakeMaccms;

  beforeEach(async () => {
    fake = await startFakeMaccms(45);
  });
  afterEach(async () => fake?.close());

  const run = (pages: number, more: Partial<ImportOptions> = {}, endpoint = fake.endpoint) => importCatalogue(t.app.db, new URL(endpoint), { ...fast, ...more, pages });
  const videoCount = async () => (await t.app.db.select({ n: count() }).from(videos))[0].n;
  const row = async (upstreamId: number) => (await t.app.db.select().from(videos).where(eq(videos.sourceKey, `${fake.host}:${upstreamId}`)))[0];
  /** Requests for page pg, by list or videolist. */
  const listRequests = (pg: number) => fake.requests.filter((r) => /ac=(video)?list/.test(r) && new URL(r, 'http://x').searchParams.get('pg') === String(pg)).length;

  it('attack: a NUL byte in one item (in a text column and in an extra field) no longer fails the whole page', async () => {
    fake.videos[0] = { ...fake.videos[0], vod_content: 'boa\u0000noite', vod_sub: '\u0000', vod_custom_field: 'x\u0000y' };
    const summary = await run(10);
    expect(summary.errors).toEqual([]);
    expect(summary.videos.inserted).toBe(45);
    const stored = await row(Number(fake.videos[0].vod_id));
    expect(stored.vodContent).toBe('boanoite');
    expect(JSON.stringify(stored.extra)).not.toContain('\\u0000');
  });

  it('imports the class categories and every page, reading numbers sent as strings from a text/html answer', async () => {
    const summary = await run(10);
    expect(summary).toEqual({
      source: fake.host,
      run: { id: expect.any(Number), kind: 'full', hours: null, resumedPages: 0 },
      pages: { imported: 3, failed: 0, available: 3 },
      categories: { inserted: 4, updated: 0 },
      videos: { inserted: 45, updated: 0 },
      gone: 0,
      skipped: [],
      errors: [],
    });
    // The page count from page 1 stops the loop: no request for pages 4..10.
    expect(listRequests(4)).toBe(0);
    // One request a page (videolist carries the details), and one list page for the class list.
    expect(fake.requests.filter((r) => r.includes('ac=detail'))).toHaveLength(0);
    expect(fake.requests.filter((r) => r.includes('ac=videolist'))).toHaveLength(3);
    expect(fake.requests.filter((r) => r.includes('ac=list'))).toHaveLength(1);
    expect(await videoCount()).toBe(45);

    const cats = await t.app.db.select().from(categories).orderBy(categories.typeId);
    expect(cats.map((c) => [c.typeId, c.typePid, c.typeName])).toEqual([
      [1, 0, '电影'],
      [2, 0, '连续剧'],
      [6, 1, '动作片'],
      [13, 2, '国产剧'],
    ]);

    const first = await row(1001);
    expect(first).toMatchObject({
      typeId: 6,
      vodName: '示例剧 1',
      vodHits: 5,
      vodPlayFrom: 'xxm3u8$$$yyyun',
      vodPlayUrl: '第01集$https://a.example.com/1/1/index.m3u8#第02集$https://a.example.com/1/2/index.m3u8$$$第01集$https://b.example.com/share/1',
      vodContent: '<p>简介&nbsp;文本 1</p>',
      vodTime: new Date('2024-05-01T04:00:00Z'),
    });
    expect(first.extra).toMatchObject({ type_id_1: '1', vod_score: '0.0', vod_douban_id: '0', vod_down_url: '' });
    expect(first.extra).not.toHaveProperty('vod_id');
    expect(first.extra).not.toHaveProperty('vod_name');

    // The imported video as the app reads it.
    const res = await t.app.inject({ method: 'GET', url: `/api.php/provide/vod/?ac=detail&ids=${first.vodId}` });
    expect(res.json().list[0]).toMatchObject({ vod_name: '示例剧 1', type_name: '动作片', vod_time: '2024-05-01 01:00:00' });
  });

  it('updates instead of duplicating when run again', async () => {
    await run(3);
    fake.videos[0] = { ...fake.videos[0], vod_name: '示例剧 1 (新)', vod_remarks: '完结' };
    fake.videos.unshift({ ...fake.videos[1], vod_id: '2000', vod_name: '新片' });
    const again = await run(3);
    expect(again.videos).toEqual({ inserted: 1, updated: 45 });
    expect(again.categories).toEqual({ inserted: 0, updated: 4 });
    expect(again.errors).toEqual([]);
    expect(await videoCount()).toBe(46);
    expect(await row(1001)).toMatchObject({ vodName: '示例剧 1 (新)', vodRemarks: '完结' });
    expect(await t.app.db.select({ n: count() }).from(categories)).toEqual([{ n: 4 }]);
  });

  it('reports a page answering 500 after retrying it, and saves the other pages', async () => {
    fake.failListPages.add(2);
    const summary = await run(3);
    expect(summary.pages).toEqual({ imported: 2, failed: 1, available: 3 });
    expect(summary.errors).toEqual(['page 2: HTTP 500 with an HTML page titled "系统发生错误" (3 attempts)']);
    expect(listRequests(2)).toBe(3);
    expect(summary.videos.inserted).toBe(25);
    expect(await row(1021)).toBeUndefined();
    expect(await row(1041)).toBeDefined();
  });

  it('writes nothing of a page when one of its detail batches fails (a source whose videolist has no play urls)', async () => {
    fake.videolist = 'noPlayUrl';
    fake.failDetailIds.add('1015');
    const summary = await run(3, { detailBatchSize: 10 });
    expect(summary.errors).toHaveLength(1);
    expect(summary.errors[0]).toMatch(/^page 1: details of 1011,.*,1020: HTTP 500/);
    // The first batch of page 1 (1001..1010) was fetched fine but is not saved either.
    expect(await row(1001)).toBeUndefined();
    expect(await t.app.db.select({ n: count() }).from(videos)).toEqual([{ n: 25 }]);
  });

  it('stops with a clear error on a plain-text "closed" refusal, without retrying or writing', async () => {
    const summary = await run(1, {}, `${fake.origin}/closed/api.php/provide/vod/`);
    expect(summary.errors).toEqual(['page 1: the source answered "closed" instead of JSON (the site has switched its MacCMS API off)']);
    expect(summary.pages).toEqual({ imported: 0, failed: 1, available: null });
    expect(fake.requests).toHaveLength(1);
    expect(await videoCount()).toBe(0);
    expect(await t.app.db.select({ n: count() }).from(categories)).toEqual([{ n: 0 }]);
  });

  it('names the title of an HTML error page sent with status 200', async () => {
    const summary = await run(1, {}, `${fake.origin}/broken/api.php/provide/vod/`);
    expect(summary.errors).toEqual(['page 1: the source answered an HTML page titled "系统发生错误" instead of JSON']);
  });

  it('gives up on a page that never answers after the time limit and two retries', async () => {
    fake.hangListPages.add(1);
    const started = Date.now();
    const summary = await run(2, { policy: { timeoutMs: 200, retries: 2, retryDelayMs: 0 } });
    expect(summary.errors).toEqual(['page 1: no answer within 0.2 s (3 attempts)']);
    expect(listRequests(1)).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    // Without an answer there is no page count: the import stops there (a re-run resumes) instead of walking into the unknown.
    expect(summary.pages).toEqual({ imported: 0, failed: 1, available: null });
    expect(listRequests(2)).toBe(0);
  });

  it('stops at a page past the end without an error', async () => {
    fake.videos.splice(20);
    const summary = await run(5);
    expect(summary.pages).toEqual({ imported: 1, failed: 0, available: 1 });
    expect(summary.errors).toEqual([]);
    expect(listRequests(2)).toBe(0);
  });

  it('renumbers a colliding upstream category, keeps free ids, and finds the renumbered one again on re-import', async () => {
    await upsertCategories(t.app.db, [{ typeId: 1, typePid: 0, typeName: 'Filmes', typeEn: 'movies' }]);
    await run(3);
    await run(3);
    const cats = await t.app.db.select().from(categories).orderBy(categories.typeId);
    // Upstream 1 电影 collides with the local 1 Filmes: the next id above every local and upstream id is 14.
    expect(cats.map((c) => [c.typeId, c.typePid, c.typeName])).toEqual([
      [1, 0, 'Filmes'],
      [2, 0, '连续剧'],
      [6, 14, '动作片'],
      [13, 2, '国产剧'],
      [14, 0, '电影'],
    ]);
    expect(cats[0].typeEn).toBe('movies');
    expect(await row(1001)).toMatchObject({ typeId: 6 });
    expect(await row(1002)).toMatchObject({ typeId: 13 });
  });

  it('makes categories from the videos when the source sends no class list', async () => {
    fake.withClass = false;
    const summary = await run(1);
    expect(summary.errors).toEqual([]);
    expect(summary.categories.inserted).toBe(2);
    const cats = await t.app.db.select().from(categories).orderBy(categories.typeId);
    expect(cats.map((c) => [c.typeId, c.typePid, c.typeName])).toEqual([
      [6, 0, '动作片'],
      [13, 0, '国产剧'],
    ]);
  });

  it('skips malformed items with a reason and keeps the rest of the page', async () => {
    fake.videos[3] = { ...fake.videos[3], vod_name: '' };
    const summary = await run(1);
    expect(summary.errors).toEqual([]);
    expect(summary.skipped).toEqual(['video 1004: vod_name: vod_name is empty']);
    expect(summary.videos.inserted).toBe(19);
    expect(await t.app.db.select({ n: count() }).from(videos).where(like(videos.sourceKey, `${fake.host}:%`))).toEqual([{ n: 19 }]);
  });
});
