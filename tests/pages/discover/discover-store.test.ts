// The Discover store (spec 2 §2.3, §4, §5, §8): search, pagination, category,
// home batches and caches, failures, the saved search, with every outside
// dependency faked (catalogue service, address, session storage, time).

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../../src/router/pages';
import type { RouteParams } from '../../../src/router/route-params';
import type { CatalogueVideo, Category } from '../../../src/api/catalogue-schemas';
import type { CatalogueError } from '../../../src/api/catalogue';
import { discoverConfig } from '../../../src/discover/config';
import { loadSearchSession } from '../../../src/discover/search-session';
import type { VideoPage } from '../../../src/discover/catalogue/service';
import type { PlatformClass } from '../../../src/lib/platform';
import { exitSearch, goToPage, openCategory, openVideo, setSearchInput, submitSearch } from '../../../src/discover/discover-actions';
import { configureDiscover, type DiscoverDeps } from '../../../src/discover/discover-deps';
import { DATA_LOAD_FAILED, discoverState } from '../../../src/discover/discover-state';
import { loadHome } from '../../../src/discover/home-loader';
import { sectionOnFirstScreen } from '../../../src/discover/first-screen';
import { applyTarget } from '../../../src/discover/route-sync';

const video = (id: number, more: Partial<CatalogueVideo> = {}) => ({ vod_id: id, vod_name: `V${id}`, vod_pic: `https://i.test/${id}.jpg`, type_id: 1, ...more }) as CatalogueVideo;
const category = (id: number) => ({ type_id: id, type_name: `C${id}`, type_en: '' }) as Category;
const failure: CatalogueError = { code: 'HTTP', message: 'HTTP 500: boom', retryable: true, key: 'feed:errors.listFailed' };

function memoryStore() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

interface Harness {
  calls: string[];
  route: { page: Page; params: RouteParams };
  opened: { page: Page; params: RouteParams }[];
  toasts: string[];
  sleeps: number[];
  preloaded: (string | undefined)[][];
  time: { t: number };
  session: ReturnType<typeof memoryStore>;
  fail: Set<'search' | 'categories' | 'category'>;
  searchTotal: number;
  categories: Category[];
  /** Resolvers of held searches (when hold is on). */
  hold: boolean;
  held: (() => void)[];
  /** The page's next paint: held until paint() when holdPaint is on. */
  holdPaint: boolean;
  paint: () => void;
}

function setup(platform: PlatformClass = 'desktop'): Harness {
  const h: Harness = {
    calls: [],
    route: { page: 'discover', params: {} },
    opened: [],
    toasts: [],
    sleeps: [],
    preloaded: [],
    time: { t: 1_000_000 },
    session: memoryStore(),
    fail: new Set(),
    searchTotal: 45,
    categories: Array.from({ length: 7 }, (_, i) => category(i + 1)),
    hold: false,
    held: [],
    holdPaint: false,
    paint: () => undefined,
  };
  const page = (videos: CatalogueVideo[], pg: number, total: number): VideoPage => ({ videos, page: pg, total, pagecount: Math.max(1, Math.ceil(total / 20)) });
  const service: DiscoverDeps['service'] = {
    async loadCategories() {
      h.calls.push('categories');
      return h.fail.has('categories') ? { ok: false, error: failure } : { ok: true, value: h.categories.slice(0, 10) };
    },
    async loadAllCategories() {
      return { ok: true, value: h.categories };
    },
    async loadCategoryVideos(typeId, pg = 1, limit = 20) {
      h.calls.push(`category ${typeId} p${pg} l${limit}`);
      if (h.fail.has('category')) return { ok: false, error: failure };
      return { ok: true, value: page(Array.from({ length: Math.min(limit, 6) }, (_, i) => video(typeId * 100 + i)), pg, 30) };
    },
    async searchVideos(query, pg = 1) {
      h.calls.push(`search ${query} p${pg}`);
      if (h.hold) await new Promise<void>((resolve) => h.held.push(resolve));
      if (h.fail.has('search')) return { ok: false, error: failure };
      const start = (pg - 1) * 20;
      const n = Math.max(0, Math.min(20, h.searchTotal - start));
      return { ok: true, value: page(Array.from({ length: n }, (_, i) => video(start + i + 1, { vod_name: `${query} ${start + i + 1}` })), pg, h.searchTotal) };
    },
    // The home's other rows and the suggestions have their own suite (discover-rows.test.ts).
    loadHotVideos: async () => ({ ok: true, value: [] }),
    loadRecommended: async () => ({ ok: true, value: [] }),
    loadSuggestions: async () => ({ ok: true, value: [] }),
  };
  configureDiscover({
    service,
    navigation: {
      currentPage: () => h.route.page,
      replace: (p, params) => void (h.route = { page: p, params }),
      open: (p, params) => void h.opened.push({ page: p, params }),
    },
    platform: () => platform,
    sleep: async (ms) => void h.sleeps.push(ms),
    timers: { setTimeout: () => undefined, clearTimeout: () => undefined },
    now: () => h.time.t,
    session: () => h.session,
    toast: (key) => void h.toasts.push(key),
    log: () => undefined,
    preloader: { preload: async (urls) => void h.preloaded.push([...urls]), isLoaded: () => false, size: 0 },
    afterPaint: () => (h.holdPaint ? new Promise<void>((resolve) => (h.paint = resolve)) : Promise.resolve()),
  });
  return h;
}

