// The feed store's state (STYLE.md 9): the valtio proxy the page renders, the
// services and timers beside it (rt), and the small actions on them. The
// rules live in the pure modules of src/feed/; the actions that load and move
// along the list, switch the play source and run random play are in
// feed-list.ts, feed-category-filter.ts and feed-random.ts (store.ts is the face the
// page uses). Toasts go through the injected notify(key, params, type); the
// connection (notices/connection.ts) says when the server cannot be reached.

import { proxy, ref } from 'valtio';
import { pageLocalStorage, type KeyValueStore } from '../lib/key-value-store';
import { createCatalogueClient, type CatalogueClient } from '../api/catalogue';
import type { ShortVideoClient } from '../api/short-videos';
import { feedConfig, randomPlayConfig } from './config';
import { browserEnvironment, type FeedEnvironment } from './environment';
import { writeFastCache } from './fast-video-cache';
import type { FeedAdItem, FeedItem } from './feed-item';
import { canLoadMore, type LoadDecision } from './load-permission';
import { PageLoader } from './page-loader';
import { i18n } from '../i18n';
import { catalogueLanguage } from '../i18n/video-title';
import { ALL_SOURCE, type PlaySource } from './category-filter';
import { RandomPlay, RandomStatus, type RandomPlayState } from './random-play';
import { realTimers, type Timeouts } from '../lib/timers';
import { connection as pageConnection, type Connection } from '../notices/connection';

export type NotifyType = 'success' | 'error' | 'warning' | 'info';
export type Notify = (key: string, params?: Record<string, unknown>, type?: NotifyType) => void;

export const FeedMessage = {
  loadFailed: 'feed:errors.loadFailed',
  noMore: 'feed:nav.noMore',
} as const;

export interface FeedDeps {
  notify: Notify;
  catalogue: Pick<CatalogueClient, 'list' | 'detail' | 'categories'>;
  shortVideos: ShortVideoClient | null;
  now: () => number;
  random: () => number;
  timers: Timeouts;
  /** Catalogue title language (lang=). */
  lang: string;
  environment: FeedEnvironment;
  /** Feed ad items (from the app config). */
  ads: FeedAdItem[];
  /** Where the fast cache lives (local storage); null = no cache. */
  storage: KeyValueStore | null;
  /** Whether the server answers: a failure it explains is no broken list, and loading goes on when it answers. */
  connection: Pick<Connection, 'state' | 'isOffline' | 'check' | 'onResume'>;
}

const defaultDeps = (): FeedDeps => ({
  notify: () => undefined,
  catalogue: createCatalogueClient(),
  shortVideos: null,
  now: () => Date.now(),
  random: () => Math.random(),
  timers: realTimers,
  lang: catalogueLanguage(i18n.language),
  environment: browserEnvironment,
  ads: [],
  storage: pageLocalStorage(),
  connection: pageConnection,
});

/** The store's starting values: the initial state and what resetFeed() returns to. */
const initialFeedState = () => ({
  items: [] as FeedItem[],
  currentIndex: 0,
  /** Next catalogue page the rt.loader reads, and pages read so far. */
  page: 1,
  pagesLoaded: 0,
  muted: false,
  watchedCount: 0,
  switchCount: 0,
  /** The `j` parameter: progress-bar uses. */
  progressBarUses: 0,
  retryCount: 0,
  cooldownUntil: 0,
  playSource: ALL_SOURCE as PlaySource,
  categories: [] as PlaySource[],
  initialized: false,
  loading: false,
  loadingMore: false,
  emergencyLoading: false,
  /** The feed's error panel (first load failed): an i18n key. */
  errorKey: null as string | null,
  /** The server cannot be reached: the feed keeps its place (no swipe onwards) until it answers. */
  keepingPlace: false,
  pausedManually: false,
  lastActivityAt: 0,
  adsPlacedFor: [] as number[],
  toastTurn: 0,
  sourceSelector: { open: false, loading: false, switching: false, errorKey: null as string | null },
  random: { status: RandomStatus.Idle, loading: false, message: null, manualRetriesLeft: randomPlayConfig.manualRetries } as RandomPlayState,
});

export const feedState = proxy(initialFeedState());

// Listed items never change (the restore range feed-query.ts sets is read, not watched): held as plain
// objects (valtio's ref), not deep proxies that each keep a frozen snapshot copy for as long as the feed runs.
export function held<T extends FeedItem>(items: readonly T[]): T[] {
  return items.map((item) => ref(item));
}

