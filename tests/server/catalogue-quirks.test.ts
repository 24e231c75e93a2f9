import { count, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema/catalogue';
import { createUpstreamPolicy } from '../../server/net/upstream-policy';
import { importCatalogue } from '../../server/services/catalogue/import/index';
import type { ImportOptions } from '../../server/services/catalogue/import/run';
import { videoRoutes } from '../../src/feed/play-address';
import { plotView } from '../../src/video/detail/plot';
import { itemPlayAddress } from '../../workers/core/play-url';
import { FakeCatalogue } from '../support/fake-maccms/catalogue';
import { startFakeSource, type FakeSource, type FakeSourceOptions } from '../support/fake-maccms/server';
import { emptyCatalogueApp } from './helpers/catalogue-test-app';
import { databaseKinds } from './helpers/test-app';

// Each MacCMS quirk of issue 18, imported through importCatalogue from the fake source on loopback
// (allowed as ALLOWED_PRIVATE_UPSTREAMS would allow it), checked on the stored rows and, where the
// app reads them, through the app's own catalogue API and pickers.
const fast: Omit<ImportOptions, 'pages'> = {
  network: createUpstreamPolicy({ allowedPrivateUpstreams: ['127.0.0.1'] }),
  policy: { timeoutMs: 3_000, retries: 2, retryDelayMs: 0 },
  requestsPerSecond: 0,
};

describe.each(databaseKinds)('MacCMS source quirks imported on %s', (kind) => {
  const t = emptyCatalogueApp(kind);
  const fakes: FakeSource[] = [];

  afterEach(async () => {
    await Promise.all(fakes.splice(0).map((f) => f.close()));
  });

  async function fake(options: FakeSourceOptions): Promise<FakeSource> {
    const f = await startFakeSource(options);
    fakes.push(f);
    return f;
  }
  const run = (f: FakeSource, more: Partial<ImportOptions> = {}, endpoint = f.endpoint) => importCatalogue(t.app.db, new URL(endpoint), { ...fast, ...more });
  const rowsOf = (f: FakeSource) => t.app.db.select().from(videos).where(like(videos.sourceKey, `${f.host}:%`));
  const storedIds = async (f: FakeSource) => new Set((await rowsOf(f)).map((r) => Number(r.sourceKey.slice(f.host.length + 1))));
  const row = async (f: FakeSource, serial: number) => (await rowsOf(f)).find((r) => r.sourceKey === `${f.host}:${FakeCatalogue.vodId(serial)}`);
  /** The video as our MacCMS API serves it (ac=detail), as the app and MacCMS clients read it. */
  async function served(localId: number): Promise<Record<string, unknown>> {
    const res = await t.app.inject({ method: 'GET', url: `/api.php/provide/vod/?ac=detail&ids=${localId}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { list: Record<string, unknown>[] }).list[0];
  }
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => FakeCatalogue.vodId(from + i));

  it('numbers sent as strings, in answers sent as text/html, are read as numbers', async () => {
    const f = await fake({ videos: 45, quirks: { numbersAsStrings: true } });
    f.settings.jsonType = 'text/html';
    const summary = await run(f);
    expect(summary.errors).toEqual([]);
    expect(summary.pages.available).toBe(3);
    expect((await t.app.db.select({ n: count() }).from(videos))[0].n).toBe(45);
    expect(await row(f, 1)).toMatchObject({ typeId: 6, vodName: '示例剧 1', vodHits: 1, vodTime: FakeCatalogue.time(1) });
    expect(await row(f, 44)).toMatchObject({ typeId: 13, vodHits: 44 });
    // The whole import read JSON: nothing was asked as XML.
    expect(f.log.entries.filter((e) => e.xml)).toEqual([]);
  });

  it('HTML in fields is stored reduced, and the app shows the plot as text', async () => {
    const f = await fake({ pages: 1, quirks: { htmlInFields: true } });
    expect((await run(f)).errors).toEqual([]);
    const stored = await row(f, 3);
    expect(stored).toMatchObject({ vodName: '示例剧 3', vodRemarks: '更新至2集', vodContent: '<p>简介&nbsp;3 &amp; 更多</p>链接' });
    const item = await served(stored!.vodId);
    expect(item.vod_content).toBe('<p>简介&nbsp;3 &amp; 更多</p>链接');
    expect(plotView(String(item.vod_content), true).text).toBe('简介 3 & 更多 链接');
  });

  it('$$$ sources whose first is a web-page player: every route is kept, the app plays the HLS one', async () => {
    const f = await fake({ pages: 1, quirks: { webRouteFirst: true } });
    expect((await run(f)).errors).toEqual([]);
    const stored = await row(f, 5);
    expect(stored?.vodPlayFrom).toBe('yyweb$$$xxm3u8');
    expect(stored?.vodPlayUrl.split('$$$')).toHaveLength(2);
    expect(stored?.vodPlayUrl).toContain('https://v.example.com/play/5-1.html');
    const item = await served(stored!.vodId);
    expect(itemPlayAddress(item)).toBe('https://cdn.example.com/v/5/1/index.m3u8');
    expect(videoRoutes(item.vod_play_url, item.vod_play_from).map((r) => [r.url, r.playFrom])).toEqual([
      ['https://cdn.example.com/v/5/1/index.m3u8', 'xxm3u8'],
      ['https://cdn.example.com/v/5/2/index.m3u8', 'xxm3u8'],
    ]);
  });

  it('a source that answers XML to everything imports the same videos as its JSON twin', async () => {
    const options: FakeSourceOptions = { videos: 45, quirks: { htmlInFields: true, webRouteFirst: true } };
    const json = await fake(options);
    const xml = await fake(options);
    xml.settings.xmlOnly = 'xml-always';
    expect((await run(json)).errors).toEqual([]);
    const summary = await run(xml);
    expect(summary.errors).toEqual([]);
    expect(summary.videos.inserted).toBe(45);
    const fields = (r: typeof videos.$inferSelect) => ({
      key: Number(r.sourceKey.split(':').pop()),
      ...Object.fromEntries((['typeId', 'vodName', 'vodTime', 'vodPic', 'vodLang', 'vodArea', 'vodYear', 'vodRemarks', 'vodActor', 'vodDirector', 'vodContent', 'vodPlayFrom', 'vodPlayUrl'] as const).map((k) => [k, r[k]])),
    });
    const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
    const fromXml = (await rowsOf(xml)).map(fields).sort(byKey);
    expect(fromXml).toHaveLength(45);
    expect(fromXml).toEqual((await rowsOf(json)).map(fields).sort(byKey));
  });

  it('a source that answers JSON requests with an error page imports when its URL asks at=xml', async () => {
    const f = await fake({ videos: 30 });
    f.settings.xmlOnly = 'error-for-json';
    const summary = await run(f, {}, `${f.endpoint}?at=xml`);
    expect(summary.errors).toEqual([]);
    expect(await storedIds(f)).toEqual(new Set(range(1, 30)));
    expect(f.log.entries.every((e) => e.xml)).toBe(true);
  });

  it('a source that answers JSON requests with an error page is read as XML without being told', async () => {
    const f = await fake({ videos: 30 });
    f.settings.xmlOnly = 'error-for-json';
    const summary = await run(f);
    expect(summary.errors).toEqual([]);
    expect(await storedIds(f)).toEqual(new Set(range(1, 30)));
    // Only the first probe asked JSON; every request after it asked XML.
    expect(f.log.entries.filter((e) => !e.xml)).toHaveLength(1);
  });

  it('the same video on two pages is stored once, and every video listed is stored', async () => {
    const f = await fake({ pages: 3 });
    f.settings.duplicateAcrossPages = true;
    const listed = new Set([1, 2, 3].flatMap((pg) => f.listPageIds(pg)));
    expect(listed.size).toBe(59);
    const summary = await run(f);
    expect(summary.errors).toEqual([]);
    expect(await storedIds(f)).toEqual(listed);
    expect((await t.app.db.select({ n: count() }).from(videos))[0].n).toBe(59);
  });

  it('a page count that grows mid-import: the import follows it, and no video the source had is missed', async () => {
    const f = await fake({ pages: 3 });
    // After the first page, 20 new videos arrive on top and push the others one page down.
    f.settings.change = { afterPageRequests: 1, prepend: 20 };
    const summary = await run(f);
    expect(summary.errors).toEqual([]);
    expect(summary.pages.available).toBe(4);
    expect(f.log.entries.some((e) => e.pg === 4 && e.ids === null)).toBe(true);
    const stored = await storedIds(f);
    for (const id of range(1, 60)) expect(stored.has(id), `video ${id}`).toBe(true);
  });

  it('a page count that shrinks mid-import: the pages past the new end are empty, not errors', async () => {
    const f = await fake({ pages: 4 });
    f.settings.change = { afterPageRequests: 1, remove: 30 };
    const summary = await run(f);
    expect(summary.errors).toEqual([]);
    expect(summary.pages.available).toBe(3);
    expect(f.log.entries.filter((e) => e.pg > 4)).toEqual([]);
    expect(await storedIds(f)).toEqual(new Set(range(31, 80)));
  });

  it('429 with Retry-After and 5xx answers are retried: Retry-After is waited, nothing is lost', async () => {
    const f = await fake({ pages: 3 });
    f.settings.faults = [
      { ac: 'detail', page: 2, status: 429, times: 1, retryAfter: '1' },
      { ac: 'detail', page: 3, status: 503, times: 2 },
    ];
    const summary = await run(f);
    expect(summary.errors).toEqual([]);
    expect(await storedIds(f)).toEqual(new Set(range(1, 60)));
    const second = f.pageFetches(2);
    expect(second.map((e) => e.status)).toEqual([429, 200]);
    // retryDelayMs is 0 here: only the source's Retry-After explains the pause.
    expect(second[1].at - second[0].at).toBeGreaterThanOrEqual(950);
    expect(f.pageFetches(3).map((e) => e.status)).toEqual([503, 503, 200]);
  });
});
