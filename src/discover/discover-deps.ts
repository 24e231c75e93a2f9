// What the Discover store runs on (DiscoverDeps: catalogue service, address,
// platform, time, session storage, toasts, image preloads), injected so tests
// swap any of them (configureDiscover); the browser's are made when first
// needed. Also the load tickets every loader shares.

import type { Page } from '../router/pages';
import type { RouteParams } from '../router/route-params';
import { navigateTo, replaceParams, routerState } from '../router/router-store';
import { currentPlatform, type PlatformClass } from '../lib/platform';
import { loadAllCategories, loadCategories, loadCategoryVideos, loadHotVideos, loadRecommended, loadSuggestions, searchVideos, type CatalogueService } from './catalogue/service';
import { realSleep, type Sleep } from './batch-loader';
import { discoverConfig } from './config';
import { discoverState, initialDiscoverState } from './discover-state';
import { createImagePreloader, type ImagePreloader } from './image-preload';
import type { KeyValueStore } from '../lib/key-value-store';
import { realTimers, type Timeouts } from '../lib/timers';
import { showToast } from '../notices/store';

export interface DiscoverNavigation {
  currentPage(): Page;
  /** Rewrite the current entry's address. */
  replace(page: Page, params: RouteParams): void;
  /** Open another page (a new history entry). */
  open(page: Page, params: RouteParams): void;
}

export interface DiscoverDeps {
  service: Pick<CatalogueService, 'loadCategories' | 'loadAllCategories' | 'loadCategoryVideos' | 'searchVideos' | 'loadHotVideos' | 'loadRecommended' | 'loadSuggestions'>;
  navigation: DiscoverNavigation;
  platform: () => PlatformClass;
  sleep: Sleep;
  /** Timers of the suggestion debounce (tests: fake). */
  timers: Timeouts;
  now: () => number;
  session: () => KeyValueStore | null;
  toast: (key: string) => void;
  log: (message: string) => void;
  preloader: ImagePreloader;
  /** Resolves once the browser has painted what is on screen now (the next frame, then a task). */
  afterPaint: () => Promise<void>;
}

/** After the next frame has been painted: a task queued from its animation frame runs after that paint. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const later = () => setTimeout(resolve, 0);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(later);
    else later();
  });
}

function browserSession(): KeyValueStore | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function browserDeps(): DiscoverDeps {
  const platform = currentPlatform();
  return {
    service: { loadCategories, loadAllCategories, loadCategoryVideos, searchVideos, loadHotVideos, loadRecommended, loadSuggestions },
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
    timers: realTimers,
    now: Date.now,
    session: browserSession,
    toast: (key) => showToast(key, undefined, { type: 'error' }),
    log: (message) => console.warn(`[discover] ${message}`),
    preloader: createImagePreloader({ timeoutMs: discoverConfig.preloadTimeoutMs[platform], maxEntries: discoverConfig.imageCacheEntries }),
    afterPaint: afterNextPaint,
  };
}

let deps: DiscoverDeps | null = null;
// Each load takes a ticket; an answer whose ticket is no longer the latest is dropped.
export const tickets = { home: 0, search: 0, category: 0 };

/** The deps in use: the browser's unless configureDiscover replaced them. */
export function d(): DiscoverDeps {
  deps ??= browserDeps();
  return deps;
}

/**
 * Replaces what the store runs on and resets the state.
 * @internal A test seam (knip.json: @internal exports are allowed for test seams only).
 */
export function configureDiscover(overrides: Partial<DiscoverDeps> = {}): void {
  deps = { ...browserDeps(), ...overrides };
  tickets.home = tickets.search = tickets.category = 0;
  Object.assign(discoverState, initialDiscoverState());
}

/** Spec 2 §8: on Safari or iOS a failed load clears the lists; elsewhere what is shown stays. */
export function clearsOnFailure(): boolean {
  return d().platform() === 'safari-ios';
}