/** Outside the proxy: services, timers and bookkeeping React never renders (shared by the feed's action modules). */
export const rt = {
  deps: defaultDeps(),
  loader: null as PageLoader | null,
  randomPlay: null as RandomPlay | null,
  /** When the play sources were read (epoch ms; they are kept 5 min). */
  categoriesLoadedAt: 0,
  retryTimer: null as unknown,
  emergencyTimers: [] as unknown[],
  inflight: null as Promise<boolean> | null,
  initInflight: null as Promise<void> | null,
  cacheTimer: null as unknown,
  played: new Set<string>(),
  /** Stops following the connection (feed-list.ts: keepingPlace, and loading resumed when the server answers). */
  offConnection: null as (() => void) | null,
};

/** The fast cache follows the default feed (not a category or random play), written a moment after a change: never on the swipe's own task. */
export function persistFastCache(): void {
  const storage = rt.deps.storage;
  if (!storage || rt.cacheTimer !== null || feedState.playSource.id !== ALL_SOURCE.id || randomOn()) return;
  rt.cacheTimer = rt.deps.timers.setTimeout(() => {
    rt.cacheTimer = null;
    if (feedState.playSource.id !== ALL_SOURCE.id || randomOn()) return;
    writeFastCache(storage, feedState.items, feedState.currentIndex, feedState.page, rt.deps.now());
  }, feedConfig.fastCacheWriteDelayMs);
}

export function configureFeed(partial: Partial<FeedDeps>): void {
  rt.deps = { ...rt.deps, ...partial };
}

export function newLoader(source: PlaySource): PageLoader {
  const all = source.id === null;
  return new PageLoader({ catalogue: rt.deps.catalogue, now: rt.deps.now, typeId: source.id ?? undefined, lang: rt.deps.lang, ...(all ? { random: rt.deps.random } : {}) });
}

export function syncLoader(): void {
  if (!rt.loader) return;
  const s = rt.loader.snapshot();
  feedState.page = s.nextPage;
  feedState.pagesLoaded = s.pagesLoaded;
  feedState.retryCount = s.retryCount;
  feedState.cooldownUntil = s.cooldownUntil;
}

export function randomOn(): boolean {
  const s = feedState.random.status;
  return s === RandomStatus.Active || s === RandomStatus.Initializing || s === RandomStatus.Paused;
}

export function loadPermission(): LoadDecision {
  const env = rt.deps.environment;
  return canLoadMore({
    now: rt.deps.now(),
    pageActive: env.pageActive(),
    pausedManually: feedState.pausedManually,
    hidden: env.hidden(),
    heapUsedRatio: env.heapUsedRatio(),
    networkVerySlow: env.networkVerySlow(),
    retryCount: feedState.retryCount,
    cooldownUntil: feedState.cooldownUntil,
    loading: feedState.loadingMore || feedState.loading,
    watching: env.watching(),
    fullVideoMode: env.fullVideoMode(),
    playPageMode: env.playPageMode(),
    lastActivityAt: feedState.lastActivityAt,
    itemsLeft: feedState.items.length - 1 - feedState.currentIndex,
  });
}

/** The player reports that an item started playing (it then counts as watched when left). */
export function notePlaying(id: string): void {
  rt.played.add(id);
}

export function noteActivity(): void {
  feedState.lastActivityAt = rt.deps.now();
}

export function setMuted(muted: boolean): void {
  feedState.muted = muted;
}

export function setPausedManually(paused: boolean): void {
  feedState.pausedManually = paused;
}

export function noteProgressBarUse(): void {
  feedState.progressBarUses++;
}

/** Restores counters from the address (`j`, `mute`). */
export function restoreFromAddress(params: { muted?: boolean; progressBarUses?: number }): void {
  if (params.muted !== undefined) feedState.muted = params.muted;
  if (params.progressBarUses !== undefined && Number.isInteger(params.progressBarUses) && params.progressBarUses >= 0) feedState.progressBarUses = params.progressBarUses;
}

/**
 * Back to the empty state (tests; a full reset).
 * @internal A test seam (knip.json: @internal exports are allowed for test seams only).
 */
export function resetFeed(): void {
  if (rt.retryTimer !== null) rt.deps.timers.clearTimeout(rt.retryTimer);
  rt.retryTimer = null;
  for (const t of rt.emergencyTimers) rt.deps.timers.clearTimeout(t);
  rt.emergencyTimers = [];
  if (rt.cacheTimer !== null) rt.deps.timers.clearTimeout(rt.cacheTimer);
  rt.cacheTimer = null;
  rt.offConnection?.();
  rt.offConnection = null;
  rt.randomPlay?.stop();
  rt.randomPlay = null;
  rt.categoriesLoadedAt = 0;
  rt.loader = null;
  rt.inflight = null;
  rt.played.clear();
  rt.deps = defaultDeps();
  Object.assign(feedState, initialFeedState());
}
