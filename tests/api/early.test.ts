import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCatalogueClient } from '../../src/api/catalogue';
import { requestKey, takeEarly } from '../../src/api/early';
import { apiConfig } from '../../src/api/config';
import { fastCacheConfig } from '../../src/feed/config';
import { buildDefaultLanguage } from '../../src/i18n/build';
import { catalogueLanguage } from '../../src/i18n/video-title';
import { createCatalogueService } from '../../src/discover/catalogue/service';
import { catalogueServiceConfig } from '../../src/discover/catalogue/config';

const indexHtml = readFileSync(path.join(__dirname, '../../index.html'), 'utf8');

afterEach(() => {
  vi.unstubAllGlobals();
});

function inlineParams(name: string): Record<string, string> {
  const m = new RegExp(`var ${name} = (\\{[^}]*\\})`).exec(indexHtml);
  if (!m) throw new Error(`index.html has no ${name}`);
  return Function(`return (${m[1]})`)() as Record<string, string>;
}

/** index.html's inline script, run as the page would at `search` with `fetch`; returns the window it filled. */
function runInlineScript(search: string, fetchImpl: (url: string) => Promise<Response>): { __clipfeedEarly?: Record<string, Promise<unknown> | undefined> } {
  const m = /<script>([\s\S]*?)<\/script>/.exec(indexHtml);
  if (!m) throw new Error('index.html has no inline script');
  const win: { fetch: typeof fetchImpl; __clipfeedEarly?: Record<string, Promise<unknown> | undefined> } = { fetch: fetchImpl };
  Function('window', 'location', 'fetch', 'localStorage', m[1])(win, { search, href: `http://local/${search}` }, fetchImpl, { getItem: () => null });
  return win;
}

const vodPage = (ids: number[]) => ({ code: 1, msg: 'ok', page: 1, pagecount: 1, limit: 6, total: ids.length, list: ids.map((id) => ({ vod_id: id, vod_name: `V${id}`, vod_pic: `/p/${id}.jpg` })) });