let h: Harness;
beforeEach(() => {
  h = setup();
});

describe('search', () => {
  it('a blank query is ignored (spec 2 §5)', async () => {
    await submitSearch('   ');
    expect(h.calls).toEqual([]);
    expect(discoverState.target).toEqual({ view: 'home' });
    expect(h.route).toEqual({ page: 'discover', params: {} });
  });

  it('Enter moves home to search page 1, writes q into the address, shows the results and saves them', async () => {
    await submitSearch('  gato ');
    expect(h.calls).toEqual(['search gato p1']);
    expect(h.route).toEqual({ page: 'discover', params: { q: 'gato' } });
    expect(discoverState.target).toEqual({ view: 'search', query: 'gato', page: 1 });
    expect(discoverState.search).toMatchObject({ status: 'ready', page: 1, pagecount: 3, total: 45 });
    expect(discoverState.search.videos).toHaveLength(20);
    expect(loadSearchSession(h.session)).toMatchObject({ lastSearchQuery: 'gato', searchCurrentPage: 1, searchPagecount: 3, searchTotal: 45, showSearchResults: true, pageState: 'search' });
  });

  it('pagination: the next page is asked for and written into the address (pg)', async () => {
    await submitSearch('gato');
    await goToPage(2);
    expect(h.calls).toEqual(['search gato p1', 'search gato p2']);
    expect(h.route.params).toEqual({ q: 'gato', pg: 2 });
    expect(discoverState.search).toMatchObject({ page: 2, pagecount: 3 });
    expect(discoverState.search.videos[0].vod_id).toBe(21);
    await goToPage(3);
    expect(discoverState.search.videos).toHaveLength(5);
    await goToPage(1);
    expect(h.route.params).toEqual({ q: 'gato' });
  });

  it('an address past the last page shows the last page', async () => {
    await applyTarget({ view: 'search', query: 'gato', page: 9 });
    expect(h.route.params).toEqual({ q: 'gato', pg: 3 });
    expect(discoverState.search).toMatchObject({ page: 3, status: 'ready' });
  });

  it('the same route again is not loaded twice; submitting the same query again reloads', async () => {
    await applyTarget({ view: 'search', query: 'gato', page: 1 });
    h.session.removeItem(discoverConfig.sessionKey);
    await applyTarget({ view: 'search', query: 'gato', page: 1 });
    expect(h.calls).toEqual(['search gato p1']);
    await submitSearch('gato');
    expect(h.calls).toEqual(['search gato p1', 'search gato p1']);
  });

  it('failure: results emptied, page and total reset, the dataLoadFailed toast (spec 2 §8)', async () => {
    await submitSearch('gato');
    await goToPage(2);
    h.fail.add('search');
    await submitSearch('cão');
    expect(discoverState.search).toMatchObject({ status: 'error', videos: [], page: 1, pagecount: 1, total: 0 });
    expect(h.toasts).toEqual([DATA_LOAD_FAILED]);
    expect(DATA_LOAD_FAILED).toBe('discover:errors.dataLoadFailed');
  });

  it('a late answer of an older search is dropped', async () => {
    h.hold = true;
    const first = submitSearch('old');
    const second = submitSearch('new');
    h.held[1]();
    await second;
    h.held[0]();
    await first;
    expect(discoverState.search.query).toBe('new');
    expect(discoverState.search.videos[0].vod_name).toBe('new 1');
  });

  it('back from search returns home: results reset, saved search and address cleared (spec 2 §4)', async () => {
    await submitSearch('gato');
    await exitSearch();
    expect(discoverState.target).toEqual({ view: 'home' });
    expect(discoverState.search).toMatchObject({ query: '', videos: [], page: 1, total: 0 });
    expect(discoverState.input).toBe('');
    expect(loadSearchSession(h.session)).toBeNull();
    expect(h.route).toEqual({ page: 'discover', params: {} });
  });

  it('clearing the box while in search exits search; typing does not', async () => {
    await submitSearch('gato');
    setSearchInput('gat');
    expect(discoverState.target.view).toBe('search');
    setSearchInput('');
    expect(discoverState.target).toEqual({ view: 'home' });
    expect(loadSearchSession(h.session)).toBeNull();
  });

  it('a card click in search saves the search first, then opens the detail with the origin state', async () => {
    await submitSearch('gato');
    await goToPage(2);
    h.session.removeItem(discoverConfig.sessionKey);
    openVideo({ vod_id: 25 });
    expect(loadSearchSession(h.session)).toMatchObject({ lastSearchQuery: 'gato', searchCurrentPage: 2 });
    expect(h.opened).toEqual([{ page: 'video-detail', params: { vid: 25, i: '25', from: 'discover', q: 'gato', pg: 2 } }]);
  });

  it('coming back restores the saved results without asking the catalogue again', async () => {
    await submitSearch('gato');
    await goToPage(2);
    // A fresh page load (the store starts empty) with the same session storage.
    const session = h.session;
    h = setup();
    // The store reads the session through the harness, so the old one is seen.
    h.session = session;
    await applyTarget({ view: 'search', query: 'gato', page: 2 });
    expect(h.calls).toEqual([]);
    expect(discoverState.search).toMatchObject({ status: 'ready', query: 'gato', page: 2, pagecount: 3, total: 45 });
    expect(discoverState.search.videos[0].vod_id).toBe(21);
    expect(discoverState.input).toBe('gato');
  });
});

