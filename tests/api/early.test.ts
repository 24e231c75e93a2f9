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
import { discoverConfig } from '../../src/discover/config';
import { firstScreenCards, sectionOnFirstScreen } from '../../src/discover/first-screen';
import { safeImageUrl } from '../../src/lib/image-url';

const indexHtml = readFileSync(path.join(__dirname, '../../index.html'), 'utf8');

afterEach(() => {
  vi.unstubAllGlobals();
});

function inlineParams(name: string): Record<string, string> {
  const m = new RegExp(`var ${name} = (\\{[^}]*\\})`).exec(indexHtml);
  if (!m) throw new Error(`index.html has no ${name}`);
  return Function(`return (${m[1]})`)() as Record<string, string>;
}

/** An element the inline script made: its attributes, and `href` resolved as a browser does. */
interface MadeElement {
  tag: string;
  rel?: string;
  as?: string;
  href: string;
  attributes: Record<string, string>;
}

/** A document with only what the inline script uses: what it puts in <head> is kept. */
function fakeDocument(base: string, appSrc?: string) {
  const head: MadeElement[] = [];
  const make = (tag: string): MadeElement => {
    let href = '';
    return {
      tag,
      attributes: {},
      get href() {
        return href;
      },
      set href(value: string) {
        href = new URL(value, base).href;
      },
      setAttribute(name: string, value: string) {
        this.attributes[name] = value;
      },
    } as MadeElement;
  };
  const querySelector = (selector: string) => (appSrc && selector === 'script[type="module"][src]' ? { src: appSrc } : null);
  return { head, document: { createElement: make, head: { appendChild: (e: MadeElement) => head.push(e) }, querySelector } };
}

/** The resource timeline the inline script watches: `arrive(url)` reports a download finished. */
function fakeTimeline() {
  const arrived: string[] = [];
  const observers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
  const byName = (names: string[]) => (name: string) => names.filter((n) => n === name);
  class Observer {
    constructor(private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1);
    }
  }
  return {
    performance: { getEntriesByName: byName(arrived) },
    PerformanceObserver: Observer,
    arrive(url: string) {
      arrived.push(url);
      for (const callback of [...observers]) callback({ getEntriesByName: byName([url]) });
    },
  };
}

