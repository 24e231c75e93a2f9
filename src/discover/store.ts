// The Discover page's store (STYLE.md 9: proxy state + module-level actions):
// the sub-state (home, search, category), the home's categories and preview
// rows, the search results and the category listing (spec 2 §2.3, §4, §8).
// The address is the source of truth: user actions write it, and the page
// hands every route it shows to applyTarget, which loads only what is
// missing. Everything the store reaches outside itself is in DiscoverDeps.

import { proxy } from 'valtio';
import type { Page } from '../router/pages';
import type { RouteParams } from '../router/route-params';
import { navigateTo, replaceParams, routerState } from '../router/router-store';
import type { CatalogueVideo, Category } from '../api/catalogue-schemas';
import { catalogueServiceConfig } from './catalogue/config';
import { currentPlatform, type PlatformClass } from '../lib/platform';
import { loadAllCategories, loadCategories, loadCategoryVideos, searchVideos, type CatalogueService } from './catalogue/service';
import { batchPlan, loadInBatches, realSleep, type Sleep } from './batch-loader';
import { discoverConfig } from './config';
import { detailParams, routeOfTarget, sameTarget, type DiscoverTarget } from './discover-route';
import { markFirstTipShown, shouldShowFirstTip } from './first-tip';
import { createImagePreloader, type ImagePreloader } from './image-preload';
import { clearSearchSession, loadSearchSession, saveSearchSession, type SessionStore } from './search-session';
import { showToast } from '../notices/store';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface SectionState {
  status: LoadStatus;
  videos: CatalogueVideo[];
}

export interface VideoListState {
  status: LoadStatus;
  videos: CatalogueVideo[];
  page: number;
  pagecount: number;
  total: number;
}

export interface DiscoverState {
  target: DiscoverTarget;
  /** The search box text. */
  input: string;
  home: { status: LoadStatus; categories: Category[]; sections: Record<number, SectionState>; loadedAt: number };
  search: VideoListState & { query: string };
  category: VideoListState & { categoryId: number; category: Category | null };
  showFirstTip: boolean;
}

/** The toast of a failed search or category load (spec 2 §8). */
export const DATA_LOAD_FAILED = 'discover:errors.dataLoadFailed';

export interface DiscoverNavigation {
  currentPage(): Page;
  /** Rewrite the current entry's address. */
  replace(page: Page, params: RouteParams): void;
  /** Open another page (a new history entry). */
  open(page: Page, params: RouteParams): void;
}

export interface DiscoverDeps {
  service: Pick<CatalogueService, 'loadCategories' | 'loadAllCategories' | 'loadCategoryVideos' | 'searchVideos'>;
  navigation: DiscoverNavigation;
  platform: () => PlatformClass;
  sleep: Sleep;
  now: () => number;
  session: () => SessionStore | null;
  toast: (key: string) => void;
  log: (message: string) => void;
  preloader: ImagePreloader;
}

const emptyList = (): VideoListState => ({ status: 'idle', videos: [], page: 1, pagecount: 1, total: 0 });

export const initialDiscoverState = (): DiscoverState => ({
  target: { view: 'home' },
  input: '',
  home: { status: 'idle', categories: [], sections: {}, loadedAt: 0 },
  search: { ...emptyList(), query: '' },
  category: { ...emptyList(), categoryId: 0, category: null },
  showFirstTip: false,
});

export const discoverState = proxy<DiscoverState>(initialDiscoverState());

function browserSession(): SessionStore | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function browserDeps(): DiscoverDeps {
  const platform = currentPlatform();
  return {
    service: { loadCategories, loadAllCategories, loadCategoryVideos, searchVideos },
    navigation: {
      currentPage: () => routerState.route.page,
      replace(page, params) {
        if (page === routerState.route.page) replaceParams({ q: params.q, c: params.c, pg: params.pg });
        else navigateTo(page, params, { replace: true });
      },
      open: (page, params) => navigateTo(page, params),
    },
    platform: () => platform,
    sleep: realSleep,
    now: Date.now,
    session: browserSession,
    toast: (key) => showToast(key, undefined, { type: 'error' }),
    log: (message) => console.warn(`[discover] ${message}`),
    preloader: createImagePreloader({ timeoutMs: discoverConfig.preloadTimeoutMs[platform], maxEntries: discoverConfig.imageCacheEntries }),
  };
}

let deps: DiscoverDeps | null = null;
// Each load takes a ticket; an answer whose ticket is no longer the latest is dropped.
const tickets = { home: 0, search: 0, category: 0 };

