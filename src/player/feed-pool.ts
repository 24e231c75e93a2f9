// The feed's hls.js pool, shared by the start-up code and the feed page: on a
// cold start the first clip's instance is made and its first fragment asked
// for as soon as the worker has prepared the clip, while React is still
// mounting the page; the page then attaches that same instance to its <video>
// (the pool hands out an existing instance for the same key and address).

import Hls from 'hls.js';
import type { PreparedClip } from '../../workers/core/types';
import { adaptationState } from './adaptation';
import { createHlsPool, type HlsPool } from './hls-pool';
import { hlsLoaded, loadHls } from './hls-load';
import { pageCapability } from './page-capability';
import { poolPreload } from './playback-source';

let shared: HlsPool | null = null;

export function feedHlsPool(): HlsPool {
  shared ??= createHlsPool({ create: (config) => new Hls(config), memory: () => adaptationState.device.memory, safariTimeouts: () => adaptationState.safari });
  return shared;
}

/**
 * Starts loading a prepared clip (no media yet) where hls.js plays; native HLS loads on show instead. On a cold
 * start hls.js may still be on its way (the app does not wait for it): the preload waits. A failed fetch is left
 * to what shows it (the inline script's failure page, or the page's loading boundary).
 */
export async function preloadFeedClip(key: string, prepared: PreparedClip, canPlayType: (type: string) => string): Promise<void> {
  if (!hlsLoaded()) {
    try {
      await loadHls();
    } catch {
      return;
    }
  }
  if (pageCapability(canPlayType) !== 'hls.js') return;
  const { poolKey, source } = poolPreload(key, prepared, 'clip');
  feedHlsPool().preload(poolKey, source);
}
