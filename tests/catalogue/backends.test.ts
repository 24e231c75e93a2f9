// The browsing pages' catalogue service on both backends, against the real
// server (the page's fetch is routed into the Fastify app): the MacCMS
// answers and the v2 endpoints (useAlternativeEndpoint) give the same
// categories, category pages, searches, details and hot videos; the v2 calls
// always carry lang and need no detail round trip; the switch follows the
// flag per call. Also recommended (5 categories x 6, shuffled) and the
// suggestions through the real endpoint.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCatalogueClient } from '../../src/api/catalogue';
import { createSwitchingCatalogueClient } from '../../src/api/catalogue-backend';
import { createCatalogueV2Client } from '../../src/api/catalogue-v2';
import { createCatalogueService, type CatalogueService } from '../../src/discover/catalogue/service';
import { upsertCategories, upsertVideos, type VideoInput } from '../../server/services/catalogue/index';
import { buildTestApp, type TestApp } from '../server/helpers/test-app';

const HOUR = 3_600_000;
let t: TestApp;
const requests: URL[] = [];

async function routedFetch(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://app.test');
  requests.push(url);
  const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  return new Response(res.body, { status: res.statusCode, statusText: res.statusMessage, headers: { 'content-type': 'application/json' } });
}

beforeAll(async () => {
  t = await buildTestApp('pglite');
  const now = Date.now();
  await upsertCategories(t.app.db, Array.from({ length: 7 }, (_, i) => ({ typeId: i + 1, typePid: 0, typeName: `Cat ${i + 1}` })));
  const rows: VideoInput[] = [];
  for (let c = 1; c <= 7; c++) {
    for (let i = 0; i < 8; i++) {
      rows.push({
        sourceKey: `b:${c}-${i}`,
        typeId: c,
        vodName: `电影 ${c}-${i}`,
        vodNamePt: `Filme ${c}-${i}`,
        vodPic: `https://img.test/${c}-${i}.jpg`,
        vodPlayUrl: `HD$https://cdn.test/${c}-${i}/index.m3u8`,
        vodContent: `Enredo ${c}-${i}`,
        // Two videos updated in the last day; the rest days ago.
        vodTime: new Date(now - (c === 1 && i < 2 ? HOUR * (i + 1) : (30 + c * 10 + i) * HOUR)),
      });
    }
  }
  await upsertVideos(t.app.db, rows);
  vi.stubGlobal('fetch', routedFetch);
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await t.close();
});

function service(useAlternative: () => boolean, random = () => 0.5): CatalogueService {
  const client = createSwitchingCatalogueClient({
    maccms: createCatalogueClient({ baseUrl: '' }),
    alternative: createCatalogueV2Client({ baseUrl: '', language: () => 'pt' }),
    useAlternative,
  });
  return createCatalogueService({ client, language: () => 'pt-BR', random });
}

const ids = (videos: readonly { vod_id: number }[]) => videos.map((v) => v.vod_id);