function d(): DiscoverDeps {
  deps ??= browserDeps();
  return deps;
}

/** Replaces what the store runs on (tests) and resets the state. */
export function configureDiscover(overrides: Partial<DiscoverDeps> = {}): void {
  deps = { ...browserDeps(), ...overrides };
  tickets.home = tickets.search = tickets.category = 0;
  Object.assign(discoverState, initialDiscoverState());
}

/** Spec 2 §8: on Safari or iOS a failed load clears the lists; elsewhere what is shown stays. */
function clearsOnFailure(): boolean {
  return d().platform() === 'safari-ios';
}

// ---- home ----------------------------------------------------------------

/** Categories and their preview rows; skipped while loading or fresh (5 min), unless forced. */
export async function loadHome(options: { force?: boolean } = {}): Promise<void> {
  const home = discoverState.home;
  const { force = false } = options;
  if (!force && home.status === 'loading') return;
  if (!force && home.status === 'ready' && d().now() - home.loadedAt < discoverConfig.homeCacheMs) return;
  const ticket = ++tickets.home;
  home.status = 'loading';
  const r = await d().service.loadCategories();
  if (ticket !== tickets.home) return;
  if (!r.ok) {
    d().log(`categories: ${r.error.message}`);
    d().toast(DATA_LOAD_FAILED);
    if (clearsOnFailure()) {
      home.categories = [];
      home.sections = {};
    }
    home.status = 'error';
    return;
  }
  const previous = home.sections;
  home.categories = r.value;
  home.sections = Object.fromEntries(r.value.map((c) => [c.type_id, { status: 'loading', videos: previous[c.type_id]?.videos ?? [] } satisfies SectionState]));
  home.status = 'ready';
  await loadInBatches(
    r.value,
    async (category) => {
      const page = await d().service.loadCategoryVideos(category.type_id, 1, catalogueServiceConfig.previewSize);
      if (ticket !== tickets.home) return;
      const section = home.sections[category.type_id];
      if (!section) return;
      if (page.ok) {
        section.videos = page.value.videos.slice(0, catalogueServiceConfig.previewSize);
        section.status = 'ready';
        void d().preloader.preload(section.videos.slice(0, discoverConfig.preloadPerCategory).map((v) => v.vod_pic));
      } else {
        d().log(`category ${category.type_id}: ${page.error.message}`);
        if (clearsOnFailure()) section.videos = [];
        section.status = 'error';
      }
    },
    batchPlan(d().platform()),
    { sleep: d().sleep, cancelled: () => ticket !== tickets.home },
  );
  if (ticket === tickets.home) home.loadedAt = d().now();
}

// ---- search --------------------------------------------------------------

async function runSearch(query: string, page: number, force: boolean): Promise<void> {
  const s = discoverState.search;
  if (!force && s.query === query && s.page === page && (s.status === 'loading' || s.status === 'ready')) return;
  const ticket = ++tickets.search;
  // Back from a video: the saved results show at once (spec 2 §2.3).
  const saved = force ? null : loadSearchSession(d().session());
  if (saved && saved.showSearchResults && saved.lastSearchQuery === query && saved.searchCurrentPage === page) {
    Object.assign(s, { query, page, status: 'ready', videos: saved.searchResults, pagecount: saved.searchPagecount, total: saved.searchTotal });
    return;
  }
  Object.assign(s, { query, page, status: 'loading', videos: [] });
  const r = await d().service.searchVideos(query, page);
  if (ticket !== tickets.search) return;
  if (!r.ok) {
    // Spec 2 §8: results emptied, page and total reset, the toast.
    d().log(`search: ${r.error.message}`);
    Object.assign(s, { status: 'error', videos: [], page: 1, pagecount: 1, total: 0 });
    d().toast(DATA_LOAD_FAILED);
    return;
  }
  const { videos, pagecount, total } = r.value;
  if (videos.length === 0 && total > 0 && page > pagecount) {
    // An address past the last page shows the last page.
    await showTarget({ view: 'search', query, page: pagecount });
    return;
  }
  Object.assign(s, { status: 'ready', videos, pagecount, total });
  saveCurrentSearch();
}

function saveCurrentSearch(): void {
  const s = discoverState.search;
  saveSearchSession(
    {
      lastSearchQuery: s.query,
      searchResults: s.videos,
      showSearchResults: true,
      searchCurrentPage: s.page,
      searchPagecount: s.pagecount,
      searchTotal: s.total,
      pageState: 'search',
    },
    d().session(),
  );
}

