// The feed list's actions: the first load (or a restore from `i`), loading
// more, background retries, and moving along the list (next, previous, a
// target index, the emergency load), with the ad placement and short-clip
// preloading each switch brings (spec 1 §4). While the server cannot be
// reached (issue 16 point 4) the feed keeps its place and says nothing (the
// connection banner speaks); when it answers, loading goes on by itself.

import { ref, subscribe } from 'valtio';
import { requestTimeoutMs } from '../api/request-timeout';
import type { CatalogueError } from '../api/catalogue';
import { isUnreachableError } from '../errors/unreachable';
import { insertAd } from './ad-insertion';
import { feedConfig, randomPlayConfig } from './config';
import { readFastCache } from './fast-video-cache';
import { toFeedItem, type FeedItem, type FeedVideoItem } from './feed-item';
import { countersAfterSwitch, decideGoTo, decideNext, decidePrev, emergencyToastPlan } from './navigation';
import { restoreClipRange } from './feed-query';
import { feedState, held, loadPermission, newLoader, persistFastCache, randomOn, rt, syncLoader, noteActivity, FeedMessage, type NotifyType } from './feed-state';

export interface FeedEntry {
  /** The address's video (`i`): listed first, or moved to when the feed has items already. */
  restoreId?: string | number;
  /** The address's clip window (`t`) of that video, put on its item before the clip is prepared. */
  clipRange?: string;
}

/**
 * Loads the first batch (the address's video first). Calls while one runs share it.
 * A feed that has items already moves to the address's video instead (random watch from a video page).
 */
export async function initFeed(entry: FeedEntry = {}): Promise<void> {
  rt.offConnection ??= followConnection();
  if (feedState.initialized && feedState.items.length > 0) await focusVideo(entry.restoreId);
  else {
    rt.initInflight ??= runInitFeed(entry).finally(() => {
      rt.initInflight = null;
    });
    await rt.initInflight;
  }
  if (entry.restoreId !== undefined) restoreClipRange(String(entry.restoreId), entry.clipRange);
}

async function runInitFeed(options: { restoreId?: string | number }): Promise<void> {
  feedState.loading = true;
  feedState.errorKey = null;
  rt.loader ??= newLoader(feedState.playSource);
  const first: FeedVideoItem[] = [];
  const restoreId = Number(options.restoreId);
  // Back within 10 minutes: the videos not reached last time play at once; the catalogue is read from where it was left.
  const cached = !(restoreId > 0) && rt.deps.storage ? readFastCache(rt.deps.storage, rt.deps.now()) : null;
  if (cached) {
    rt.loader.resume(cached.page, cached.ids);
    syncLoader();
    feedState.items = held(cached.upcoming);
    feedState.currentIndex = 0;
    feedState.loading = false;
    feedState.initialized = true;
    persistFastCache();
    return;
  }
  if (Number.isSafeInteger(restoreId) && restoreId > 0) {
    const detail = await rt.deps.catalogue.detail([restoreId], { lang: rt.deps.lang, timeoutMs: requestTimeoutMs() });
    const item = detail.ok && detail.value[0] ? toFeedItem(detail.value[0]) : null;
    if (item) {
      first.push(item);
      rt.loader.markSeen([item.vod_id]);
    }
  }
  const batch = await rt.loader.loadBatch();
  syncLoader();
  feedState.loading = false;
  feedState.initialized = true;
  if (batch.ok) {
    feedState.items = held([...first, ...batch.items]);
    feedState.currentIndex = 0;
    persistFastCache();
  } else {
    feedState.items = held(first);
    // The server cannot be reached: no error panel of the feed's own (the banner says it, and loading resumes by itself).
    if (await unreachable(batch)) return;
    if (first.length === 0) feedState.errorKey = FeedMessage.loadFailed;
    say(FeedMessage.loadFailed, 'error');
    scheduleBackgroundRetry();
  }
}

/** Tells the visitor, unless the server cannot be reached: the connection banner is then the one message. */
function say(key: string, type: NotifyType): void {
  if (!rt.deps.connection.isOffline()) rt.deps.notify(key, {}, type);
}

/** Whether a failed batch failed because the server cannot be reached (the connection's probe decides). */
async function unreachable(batch: { ok: false; reason: string; error?: CatalogueError }): Promise<boolean> {
  if (rt.deps.connection.isOffline()) return true;
  if (batch.reason !== 'error' || !batch.error || !isUnreachableError(batch.error)) return false;
  return !(await rt.deps.connection.check());
}

/** keepingPlace follows the connection; when the server answers again, loading resumes. Returns the stop. */
function followConnection(): () => void {
  const link = rt.deps.connection;
  feedState.keepingPlace = link.isOffline();
  const offState = subscribe(link.state, () => (feedState.keepingPlace = link.isOffline()));
  const offResume = link.onResume(resumeLoading);
  return () => {
    offState();
    offResume();
  };
}

/** The server answers again: its failures spend no retries, and the list loads on from where it was. */
function resumeLoading(): void {
  if (rt.loader) {
    rt.loader.forgiveOutage();
    syncLoader();
  }
  if (feedState.items.length === 0) void retryInitialLoad();
  else if (feedState.items.length - 1 - feedState.currentIndex <= feedConfig.nearEndItems) void loadMore();
}

/** Moves to the video with this id: the list's own entry, else the video read from the catalogue, placed next. */
async function focusVideo(restoreId: string | number | undefined): Promise<void> {
  const id = Number(restoreId);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  const isIt = (item: FeedItem | undefined) => !!item && !item.isAd && item.vod_id === id;
  if (isIt(feedState.items[feedState.currentIndex])) return;
  const found = feedState.items.findIndex(isIt);
  if (found >= 0) return switchTo(found);
  const detail = await rt.deps.catalogue.detail([id], { lang: rt.deps.lang, timeoutMs: requestTimeoutMs() });
  const item = detail.ok && detail.value[0] ? toFeedItem(detail.value[0]) : null;
  if (!item || isIt(feedState.items[feedState.currentIndex])) return;
  const at = Math.min(feedState.currentIndex + 1, feedState.items.length);
  feedState.items.splice(at, 0, ref(item));
  switchTo(at);
}

