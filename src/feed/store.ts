// The feed store (STYLE.md 9): valtio state + module-level actions. The
// rules live in src/feed/* (pure); this module applies their decisions and
// owns the timers. Toasts go through the injected notify(key, params, type),
// so the toast store stays someone else's.

import { proxy, ref } from 'valtio';
import { pageLocalStorage } from '../lib/page-storage';
import { createCatalogueClient, type CatalogueClient } from '../api/catalogue';
import type { ShortVideoClient } from '../api/short-videos';
import { insertAd } from './ad-insertion';
import { feedConfig, randomPlayConfig } from './config';
import { browserEnvironment, type FeedEnvironment } from './environment';
import { readFastCache, writeFastCache, type KeyValue } from './fast-video-cache';
import { toFeedItem, type FeedAdItem, type FeedItem, type FeedVideoItem } from './feed-item';
import { canLoadMore, type LoadDecision } from './load-permission';
import { countersAfterSwitch, decideGoTo, decideNext, decidePrev, emergencyToastPlan } from './navigation';
import { PageLoader } from './page-loader';
import { i18n } from '../i18n';
import { catalogueLanguage } from '../i18n/video-title';
import { ALL_SOURCE, categoryErrorKey, selectionAction, sourceLabel, sourcesFromCategories, SourceMessage, type PlaySource } from './play-sources';
import { RandomPlay, RandomStatus, type RandomPlayState, type Timers } from './random-play';
import { apiConfig } from '../api/config';

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
  timers: Timers;
  /** Catalogue title language (lang=). */
  lang: string;
  environment: FeedEnvironment;
  /** Feed ad items (from the app config). */
  ads: FeedAdItem[];
  /** Where the fast cache lives (local storage); null = no cache. */
  storage: KeyValue | null;
}

const defaultDeps = (): FeedDeps => ({
  notify: () => undefined,
  catalogue: createCatalogueClient(),
  shortVideos: null,
  now: () => Date.now(),
  random: () => Math.random(),
  timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
  lang: catalogueLanguage(i18n.language),
  environment: browserEnvironment,
  ads: [],
  storage: pageLocalStorage(),
});

/** The store's starting values: the initial state and what resetFeed() returns to. */
const initialFeedState = () => ({
  items: [] as FeedItem[],
  currentIndex: 0,
  /** Next catalogue page the loader reads, and pages read so far. */
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
  pausedManually: false,
  lastActivityAt: 0,
  adsPlacedFor: [] as number[],
  toastTurn: 0,
  sourceSelector: { open: false, loading: false, switching: false, errorKey: null as string | null },
  random: { status: RandomStatus.Idle, loading: false, message: null, manualRetriesLeft: randomPlayConfig.manualRetries } as RandomPlayState,
});

export const feedState = proxy(initialFeedState());

// Listed items never change (the restore range feed-address.ts sets is read, not watched): held as plain
// objects (valtio's ref), not deep proxies that each keep a frozen snapshot copy for as long as the feed runs.
function held<T extends FeedItem>(items: readonly T[]): T[] {
  return items.map((item) => ref(item));
}

// Outside the proxy: services, timers and bookkeeping React never renders.
let deps: FeedDeps = defaultDeps();
let loader: PageLoader | null = null;
let randomPlay: RandomPlay | null = null;
let retryTimer: unknown = null;
let emergencyTimers: unknown[] = [];
let inflight: Promise<boolean> | null = null;
let cacheTimer: unknown = null;
const played = new Set<string>();

/** The fast cache follows the default feed (not a category or random play), written a moment after a change: never on the swipe's own task. */
function persistFastCache(): void {
  const storage = deps.storage;
  if (!storage || cacheTimer !== null || feedState.playSource.id !== ALL_SOURCE.id || randomOn()) return;
  cacheTimer = deps.timers.setTimeout(() => {
    cacheTimer = null;
    if (feedState.playSource.id !== ALL_SOURCE.id || randomOn()) return;
    writeFastCache(storage, feedState.items, feedState.currentIndex, feedState.page, deps.now());
  }, feedConfig.fastCacheWriteDelayMs);
}

export function configureFeed(partial: Partial<FeedDeps>): void {
  deps = { ...deps, ...partial };
}

function newLoader(source: PlaySource): PageLoader {
  return new PageLoader({ catalogue: deps.catalogue, now: deps.now, typeId: source.id ?? undefined, lang: deps.lang });
}

