// The browser facts the load-permission rule needs (spec 1 §4), read on
// demand. Each is a function so the feed store can be driven in tests.
// Watching is the feed's visible player playing; full-video mode is the
// feed's `full` address flag (the modal is open); play-page mode is the video
// play page on screen (the feed's background retries may still run then).

import { playerState } from '../player/player-state';
import { routerState } from '../router/router-store';
import { feedConfig } from './config';

export interface FeedEnvironment {
  pageActive(): boolean;
  hidden(): boolean;
  /** usedJSHeapSize / jsHeapSizeLimit (Chromium only); null when unknown. */
  heapUsedRatio(): number | null;
  networkVerySlow(): boolean;
  watching(): boolean;
  fullVideoMode(): boolean;
  playPageMode(): boolean;
}

interface ChromiumMemory {
  usedJSHeapSize: number;
  jsHeapSizeLimit: number;
}

export const browserEnvironment: FeedEnvironment = {
  pageActive: () => typeof document === 'undefined' || document.hasFocus() || document.visibilityState === 'visible',
  hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  heapUsedRatio: () => {
    const memory = (globalThis.performance as unknown as { memory?: ChromiumMemory } | undefined)?.memory;
    if (!memory || !(memory.jsHeapSizeLimit > 0)) return null;
    return memory.usedJSHeapSize / memory.jsHeapSizeLimit;
  },
  networkVerySlow: () => {
    const type = (globalThis.navigator as unknown as { connection?: { effectiveType?: string } } | undefined)?.connection?.effectiveType;
    return typeof type === 'string' && (feedConfig.verySlowNetworks as readonly string[]).includes(type);
  },
  watching: () => playerState.status === 'playing',
  fullVideoMode: () => routerState.route.page === 'douyin' && routerState.route.params.full === true,
  playPageMode: () => routerState.route.page === 'video-play',
};