/** Appends the next batch (random mode: from random pages). True when items were added. A call during a load shares it. */
export function loadMore(): Promise<boolean> {
  rt.inflight ??= runLoadMore().finally(() => {
    rt.inflight = null;
  });
  return rt.inflight;
}

async function runLoadMore(): Promise<boolean> {
  feedState.loadingMore = true;
  try {
    if (randomOn() && rt.randomPlay) {
      const items = await rt.randomPlay.more();
      if (items && items.length > 0) feedState.items.push(...held(items));
      return !!items && items.length > 0;
    }
    rt.loader ??= newLoader(feedState.playSource);
    const batch = await rt.loader.loadBatch();
    syncLoader();
    if (batch.ok) {
      feedState.errorKey = null;
      if (batch.items.length > 0) feedState.items.push(...held(batch.items));
      persistFastCache();
      return batch.items.length > 0;
    }
    if (batch.reason === 'error' && !(await unreachable(batch))) say(FeedMessage.loadFailed, 'error');
    return false;
  } finally {
    feedState.loadingMore = false;
  }
}

/** A retry after the cool-down, while automatic retries remain (spec 1 §4: up to 3). */
function scheduleBackgroundRetry(): void {
  // Offline, the server's return resumes loading (resumeLoading), not a timer.
  if (rt.retryTimer !== null || feedState.retryCount > feedConfig.maxRetries || rt.deps.connection.isOffline()) return;
  const wait = Math.max(feedState.cooldownUntil - rt.deps.now(), feedConfig.cooldownMs);
  rt.retryTimer = rt.deps.timers.setTimeout(() => {
    rt.retryTimer = null;
    void (feedState.items.length === 0 ? retryInitialLoad() : loadMore().then((added) => added || scheduleBackgroundRetry()));
  }, wait);
}

async function retryInitialLoad(): Promise<void> {
  feedState.initialized = false;
  await initFeed();
}

function switchTo(to: number): void {
  const left = feedState.items[feedState.currentIndex];
  const counters = countersAfterSwitch({ switchCount: feedState.switchCount, watchedCount: feedState.watchedCount }, left, !!left && rt.played.has(left.id));
  feedState.switchCount = counters.switchCount;
  feedState.watchedCount = counters.watchedCount;
  feedState.currentIndex = to;
  const ad = insertAd({ items: feedState.items, currentIndex: to, switchCount: counters.switchCount, placedFor: feedState.adsPlacedFor, ads: rt.deps.ads });
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
  if (rt.deps.shortVideos && ids.length > 0) void rt.deps.shortVideos.preloadClips(ids);
}

export async function nextVideo(): Promise<void> {
  noteActivity();
  // Nothing new can load while the server cannot be reached: the visitor keeps their place.
  if (!mayMoveOn()) return;
  // On the last item while a background load runs, the next item is a missing target: the emergency load
  // (spec 1 §4) waits for it, telling the visitor at 2, 3 and 5 s, instead of refusing the swipe.
  if (rt.inflight && feedState.currentIndex >= feedState.items.length - 1) return goToIndex(feedState.currentIndex + 1);
  const decision = decideNext(feedState.currentIndex, feedState.items.length, loadPermission(), feedState.toastTurn);
  if (decision.kind === 'advance') return switchTo(decision.to);
  if (decision.kind === 'load-more') {
    const before = feedState.items.length;
    const added = await loadMore();
    if (added && feedState.items.length > before && before > 0) switchTo(Math.min(feedState.currentIndex + 1, feedState.items.length - 1));
    else if (!added) {
      say(FeedMessage.noMore, 'info');
      scheduleBackgroundRetry();
    }
    return;
  }
  if (decision.kind === 'queue-retry') {
    say(decision.toastKey, 'info');
    feedState.toastTurn++;
    scheduleBackgroundRetry();
  }
}

export function prevVideo(): void {
  noteActivity();
  const decision = decidePrev(feedState.currentIndex, feedState.items.length);
  if (decision.kind === 'advance') switchTo(decision.to);
  else say(decision.key, 'info');
}

/** Whether the feed may move on to the next item: not while the server cannot be reached (the page asks before a swipe lands). */
export function mayMoveOn(): boolean {
  return !rt.deps.connection.isOffline();
}

export async function goToIndex(target: number): Promise<void> {
  noteActivity();
  const decision = decideGoTo(target, feedState.currentIndex, feedState.items.length);
  if (decision.kind === 'go') return switchTo(decision.to);
  if (decision.kind === 'emergency-load' && mayMoveOn()) await emergencyLoad(decision.target);
}

/** The target is not loaded yet: load until it is, with toasts at 2, 3 and 5 s. */
async function emergencyLoad(target: number): Promise<void> {
  if (feedState.emergencyLoading) return;
  feedState.emergencyLoading = true;
  rt.emergencyTimers = emergencyToastPlan().map(({ delayMs, key }) => rt.deps.timers.setTimeout(() => say(key, 'info'), delayMs));
  try {
    while (feedState.items.length <= target) {
      if (!(await loadMore())) break;
    }
  } finally {
    for (const t of rt.emergencyTimers) rt.deps.timers.clearTimeout(t);
    rt.emergencyTimers = [];
    feedState.emergencyLoading = false;
  }
  if (target < feedState.items.length) switchTo(target);
  else say(FeedMessage.loadFailed, 'error');
}