function syncLoader(): void {
  if (!loader) return;
  const s = loader.snapshot();
  feedState.page = s.nextPage;
  feedState.pagesLoaded = s.pagesLoaded;
  feedState.retryCount = s.retryCount;
  feedState.cooldownUntil = s.cooldownUntil;
}

function randomOn(): boolean {
  const s = feedState.random.status;
  return s === RandomStatus.Active || s === RandomStatus.Initializing || s === RandomStatus.Paused;
}

export function loadPermission(): LoadDecision {
  const env = deps.environment;
  return canLoadMore({
    now: deps.now(),
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

/** First load (or a restore from the `i` parameter). Does nothing when the feed already has items. */
let initInflight: Promise<void> | null = null;

/**
 * Loads the first batch (the address's video first). Calls while one runs share it.
 * A feed that has items already moves to the address's video instead (random watch from a video page).
 */
export function initFeed(options: { restoreId?: string | number } = {}): Promise<void> {
  if (feedState.initialized && feedState.items.length > 0) return focusVideo(options.restoreId);
  initInflight ??= runInitFeed(options).finally(() => {
    initInflight = null;
  });
  return initInflight;
}

async function runInitFeed(options: { restoreId?: string | number }): Promise<void> {
  feedState.loading = true;
  feedState.errorKey = null;
  loader ??= newLoader(feedState.playSource);
  const first: FeedVideoItem[] = [];
  const restoreId = Number(options.restoreId);
  // Back within 10 minutes: the videos not reached last time play at once; the catalogue is read from where it was left.
  const cached = !(restoreId > 0) && deps.storage ? readFastCache(deps.storage, deps.now()) : null;
  if (cached) {
    loader.resume(cached.page, cached.ids);
    syncLoader();
    feedState.items = held(cached.upcoming);
    feedState.currentIndex = 0;
    feedState.loading = false;
    feedState.initialized = true;
    persistFastCache();
    return;
  }
  if (Number.isSafeInteger(restoreId) && restoreId > 0) {
    const detail = await deps.catalogue.detail([restoreId], { lang: deps.lang, timeoutMs: apiConfig.requestTimeoutMs });
    const item = detail.ok && detail.value[0] ? toFeedItem(detail.value[0]) : null;
    if (item) {
      first.push(item);
      loader.markSeen([item.vod_id]);
    }
  }
  const batch = await loader.loadBatch();
  syncLoader();
  feedState.loading = false;
  feedState.initialized = true;
  if (batch.ok) {
    feedState.items = held([...first, ...batch.items]);
    feedState.currentIndex = 0;
    persistFastCache();
  } else {
    feedState.items = held(first);
    if (first.length === 0) feedState.errorKey = FeedMessage.loadFailed;
    deps.notify(FeedMessage.loadFailed, {}, 'error');
    scheduleBackgroundRetry();
  }
}

/** Moves to the video with this id: the list's own entry, else the video read from the catalogue, placed next. */
async function focusVideo(restoreId: string | number | undefined): Promise<void> {
  const id = Number(restoreId);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  const isIt = (item: FeedItem | undefined) => !!item && !item.isAd && item.vod_id === id;
  if (isIt(feedState.items[feedState.currentIndex])) return;
  const found = feedState.items.findIndex(isIt);
  if (found >= 0) return switchTo(found);
  const detail = await deps.catalogue.detail([id], { lang: deps.lang, timeoutMs: apiConfig.requestTimeoutMs });
  const item = detail.ok && detail.value[0] ? toFeedItem(detail.value[0]) : null;
  if (!item || isIt(feedState.items[feedState.currentIndex])) return;
  const at = Math.min(feedState.currentIndex + 1, feedState.items.length);
  feedState.items.splice(at, 0, ref(item));
  switchTo(at);
}

/** Appends the next batch (random mode: from random pages). True when items were added. A call during a load shares it. */
export function loadMore(): Promise<boolean> {
  inflight ??= runLoadMore().finally(() => {
    inflight = null;
  });
  return inflight;
}

async function runLoadMore(): Promise<boolean> {
  feedState.loadingMore = true;
  try {
    if (randomOn() && randomPlay) {
      const items = await randomPlay.more();
      if (items && items.length > 0) feedState.items.push(...held(items));
      return !!items && items.length > 0;
    }
    loader ??= newLoader(feedState.playSource);
    const batch = await loader.loadBatch();
    syncLoader();
    if (batch.ok) {
      feedState.errorKey = null;
      if (batch.items.length > 0) feedState.items.push(...held(batch.items));
      persistFastCache();
      return batch.items.length > 0;
    }
    if (batch.reason === 'error') deps.notify(FeedMessage.loadFailed, {}, 'error');
    return false;
  } finally {
    feedState.loadingMore = false;
  }
}

/** A retry after the cool-down, while automatic retries remain (spec 1 §4: up to 3). */
function scheduleBackgroundRetry(): void {
  if (retryTimer !== null || feedState.retryCount > feedConfig.maxRetries) return;
  const wait = Math.max(feedState.cooldownUntil - deps.now(), feedConfig.cooldownMs);
  retryTimer = deps.timers.setTimeout(() => {
    retryTimer = null;
    void (feedState.items.length === 0 ? retryInitialLoad() : loadMore().then((added) => added || scheduleBackgroundRetry()));
  }, wait);
}

async function retryInitialLoad(): Promise<void> {
  feedState.initialized = false;
  await initFeed();
}

/** The player reports that an item started playing (it then counts as watched when left). */
export function notePlaying(id: string): void {
  played.add(id);
}

export function noteActivity(): void {
  feedState.lastActivityAt = deps.now();
}

function switchTo(to: number): void {
  const left = feedState.items[feedState.currentIndex];
  const counters = countersAfterSwitch({ switchCount: feedState.switchCount, watchedCount: feedState.watchedCount }, left, !!left && played.has(left.id));
  feedState.switchCount = counters.switchCount;
  feedState.watchedCount = counters.watchedCount;
  feedState.currentIndex = to;
  const ad = insertAd({ items: feedState.items, currentIndex: to, switchCount: counters.switchCount, placedFor: feedState.adsPlacedFor, ads: deps.ads });
  if (ad.inserted) {
    feedState.items.splice(ad.index, 0, ref(ad.ad));
    feedState.adsPlacedFor = ad.placedFor;
  }
  preloadShortClips();
  persistFastCache();
  if (loadPermission().allowed && feedState.items.length - 1 - to <= feedConfig.nearEndItems) void loadMore();
}

/** Short clips of the next items, so the player's first candidate is ready (spec 1 §4). */
function preloadShortClips(): void {
  const next = feedState.items.slice(feedState.currentIndex + 1, feedState.currentIndex + 1 + randomPlayConfig.parallelPages);
  const ids = next.filter((i): i is FeedVideoItem => !i.isAd).map((i) => i.vod_id);
  if (deps.shortVideos && ids.length > 0) void deps.shortVideos.preloadClips(ids);
}

export async function nextVideo(): Promise<void> {
  noteActivity();
  // On the last item while a background load runs: wait for it instead of refusing.
  if (inflight && feedState.currentIndex >= feedState.items.length - 1) await inflight;
  const decision = decideNext(feedState.currentIndex, feedState.items.length, loadPermission(), feedState.toastTurn);
  if (decision.kind === 'advance') return switchTo(decision.to);
  if (decision.kind === 'load-more') {
    const before = feedState.items.length;
    const added = await loadMore();
    if (added && feedState.items.length > before && before > 0) switchTo(Math.min(feedState.currentIndex + 1, feedState.items.length - 1));
    else if (!added) {
      deps.notify(FeedMessage.noMore, {}, 'info');
      scheduleBackgroundRetry();
    }
    return;
  }
  if (decision.kind === 'queue-retry') {
    deps.notify(decision.toastKey, {}, 'info');
    feedState.toastTurn++;
    scheduleBackgroundRetry();
  }
}

export function prevVideo(): void {
  noteActivity();
  const decision = decidePrev(feedState.currentIndex, feedState.items.length);
  if (decision.kind === 'advance') switchTo(decision.to);
  else deps.notify(decision.key, {}, 'info');
}

export async function goToIndex(target: number): Promise<void> {
  noteActivity();
  const decision = decideGoTo(target, feedState.currentIndex, feedState.items.length);
  if (decision.kind === 'go') return switchTo(decision.to);
  if (decision.kind === 'emergency-load') await emergencyLoad(decision.target);
}

/** The target is not loaded yet: load until it is, with toasts at 2, 3 and 5 s. */
async function emergencyLoad(target: number): Promise<void> {
  if (feedState.emergencyLoading) return;
  feedState.emergencyLoading = true;
  emergencyTimers = emergencyToastPlan().map(({ delayMs, key }) => deps.timers.setTimeout(() => deps.notify(key, {}, 'info'), delayMs));
  try {
    while (feedState.items.length <= target) {
      if (!(await loadMore())) break;
    }
  } finally {
    for (const t of emergencyTimers) deps.timers.clearTimeout(t);
    emergencyTimers = [];
    feedState.emergencyLoading = false;
  }
  if (target < feedState.items.length) switchTo(target);
  else deps.notify(FeedMessage.loadFailed, {}, 'error');
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

// ---- play-source selector (spec 3 §2) ----

export async function openSourceSelector(): Promise<void> {
  feedState.sourceSelector.open = true;
  if (feedState.categories.length === 0) await loadSources();
}

export function closeSourceSelector(): void {
  feedState.sourceSelector.open = false;
}

export async function loadSources(): Promise<void> {
  feedState.sourceSelector.loading = true;
  feedState.sourceSelector.errorKey = null;
  const r = await deps.catalogue.categories({ timeoutMs: apiConfig.requestTimeoutMs });
  feedState.sourceSelector.loading = false;
  if (r.ok) feedState.categories = sourcesFromCategories(r.value);
  else feedState.sourceSelector.errorKey = categoryErrorKey(r.error);
}

/** Switches the feed to a category (ac=list&t=) or back to all; the current one only closes the selector. */
export async function selectSource(source: PlaySource): Promise<void> {
  if (selectionAction(feedState.playSource, source) === 'close') return closeSourceSelector();
  if (feedState.sourceSelector.switching) return;
  feedState.sourceSelector.switching = true;
  const next = newLoader(source);
  const batch = await next.loadBatch();
  feedState.sourceSelector.switching = false;
  if (!batch.ok || batch.items.length === 0) {
    deps.notify(SourceMessage.switchSourceFailed, {}, 'error');
    return;
  }
  if (randomOn()) stopRandom();
  loader = next;
  syncLoader();
  feedState.playSource = { ...source };
  feedState.items = held(batch.items);
  feedState.currentIndex = 0;
  feedState.adsPlacedFor = [];
  feedState.errorKey = null;
  feedState.sourceSelector.open = false;
  const label = sourceLabel(source);
  if ('text' in label) deps.notify(SourceMessage.switched, { name: label.text }, 'success');
  else deps.notify(label.key === SourceMessage.all ? SourceMessage.switchedAll : SourceMessage.switchedUnknown, {}, 'success');
}

// ---- random play (刷着看, spec 3 §4) ----

function mirrorRandom(state: RandomPlayState): void {
  feedState.random = state;
}

function stopRandom(): void {
  randomPlay?.stop();
  randomPlay = null;
  feedState.random = { status: RandomStatus.Idle, loading: false, message: null, manualRetriesLeft: randomPlayConfig.manualRetries };
}

/** Starts random play (the feed is replaced by random clips once the first batch arrives) or stops it. */
export async function toggleRandomPlay(): Promise<void> {
  if (randomOn()) return stopRandom();
  randomPlay = new RandomPlay({
    catalogue: deps.catalogue,
    random: deps.random,
    now: deps.now,
    timers: deps.timers,
    lang: deps.lang,
    onChange: mirrorRandom,
    notify: (key, params) => deps.notify(key, params, 'warning'),
  });
  const items = await randomPlay.start();
  if (items && items.length > 0) replaceWithRandom(items);
  else if (feedState.random.message) deps.notify(feedState.random.message.key, feedState.random.message.params ?? {}, 'error');
}

function replaceWithRandom(items: FeedVideoItem[]): void {
  feedState.items = held(items);
  feedState.currentIndex = 0;
  feedState.adsPlacedFor = [];
}

/** The retry banner's button. */
export async function retryRandomPlay(): Promise<void> {
  if (!randomPlay) return;
  const wasActive = feedState.random.status === RandomStatus.Active;
  const items = await randomPlay.manualRetry();
  if (!items || items.length === 0) return;
  if (wasActive) feedState.items.push(...held(items));
  else replaceWithRandom(items);
}

/** The visitor left the feed page / came back: random play pauses and resumes. */
export function pauseFeed(): void {
  randomPlay?.pause();
}

export async function resumeFeed(): Promise<void> {
  await randomPlay?.resume();
}

/** Back to the empty state (tests; a full reset). */
export function resetFeed(): void {
  if (retryTimer !== null) deps.timers.clearTimeout(retryTimer);
  retryTimer = null;
  for (const t of emergencyTimers) deps.timers.clearTimeout(t);
  emergencyTimers = [];
  if (cacheTimer !== null) deps.timers.clearTimeout(cacheTimer);
  cacheTimer = null;
  randomPlay?.stop();
  randomPlay = null;
  loader = null;
  inflight = null;
  played.clear();
  deps = defaultDeps();
  Object.assign(feedState, initialFeedState());
}