describe('the two backends', () => {
  it('answer the same for categories, category pages, search, detail and hot', async () => {
    const maccms = service(() => false);
    const v2 = service(() => true);
    const both = async <T>(op: (s: CatalogueService) => Promise<T>) => [await op(maccms), await op(v2)] as const;

    const [c1, c2] = await both((s) => s.loadCategories());
    expect(c1.ok && c2.ok).toBe(true);
    if (!c1.ok || !c2.ok) return;
    expect(c2.value.map((c) => c.type_name)).toEqual(c1.value.map((c) => c.type_name));

    const [p1, p2] = await both((s) => s.loadCategoryVideos(3, 1, 6));
    if (!p1.ok || !p2.ok) throw new Error('category page failed');
    expect(ids(p2.value.videos)).toEqual(ids(p1.value.videos));
    expect(p2.value.videos.map((v) => v.vod_name)).toEqual(p1.value.videos.map((v) => v.vod_name));
    expect({ total: p2.value.total, pagecount: p2.value.pagecount }).toEqual({ total: p1.value.total, pagecount: p1.value.pagecount });

    requests.length = 0;
    const [s1, s2] = await both((s) => s.searchVideos('Filme 4-'));
    if (!s1.ok || !s2.ok) throw new Error('search failed');
    expect(ids(s2.value.videos)).toEqual(ids(s1.value.videos));
    expect(s2.value.videos.map((v) => v.vod_play_url)).toEqual(s1.value.videos.map((v) => v.vod_play_url));
    // MacCMS: list, then ac=detail for the ids; v2: one call, complete items.
    expect(requests.filter((u) => u.pathname.startsWith('/api.php')).map((u) => u.searchParams.get('ac'))).toEqual(['list', 'detail']);
    expect(requests.filter((u) => u.pathname.startsWith('/api/v2')).map((u) => u.pathname)).toEqual(['/api/v2/search']);

    const id = s1.value.videos[0].vod_id;
    const [d1, d2] = await both((s) => s.loadVideoDetail(id));
    expect(d2).toEqual(d1);

    const [h1, h2] = await both((s) => s.loadHotVideos());
    if (!h1.ok || !h2.ok) throw new Error('hot failed');
    expect(h1.value.map((v) => v.vod_name_pt || v.vod_name)).toEqual(['Filme 1-0', 'Filme 1-1']);
    expect(ids(h2.value)).toEqual(ids(h1.value));
  });

  it('the hot call is h=24 with limit 20 and lang; every v2 call carries lang', async () => {
    requests.length = 0;
    await service(() => false).loadHotVideos();
    const hot = requests.find((u) => u.searchParams.get('h') === '24');
    expect(hot && Object.fromEntries(hot.searchParams)).toMatchObject({ ac: 'list', h: '24', limit: '20', lang: 'pt', pg: '1' });

    requests.length = 0;
    const v2 = service(() => true);
    await v2.loadAllCategories();
    await v2.loadCategoryVideos(2, 1, 6);
    await v2.searchVideos('Filme');
    await v2.loadVideoDetail(3);
    expect(requests.length).toBe(4);
    expect(requests.every((u) => u.pathname.startsWith('/api/v2/') && u.searchParams.get('lang') === 'pt')).toBe(true);
  });

  it('follows the flag per call', async () => {
    let alternative = false;
    const s = service(() => alternative);
    requests.length = 0;
    await s.loadCategoryVideos(5, 1, 6);
    alternative = true;
    await s.loadCategoryVideos(6, 1, 6);
    expect(requests.map((u) => u.pathname)).toEqual(['/api.php/provide/vod/', '/api/v2/videos']);
  });

  it('a missing video is "not found" on both', async () => {
    for (const s of [service(() => false), service(() => true)]) {
      const r = await s.loadVideoDetail(99_999);
      expect(r).toEqual({ ok: true, value: 'not-found' });
    }
  });
});

describe('recommended', () => {
  it('is the first 5 categories x 6, each once, shuffled by the random source', async () => {
    const a = await service(() => false, () => 0.1).loadRecommended();
    const b = await service(() => false, () => 0.9).loadRecommended();
    if (!a.ok || !b.ok) throw new Error('recommended failed');
    expect(a.value).toHaveLength(30);
    expect(new Set(a.value.map((v) => v.type_id))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(ids(a.value)).size).toBe(30);
    expect(new Set(ids(b.value))).toEqual(new Set(ids(a.value)));
    expect(ids(b.value)).not.toEqual(ids(a.value));
    // Not the categories' order: a shuffle.
    const inOrder = [...a.value].sort((x, y) => (x.type_id ?? 0) - (y.type_id ?? 0));
    expect(ids(a.value)).not.toEqual(ids(inOrder));
  });
});

describe('suggestions through the real endpoint', () => {
  it('titles in the visitor language for a prefix; cached for a minute', async () => {
    const s = service(() => false);
    requests.length = 0;
    const r = await s.loadSuggestions('filme 3-');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.map((i) => i.name)).toEqual(Array.from({ length: 8 }, (_, i) => `Filme 3-${i}`));
    const call = requests[0];
    expect(call.pathname).toBe('/index.php/ajax/suggest');
    expect(Object.fromEntries(call.searchParams)).toMatchObject({ mid: '1', wd: 'filme 3-', limit: '10', lang: 'pt' });
    expect(call.searchParams.get('timestamp')).toMatch(/^\d+$/);
    await s.loadSuggestions('filme 3-');
    expect(requests).toHaveLength(1);
    expect(await s.loadSuggestions('   ')).toEqual({ ok: true, value: [] });
    expect(requests).toHaveLength(1);
  });
});
