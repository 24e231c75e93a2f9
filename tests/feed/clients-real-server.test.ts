// The page's catalogue and short-video clients against the real server
// (PGlite in memory, listening on a loopback port), with hostile catalogue
// rows: HTML in names, image URLs as play URLs, missing play URLs.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueClient } from '../../src/api/catalogue';
import { createShortVideoClient } from '../../src/api/short-videos';
import { PageLoader } from '../../src/feed/page-loader';
import { shortVideos } from '../../server/db/schema/short-videos';
import { upsertCategories, upsertVideos, type VideoInput } from '../../server/services/catalogue/index';
import { buildTestApp, type TestApp } from '../server/helpers/test-app';

let t: TestApp;
let base: string;
const ids: Record<string, number> = {};

const row = (key: string, vodName: string, vodPlayUrl: string, hoursAgo: number, more: Partial<VideoInput> = {}): VideoInput => ({
  sourceKey: `t:${key}`, vodName, typeId: 2, vodPlayUrl, vodTime: new Date(Date.UTC(2025, 0, 10) - hoursAgo * 3_600_000), ...more,
});

beforeAll(async () => {
  t = await buildTestApp('pglite');
  await upsertCategories(t.app.db, [
    { typeId: 2, typePid: 0, typeName: '科技', typeSort: 1 },
    { typeId: 3, typePid: 0, typeName: '<i>Arte</i>', typeSort: 2 },
    { typeId: 4, typePid: 0, typeName: 'Hidden', typeStatus: 0 },
  ]);
  const rows = [
    row('html', '<img src=x onerror=alert(1)>Cidade &amp; Mar', 'HD$https://cdn.example.com/1/index.m3u8', 1, { vodNamePt: '<b>Cidade</b> em PT' }),
    row('image', 'Poster only', 'HD$https://cdn.example.com/2/cover.jpg', 2),
    row('none', 'No play url', '', 3),
    ...Array.from({ length: 22 }, (_, i) => row(`f${i}`, `Filler ${i}`, `L$https://cdn.example.com/f${i}/index.m3u8`, 10 + i, { typeId: i % 2 === 0 ? 2 : 3 })),
  ];
  for (const r of rows) await upsertVideos(t.app.db, [r]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const all = (await (await fetch(`${base}/api.php/provide/vod/?ac=list&pagesize=100`)).json()) as { list: { vod_id: number; vod_name: string }[] };
  for (const v of all.list) ids[v.vod_name] = v.vod_id;
  await t.app.db.insert(shortVideos).values([
    { originalId: ids['Filler 0'], title: 'clip A', sourceUrl: 'https://cdn.example.com/f0/index.m3u8', playlist: '#EXTM3U', startSec: 0, endSec: 40 },
    { originalId: ids['Filler 1'], title: 'clip B', sourceUrl: 'https://cdn.example.com/f1/index.m3u8', playlist: '#EXTM3U', startSec: 0, endSec: 40 },
    { originalId: ids['Filler 2'], title: 'clip C', sourceUrl: 'https://cdn.example.com/f2/index.m3u8', playlist: '#EXTM3U', startSec: 0, endSec: 40 },
  ]);
});
afterAll(async () => t?.close());

describe('catalogue client on the real server', () => {
  it('lists a page (limit, lang) and reads details with play URLs', async () => {
    const client = createCatalogueClient({ baseUrl: base });
    const page = await client.list({ page: 1, limit: 10, lang: 'pt' });
    if (!page.ok) throw new Error(page.error.message);
    expect(page.value).toMatchObject({ page: 1, pagecount: 3, total: 25, limit: 10 });
    expect(page.value.list[0].vod_name).toBe('<b>Cidade</b> em PT');
    expect(page.value.list[0].vod_play_url).toBe('');
    const detail = await client.detail([page.value.list[0].vod_id, page.value.list[1].vod_id], { lang: 'pt' });
    if (!detail.ok) throw new Error(detail.error.message);
    expect(detail.value.map((v) => v.vod_play_url)).toEqual(['HD$https://cdn.example.com/1/index.m3u8', 'HD$https://cdn.example.com/2/cover.jpg']);
    const byType = await client.list({ lang: 'pt', page: 1, typeId: 3 });
    expect(byType.ok && byType.value.total).toBe(11);
  });

  it('reads categories (enabled only, by type_id) and fails with the list key on a bad request', async () => {
    const client = createCatalogueClient({ baseUrl: base });
    const cats = await client.categories();
    expect(cats.ok && cats.value.map((c) => [c.type_id, c.type_name])).toEqual([[2, '科技'], [3, '<i>Arte</i>']]);
    const bad = await client.list({ lang: 'pt', page: 1, limit: 500 });
    // The client caps limit at 100, so even this asks a valid page.
    expect(bad.ok).toBe(true);
    const down = await createCatalogueClient({ baseUrl: 'http://127.0.0.1:9' }).detail([1], { lang: 'pt' });
    expect(down.ok).toBe(false);
    if (!down.ok) expect(down.error).toMatchObject({ code: 'NETWORK', key: 'feed:errors.detailFailed', retryable: true });
  });

  it('the page loader turns the real catalogue into text-only, playable feed items', async () => {
    const loader = new PageLoader({ catalogue: createCatalogueClient({ baseUrl: base }), now: () => Date.now(), lang: 'pt' });
    const r = await loader.loadBatch();
    if (!r.ok) throw new Error('batch failed');
    expect(r.items).toHaveLength(10);
    expect(r.items[0]).toMatchObject({ vod_id: ids['<img src=x onerror=alert(1)>Cidade &amp; Mar'], title: 'Cidade em PT', url: 'https://cdn.example.com/1/index.m3u8' });
    const kept = r.items.map((i) => i.vod_id);
    expect(kept).not.toContain(ids['Poster only']);
    expect(kept).not.toContain(ids['No play url']);
    expect(r.items.every((i) => /^https:\/\/.*\.m3u8$/.test(i.url))).toBe(true);
  });
});

describe('catalogue client on a hostile MacCMS source', () => {
  let server: Server;
  let origin: string;
  let answer: unknown;
  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('accepts numbers as strings, drops items without a usable id, and reports code 0 as a failure', async () => {
    answer = { code: '1', msg: 'ok', page: '2', pagecount: '7', limit: '20', total: '130', list: [{ vod_id: '15', vod_name: 123, type_id: '6' }, { vod_id: 'abc' }, { vod_id: -1 }, null, 'x'] };
    const client = createCatalogueClient({ baseUrl: origin });
    const page = await client.list({ lang: 'pt', page: 2 });
    if (!page.ok) throw new Error(page.error.message);
    expect(page.value).toMatchObject({ page: 2, pagecount: 7, total: 130, limit: 20 });
    expect(page.value.list).toHaveLength(1);
    expect(page.value.list[0]).toMatchObject({ vod_id: 15, vod_name: '123', type_id: 6, vod_play_url: '' });
    answer = { code: 0, msg: '数据库错误', list: [] };
    const failed = await client.list({ lang: 'pt', page: 1 });
    expect(failed).toMatchObject({ ok: false, error: { code: 'API', apiCode: 0, message: '数据库错误', key: 'feed:errors.listFailed' } });
    answer = { code: 1, msg: 'ok', list: [{ type_id: '9', type_name: 'Série', type_mid: '1' }, { type_id: 10, type_name: 'Artigos', type_mid: 2 }, { type_id: 0, type_name: 'zero' }] };
    const cats = await client.categories();
    expect(cats.ok && cats.value.map((c) => c.type_id)).toEqual([9]);
    answer = '<html>not json</html>';
    expect((await client.detail([1], { lang: 'pt' })).ok).toBe(false);
  });
});

describe('short-video client on the real server', () => {
  it('lists, gets, resolves playlist URLs against the service origin, and finds clips by video id with the cache', async () => {
    const client = createShortVideoClient({ baseUrl: base, random: () => 0.99 });
    const list = await client.list({ pageSize: 2 });
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value).toMatchObject({ total: 3, total_pages: 2, page: 1, page_size: 2 });
    expect(list.value.data[0].m3u8_url).toMatch(new RegExp(`^${base}/api/v2/short-videos/\\d+/index\\.m3u8$`));
    const one = await client.get(list.value.data[0].id);
    expect(one.ok && one.value.title).toBe(list.value.data[0].title);
    expect((await client.get(99_999)).ok).toBe(false);
    const random = await client.randomClip();
    expect(['clip A', 'clip B', 'clip C']).toContain(random.ok && random.value?.title);
    const pageOne = await createShortVideoClient({ baseUrl: base, random: () => 0 }).randomClip();
    const firstOfList = await client.list({ pageSize: 1 });
    expect(pageOne.ok && pageOne.value?.id).toBe(firstOfList.ok && firstOfList.value.data[0].id);
    const clip = await client.clipForVideo(String(ids['Filler 1']));
    expect(clip.ok && clip.value?.title).toBe('clip B');
    expect(client.cache.get(ids['Filler 1'])?.title).toBe('clip B');
    expect(await client.clipForVideo('12abc')).toEqual({ ok: true, value: null });
    expect(await client.clipForVideo(0)).toEqual({ ok: true, value: null });
    const none = await client.clipForVideo(ids['Filler 5']);
    expect(none).toEqual({ ok: true, value: null });
    expect(client.cache.has(ids['Filler 5'])).toBe(true);
    const played = await client.recordPlay(list.value.data[0].id, { user_agent: 'test' });
    expect(played).toEqual({ ok: true, value: { play_count: 1 } });
  });

  it('preloads clips in groups of 3 with a 100 ms pause between groups', async () => {
    const pauses: number[] = [];
    const client = createShortVideoClient({ baseUrl: base, sleep: async (ms) => void pauses.push(ms) });
    await client.preloadClips([ids['Filler 0'], ids['Filler 1'], ids['Filler 2'], ids['Filler 3'], 'bad', ids['Filler 4']]);
    expect(pauses).toEqual([100]);
    expect(client.cache.size).toBe(5);
    expect(client.cache.get(ids['Filler 2'])?.title).toBe('clip C');
  });
});
