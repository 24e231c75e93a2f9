import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCatalogueClient } from '../../src/api/catalogue';
import { requestKey, takeEarly } from '../../src/api/early';
import { apiConfig } from '../../src/api/config';
import { fastCacheConfig } from '../../src/feed/config';
import { buildDefaultLanguage } from '../../src/i18n/build';
import { catalogueLanguage } from '../../src/i18n/video-title';

const indexHtml = readFileSync(path.join(__dirname, '../../index.html'), 'utf8');

afterEach(() => {
  vi.unstubAllGlobals();
});

function inlineParams(name: string): Record<string, string> {
  const m = new RegExp(`var ${name} = (\\{[^}]*\\})`).exec(indexHtml);
  if (!m) throw new Error(`index.html has no ${name}`);
  return Function(`return (${m[1]})`)() as Record<string, string>;
}

describe('early catalogue answers', () => {
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