describe('early catalogue answers', () => {
  it('on the discover home, index.html asks for the categories, the first five preview rows and the hot row exactly as the app does', async () => {
    const fetched: string[] = [];
    const answer = async (url: string) => {
      fetched.push(url);
      if (url.startsWith('/api.php/type/get_all_categories')) {
        // Unsorted, with entries the app leaves out: a blank name, another type_mid, a non-positive id.
        const all = [9, 2, 7, 1, 5, 3].map((id) => ({ type_id: id, type_name: `C${id}`, type_mid: 1 }));
        all.push({ type_id: 4, type_name: ' ', type_mid: 1 }, { type_id: 6, type_name: 'C6', type_mid: 2 }, { type_id: 0, type_name: 'C0', type_mid: 1 });
        return new Response(JSON.stringify({ code: 1, msg: 'ok', info: { all_categories: all } }));
      }
      return new Response(JSON.stringify(vodPage([Number(new URL(url, 'http://local').searchParams.get('t') ?? 99)])));
    };
    const win = runInlineScript('?n=discover', answer);
    vi.stubGlobal('window', win);
    vi.stubGlobal('fetch', answer);
    const service = createCatalogueService({ client: createCatalogueClient(), language: () => buildDefaultLanguage });
    const categories = await service.loadCategories();
    expect(categories.ok && categories.value.map((c) => c.type_id)).toEqual([1, 2, 3, 5, 7, 9]);
    const early = fetched.length;
    expect(early).toBe(2 + catalogueServiceConfig.recommendedCategories);
    const ids = categories.ok ? categories.value.slice(0, catalogueServiceConfig.recommendedCategories).map((c) => c.type_id) : [];
    for (const id of ids) expect((await service.loadCategoryVideos(id, 1, catalogueServiceConfig.previewSize)).ok).toBe(true);
    expect((await service.loadHotVideos()).ok).toBe(true);
    // Every one of the app's requests was answered by the early ones: nothing more went out.
    expect(fetched.length).toBe(early);
    // The sixth category's row is the app's own request.
    await service.loadCategoryVideos(9, 1, catalogueServiceConfig.previewSize);
    expect(fetched.length).toBe(early + 1);
  });

  it('asks for nothing early on a search, a category or another page', () => {
    for (const search of ['?n=discover&q=cat', '?n=discover&c=2', '?n=video-detail&vid=3']) {
      const fetched: string[] = [];
      runInlineScript(search, async (url) => {
        fetched.push(url);
        return new Response('{}');
      });
      expect(fetched).toEqual([]);
    }
  });

  it('index.html asks for exactly the first page the feed loader asks for', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ code: 1, msg: 'ok', page: 1, pagecount: 1, limit: 20, total: 0, list: [] }));
    });
    await createCatalogueClient().list({ page: 1, limit: apiConfig.cataloguePageSize, lang: catalogueLanguage(buildDefaultLanguage) });
    const listParams = new URLSearchParams(inlineParams('listParams'));
    expect(requestKey(urls[0])).toBe(requestKey(`/api.php/provide/vod/?${listParams.toString()}`));
    // One early request answers it: the same page with details (MacCMS ac=detail&pg=), registered under the list's key.
    expect(indexHtml).toContain("var firstPage = get('/api.php/provide/vod/', { ac: 'detail', pg: listParams.pg, limit: listParams.limit, lang: listParams.lang }, toWorker);");
    expect(indexHtml).toContain("early[key('/api.php/provide/vod/', listParams)] = firstPage;");
  });

  it('index.html leaves the catalogue alone while the fast cache is fresh (its key and 10 min TTL match the app)', () => {
    expect(indexHtml).toContain(`localStorage.getItem('${fastCacheConfig.storageKey}')`);
    expect(indexHtml).toContain(`Date.now() - cached.timestamp < ${fastCacheConfig.ttlMs}`);
  });

  it('keys requests by path and sorted parameters, and hands each answer out once', async () => {
    expect(requestKey('/api.php/provide/vod/?pg=1&ac=list')).toBe(requestKey('http://h/api.php/provide/vod/?ac=list&pg=1'));
    expect(requestKey('/a?ids=1,2')).toBe(requestKey('/a?ids=1%2C2'));
    const store: Record<string, Promise<unknown> | undefined> = { [requestKey('/x?a=1')]: Promise.resolve({ code: 1 }) };
    expect(await takeEarly('/x?a=1', store)).toEqual({ code: 1 });
    expect(takeEarly('/x?a=1', store)).toBeNull();
    expect(takeEarly('/y', undefined)).toBeNull();
  });

  it('the catalogue client uses an early answer instead of fetching, and fetches when the early one failed', async () => {
    let fetched = 0;
    vi.stubGlobal('fetch', async () => {
      fetched++;
      return new Response(JSON.stringify({ code: 1, msg: 'ok', page: 1, pagecount: 1, limit: 20, total: 1, list: [{ vod_id: 9, vod_name: 'Fetched' }] }));
    });
    const early: Record<string, Promise<unknown>> = {
      [requestKey('/api.php/provide/vod/?ac=list&pg=1&limit=20&lang=pt')]: Promise.resolve({ code: 1, msg: 'ok', page: 1, pagecount: 1, limit: 20, total: 1, list: [{ vod_id: 7, vod_name: 'Early' }] }),
    };
    vi.stubGlobal('window', { __clipfeedEarly: early });
    const client = createCatalogueClient();
    const first = await client.list({ page: 1, limit: 20, lang: 'pt' });
    expect(first.ok && first.value.list.map((v) => v.vod_id)).toEqual([7]);
    expect(fetched).toBe(0);
    const again = await client.list({ page: 1, limit: 20, lang: 'pt' });
    expect(again.ok && again.value.list.map((v) => v.vod_id)).toEqual([9]);
    expect(fetched).toBe(1);

    early[requestKey('/api.php/provide/vod/?ac=list&pg=2&limit=20&lang=pt')] = Promise.reject(new Error('HTTP 502'));
    const second = await client.list({ page: 2, limit: 20, lang: 'pt' });
    expect(second.ok).toBe(true);
    expect(fetched).toBe(2);
  });
});