describe('category', () => {
  it('"more" opens the category at page 1 with the listing size 20, written into the address', async () => {
    await openCategory(3);
    expect(h.calls).toEqual(['category 3 p1 l20']);
    expect(h.route).toEqual({ page: 'discover', params: { c: 3 } });
    expect(discoverState.category).toMatchObject({ status: 'ready', categoryId: 3, page: 1, pagecount: 2, total: 30 });
    expect(discoverState.category.category?.type_name).toBe('C3');
    await goToPage(2);
    expect(h.route.params).toEqual({ c: 3, pg: 2 });
    expect(h.calls.at(-1)).toBe('category 3 p2 l20');
  });

  it('failure: empty list and the same toast', async () => {
    h.fail.add('category');
    await openCategory(3);
    expect(discoverState.category).toMatchObject({ status: 'error', videos: [], total: 0 });
    expect(h.toasts).toEqual([DATA_LOAD_FAILED]);
  });
});

describe('home', () => {
  it('loads the categories, then previews of 6 in batches of the platform, preloading the first 3 posters', async () => {
    await loadHome();
    expect(h.calls[0]).toBe('categories');
    expect(h.calls.slice(1)).toEqual(h.categories.map((c) => `category ${c.type_id} p1 l6`));
    // Desktop: batches of 5 with 200 ms between: 7 categories = 2 batches, 1 pause.
    expect(h.sleeps).toEqual([200]);
    expect(discoverState.home.status).toBe('ready');
    expect(Object.values(discoverState.home.sections).every((s) => s.status === 'ready' && s.videos.length === 6)).toBe(true);
    expect(h.preloaded).toHaveLength(7);
    expect(h.preloaded[0]).toEqual(['https://i.test/100.jpg', 'https://i.test/101.jpg', 'https://i.test/102.jpg']);
  });

  it('preloads the first screen\'s posters first, the other rows\' once those are in and painted', async () => {
    h.holdPaint = true;
    await loadHome();
    const firstScreen = h.categories.filter((_c, i) => sectionOnFirstScreen(i)).length;
    expect(firstScreen).toBeGreaterThan(0);
    expect(h.preloaded).toHaveLength(firstScreen);
    expect(h.preloaded[0]).toEqual(['https://i.test/100.jpg', 'https://i.test/101.jpg', 'https://i.test/102.jpg']);
    h.paint();
    await vi.waitFor(() => expect(h.preloaded).toHaveLength(h.categories.length));
  });

  it('Safari/iOS: 500 ms first, then batches of 2 with 500 ms pauses', async () => {
    h = setup('safari-ios');
    await loadHome();
    expect(h.sleeps).toEqual([500, 500, 500, 500]);
  });

  it('reuses a home loaded less than 5 minutes ago; force reloads', async () => {
    await loadHome();
    const n = h.calls.length;
    h.time.t += discoverConfig.homeCacheMs - 1;
    await loadHome();
    expect(h.calls.length).toBe(n);
    h.time.t += 1;
    await loadHome();
    expect(h.calls.length).toBe(2 * n);
    await loadHome({ force: true });
    expect(h.calls.length).toBe(3 * n);
  });

  it('a second load while one runs is skipped unless forced', async () => {
    const a = loadHome();
    const b = loadHome();
    await Promise.all([a, b]);
    expect(h.calls.filter((c) => c === 'categories')).toHaveLength(1);
  });

  it('a failure toasts and leaves an empty home with nothing loaded (the empty state)', async () => {
    h.fail.add('categories');
    await loadHome();
    expect(discoverState.home).toMatchObject({ status: 'error', categories: [] });
    expect(h.toasts).toEqual([DATA_LOAD_FAILED]);
  });

  it('on Safari/iOS a failed reload clears what was shown; elsewhere it stays (spec 2 §8)', async () => {
    await loadHome();
    h.fail.add('categories');
    await loadHome({ force: true });
    expect(discoverState.home.categories).toHaveLength(7);

    h = setup('safari-ios');
    await loadHome();
    h.fail.add('categories');
    await loadHome({ force: true });
    expect(discoverState.home.categories).toEqual([]);
    expect(discoverState.home.sections).toEqual({});
  });
});