/** index.html's inline script, run as the page would at `search` with `fetch`; returns the window it filled and what it put in <head>. */
function runInlineScript(
  search: string,
  fetchImpl: (url: string) => Promise<Response>,
  app?: { src: string; timeline: ReturnType<typeof fakeTimeline> },
): { __clipfeedEarly?: Record<string, Promise<unknown> | undefined>; head: MadeElement[] } {
  const m = /<script>([\s\S]*?)<\/script>/.exec(indexHtml);
  if (!m) throw new Error('index.html has no inline script');
  const href = `http://local/${search}`;
  const { head, document } = fakeDocument(href, app?.src);
  const win = { fetch: fetchImpl, head, PerformanceObserver: app?.timeline.PerformanceObserver } as { fetch: typeof fetchImpl; __clipfeedEarly?: Record<string, Promise<unknown> | undefined>; head: MadeElement[] };
  const names = ['window', 'location', 'fetch', 'localStorage', 'document', 'performance', 'PerformanceObserver'];
  Function(...names, m[1])(win, { search, href }, fetchImpl, { getItem: () => null }, document, app?.timeline.performance, app?.timeline.PerformanceObserver);
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

  it('on the discover home, index.html preloads the posters of the first screen\'s category cards as the app picks them, as the cards ask for them', async () => {
    const categoryIds = [7, 2, 5, 3];
    // Six videos a category; some pictures the cards cannot show (none, blank, javascript:), one relative address.
    const pic = (t: number, n: number): string | undefined => (t === 2 && n === 1 ? 'javascript:alert(1)' : t === 2 && n === 0 ? ' ' : t === 3 && n === 2 ? undefined : t === 3 && n === 0 ? `/rel/${t}-${n}.jpg` : `http://cdn.test/${t}-${n}.jpg`);
    const page = (t: number) => ({ code: 1, msg: 'ok', page: 1, pagecount: 1, limit: 6, total: 6, list: Array.from({ length: 6 }, (_, n) => ({ vod_id: t * 10 + n, vod_name: `V${t}-${n}`, vod_pic: pic(t, n) })) });
    const answer = async (url: string) => {
      if (url.startsWith('/api.php/type/get_all_categories')) {
        return new Response(JSON.stringify({ code: 1, msg: 'ok', list: categoryIds.map((id) => ({ type_id: id, type_name: `C${id}` })) }));
      }
      const t = Number(new URL(url, 'http://local').searchParams.get('t'));
      return new Response(JSON.stringify(t ? page(t) : vodPage([])));
    };
    const win = runInlineScript('?n=discover', answer);
    vi.stubGlobal('window', win);
    vi.stubGlobal('fetch', answer);
    const service = createCatalogueService({ client: createCatalogueClient(), language: () => buildDefaultLanguage });
    const categories = await service.loadCategories();
    if (!categories.ok) throw new Error('no categories');
    // The app's rule (the home's sections: src/discover/HomeView.tsx, CategorySection.tsx; the cards: src/ui/ImageWithFallback.tsx).
    const expected: string[] = [];
    for (const [index, category] of categories.value.entries()) {
      const videos = await service.loadCategoryVideos(category.type_id, 1, catalogueServiceConfig.previewSize);
      if (!sectionOnFirstScreen(index) || !videos.ok) continue;
      for (const video of videos.value.videos.slice(0, firstScreenCards)) {
        const url = safeImageUrl(video.vod_pic, 'http://local/?n=discover');
        if (url) expected.push(url);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    const posters = win.head.filter((e) => e.rel === 'preload' && e.as === 'image');
    expect(expected.length).toBeGreaterThan(0);
    expect(posters.map((e) => e.href).sort()).toEqual([...expected].sort());
    // Fetched ahead of the rest, and in the cards' own request mode (no crossorigin, no referrer policy): one download.
    for (const poster of posters) {
      expect(poster.attributes).toEqual({ fetchpriority: 'high' });
      expect(Object.keys(poster).filter((k) => /crossorigin|referrer|integrity/i.test(k))).toEqual([]);
    }
  });

  it('index.html preloads those posters only once the app\'s JavaScript has arrived (not sharing the link with it)', async () => {
    const answer = async (url: string) =>
      new Response(JSON.stringify(url.startsWith('/api.php/type/') ? { code: 1, msg: 'ok', list: [{ type_id: 1, type_name: 'C1' }] } : vodPage([1, 2])));
    const timeline = fakeTimeline();
    const app = 'http://local/assets/index-abc.js';
    const win = runInlineScript('?n=discover', answer, { src: app, timeline });
    await vi.waitFor(() => expect(Object.keys(win.__clipfeedEarly ?? {}).some((k) => k.includes('t=1'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(win.head.filter((e) => e.as === 'image')).toEqual([]);
    timeline.arrive('http://local/assets/other.js');
    expect(win.head.filter((e) => e.as === 'image')).toEqual([]);
    timeline.arrive(app);
    expect(win.head.filter((e) => e.as === 'image').map((e) => e.href)).toEqual(['http://local/p/1.jpg', 'http://local/p/2.jpg']);
  });

  it('a preview row shows discover.css\'s number of cards across, the count the first screen is made of', () => {
    const css = readFileSync(path.join(__dirname, '../../src/discover/discover.css'), 'utf8');
    const row = /\.cf-discover-row \{[^}]*grid-auto-columns: calc\(\(100% - 2 \* var\(--cf-space-2\)\) \/ ([\d.]+)\);/.exec(css);
    expect(Number(row?.[1])).toBe(discoverConfig.rowCardsAcross);
    expect(firstScreenCards).toBe(3);
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