// ---- category ------------------------------------------------------------

async function runCategory(categoryId: number, page: number, force: boolean): Promise<void> {
  const c = discoverState.category;
  if (!force && c.categoryId === categoryId && c.page === page && (c.status === 'loading' || c.status === 'ready')) return;
  const ticket = ++tickets.category;
  const sameCategory = c.categoryId === categoryId;
  Object.assign(c, { categoryId, page, status: 'loading', videos: [], category: sameCategory ? c.category : null });
  const [categories, r] = await Promise.all([
    d().service.loadAllCategories(),
    d().service.loadCategoryVideos(categoryId, page, catalogueServiceConfig.categoryPageSize),
  ]);
  if (ticket !== tickets.category) return;
  if (categories.ok) c.category = categories.value.find((x) => x.type_id === categoryId) ?? null;
  if (!r.ok) {
    d().log(`category ${categoryId}: ${r.error.message}`);
    Object.assign(c, { status: 'error', videos: [], page: 1, pagecount: 1, total: 0 });
    d().toast(DATA_LOAD_FAILED);
    return;
  }
  const { videos, pagecount, total } = r.value;
  if (videos.length === 0 && total > 0 && page > pagecount) {
    await showTarget({ view: 'category', categoryId, page: pagecount });
    return;
  }
  Object.assign(c, { status: 'ready', videos, pagecount, total });
}

// ---- sub-states ----------------------------------------------------------

/** Show what the address says (on every route change and on the router's restore event). */
export function applyTarget(target: DiscoverTarget, options: { force?: boolean } = {}): Promise<void> {
  const force = options.force ?? false;
  discoverState.target = target;
  switch (target.view) {
    case 'home':
      return loadHome({ force });
    case 'search':
      discoverState.input = target.query;
      return runSearch(target.query, target.page, force);
    case 'category':
      return runCategory(target.categoryId, target.page, force);
  }
}

/** A user action: write the sub-state into the address, then show it. */
export function showTarget(target: DiscoverTarget, options: { force?: boolean } = {}): Promise<void> {
  const nav = d().navigation;
  const route = routeOfTarget(target, nav.currentPage());
  nav.replace(route.page, route.params);
  return applyTarget(target, options);
}

export function setSearchInput(text: string): void {
  discoverState.input = text;
  // Spec 2 §4: clearing the box while in search leaves search.
  if (text.trim() === '' && discoverState.target.view === 'search') exitSearch();
}

/** Enter in the search box: a blank query is ignored (spec 2 §5); the same query again reloads. */
export function submitSearch(text: string = discoverState.input): Promise<void> {
  const query = text.trim();
  if (!query) return Promise.resolve();
  const target: DiscoverTarget = { view: 'search', query, page: 1 };
  return showTarget(target, { force: sameTarget(target, discoverState.target) });
}

/** Back from search (or clearing the box): home, results reset, saved search cleared (spec 2 §4). */
export function exitSearch(): Promise<void> {
  tickets.search++;
  clearSearchSession(d().session());
  Object.assign(discoverState.search, { ...emptyList(), query: '' });
  discoverState.input = '';
  return showTarget({ view: 'home' });
}

export function openCategory(categoryId: number): Promise<void> {
  return showTarget({ view: 'category', categoryId, page: 1 });
}

export function exitCategory(): Promise<void> {
  tickets.category++;
  return showTarget({ view: 'home' });
}

export function goToPage(page: number): Promise<void> {
  const t = discoverState.target;
  if (t.view === 'search') return showTarget({ ...t, page });
  if (t.view === 'category') return showTarget({ ...t, page });
  return Promise.resolve();
}

/** Reload of the current sub-state (the empty state's button). */
export function reload(): Promise<void> {
  return applyTarget(discoverState.target, { force: true });
}

/** A card click: the search is saved first when in search, then the detail page opens (spec 2 §2.3). */
export function openVideo(video: Pick<CatalogueVideo, 'vod_id'>): void {
  const target = discoverState.target;
  if (target.view === 'search') saveCurrentSearch();
  d().navigation.open('video-detail', detailParams(video.vod_id, target));
}

// ---- first-time tip --------------------------------------------------------

/** Shows the tip on the first visit only; the flag is written as it shows. */
export function initFirstTip(): void {
  if (discoverState.showFirstTip || !shouldShowFirstTip()) return;
  discoverState.showFirstTip = true;
  markFirstTipShown();
}

export function dismissFirstTip(): void {
  discoverState.showFirstTip = false;
}
