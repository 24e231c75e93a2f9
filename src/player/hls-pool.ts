// The hls.js instance pool (ARCHITECTURE.md hot path, spec 3 §4, §9): the
// next clip is preloaded with loadSource + startFragPrefetch and no media; on
// swipe it is attached to its slide's <video> (as the slide starts moving in;
// the feed-player.ts header says why). At most 3 instances live
// (previous, current, next); on overflow the least recently used inactive
// one is destroyed with every listener the pool registered for it removed.
// The Hls constructor is injected so the pool runs against a fake in node.

import type Hls from 'hls.js';
import { Events, type ErrorData, type HlsConfig, type HlsListeners } from 'hls.js';
import { createClipPlaylistLoader, type PlaylistSource } from './clip-playlist-loader';
import { poolConfig } from './config';
import { buildHlsConfig, type HlsMode, type MemoryClass, type SafariTimeouts } from './hls-config';

/** The part of an Hls instance the player layer uses. */
export type HlsLike = Pick<
  Hls,
  'loadSource' | 'attachMedia' | 'detachMedia' | 'startLoad' | 'stopLoad' | 'destroy' | 'on' | 'off' | 'recoverMediaError' | 'swapAudioCodec' | 'media' | 'bandwidthEstimate'
>;

export type HlsFactory = (config: Partial<HlsConfig>) => HlsLike;

/** acquired: created and loading, no media; active: attached to the visible video; released: detached; destroyed. */
export type PoolEntryState = 'acquired' | 'active' | 'released' | 'destroyed';

export interface PreloadSource {
  /** Playlist URL given to loadSource. */
  url: string;
  /** Worker-prepared playlist text by URL; URLs not in it load over the network. */
  playlists: ReadonlyMap<string, string>;
  mode: HlsMode;
}

export interface HlsPoolOptions {
  create: HlsFactory;
  /** Device memory class for the buffers, read at each creation. */
  memory?: () => MemoryClass;
  /** Safari's playlist and segment time-outs (adaptation.ts), read at each creation; null elsewhere. */
  safariTimeouts?: () => SafariTimeouts | null;
  now?: () => number;
  maxInstances?: number;
  expiryMs?: number;
  /** hls.js transmux worker script (hls-config.ts); null = main thread. */
  workerPath?: string | null;
}

interface Entry {
  key: string;
  url: string;
  hls: HlsLike;
  state: PoolEntryState;
  lastUsedAt: number;
  offs: (() => void)[];
  /** A fatal error while not on screen: hls.js stopped loading, so the next preload makes a fresh instance. */
  failed: boolean;
  /** Created for the screen: loadSource waits for attach (attach first, then load: no prefetch to repeat). */
  pendingUrl: string | null;
}

export interface HlsPool {
  /**
   * The instance for `key`, created if the pool did not have it: loading and prefetching its first
   * fragment without media; or, given `media` (the item is wanted on screen now), waiting to load
   * until attach() gives it that media.
   */
  preload(key: string, source: PreloadSource, media?: HTMLMediaElement): HlsLike;
  /**
   * Attaches the instance for `key` to `video`, detaching every other one; null when `key` was never
   * preloaded. `exclusive: false` leaves the others attached: the feed gives the incoming clip its own
   * slide's <video> while the outgoing one still shows (each element holds one instance at most).
   */
  attach(key: string, video: HTMLMediaElement, options?: { exclusive?: boolean }): HlsLike | null;
  /** Detaches `key` from its video; it stays loaded until evicted. */
  release(key: string): void;
  destroy(key: string): void;
  destroyAll(): void;
  /** hls.on for `key`'s instance; the pool removes it on destroy, or call the returned function. */
  listen<E extends keyof HlsListeners>(key: string, event: E, listener: HlsListeners[E]): () => void;
  get(key: string): HlsLike | null;
  stateOf(key: string): PoolEntryState | null;
  /** Destroys inactive instances unused for 10 min; returns how many. */
  sweep(): number;
  readonly size: number;
}

function normalUrl(u: string): string {
  try {
    return new URL(u).href;
  } catch {
    return u;
  }
}

export function playlistSource(playlists: ReadonlyMap<string, string>): PlaylistSource {
  const normal = new Map([...playlists].map(([u, text]) => [normalUrl(u), text]));
  return (url) => playlists.get(url) ?? normal.get(normalUrl(url));
}

export function createHlsPool(options: HlsPoolOptions): HlsPool {
  const now = options.now ?? (() => performance.now());
  const max = options.maxInstances ?? poolConfig.maxInstances;
  const expiryMs = options.expiryMs ?? poolConfig.expiryMs;
  const entries = new Map<string, Entry>();
  let bandwidth: number | undefined;

  const remember = (hls: HlsLike) => {
    const estimate = hls.bandwidthEstimate;
    if (Number.isFinite(estimate) && estimate > 0) bandwidth = estimate;
  };

  function destroyEntry(entry: Entry): void {
    remember(entry.hls);
    for (const off of entry.offs.splice(0)) off();
    entry.hls.destroy();
    entry.state = 'destroyed';
    entries.delete(entry.key);
  }

  function releaseEntry(entry: Entry): void {
    if (entry.state !== 'active') return;
    remember(entry.hls);
    entry.hls.detachMedia();
    entry.state = 'released';
    entry.lastUsedAt = now();
  }

  function makeRoom(): void {
    while (entries.size >= max) {
      let oldest: Entry | undefined;
      for (const e of entries.values()) if (e.state !== 'active' && (!oldest || e.lastUsedAt < oldest.lastUsedAt)) oldest = e;
      if (!oldest) return;
      destroyEntry(oldest);
    }
  }

  const pool: HlsPool = {
    preload(key, source, media) {
      pool.sweep();
      const existing = entries.get(key);
      if (existing && existing.url === source.url && !existing.failed) {
        existing.lastUsedAt = now();
        return existing.hls;
      }
      if (existing) destroyEntry(existing);
      makeRoom();
      const config = buildHlsConfig({
        mode: source.mode,
        memory: options.memory?.() ?? 'normal',
        safariTimeouts: options.safariTimeouts?.() ?? null,
        pLoader: createClipPlaylistLoader(playlistSource(source.playlists)),
        bandwidthEstimate: bandwidth,
        workerPath: options.workerPath,
      });
      // Prefetching a fragment and attaching while it is in flight made hls.js load that fragment twice:
      // an instance wanted on screen now is attached first and loads normally.
      const hls = options.create(media ? { ...config, startFragPrefetch: false } : config);
      const entry: Entry = { key, url: source.url, hls, state: 'acquired', lastUsedAt: now(), offs: [], failed: false, pendingUrl: null };
      entries.set(key, entry);
      pool.listen(key, Events.ERROR, (_event: Events.ERROR, data: ErrorData) => {
        if (data.fatal && entry.state !== 'active') entry.failed = true;
      });
      if (media) entry.pendingUrl = source.url;
      else hls.loadSource(source.url);
      return hls;
    },
    attach(key, video, attachOptions) {
      const entry = entries.get(key);
      if (!entry) return null;
      const exclusive = attachOptions?.exclusive ?? true;
      for (const other of entries.values()) if (other !== entry && other.state === 'active' && (exclusive || other.hls.media === video)) releaseEntry(other);
      if (entry.hls.media !== video) entry.hls.attachMedia(video);
      if (entry.pendingUrl) {
        entry.hls.loadSource(entry.pendingUrl);
        entry.pendingUrl = null;
      }
      entry.state = 'active';
      entry.lastUsedAt = now();
      return entry.hls;
    },
    release(key) {
      const entry = entries.get(key);
      if (entry) releaseEntry(entry);
    },
    destroy(key) {
      const entry = entries.get(key);
      if (entry) destroyEntry(entry);
    },
    destroyAll() {
      for (const entry of [...entries.values()]) destroyEntry(entry);
    },
    listen(key, event, listener) {
      const entry = entries.get(key);
      if (!entry) return () => undefined;
      const hls = entry.hls;
      let on = true;
      const off = () => {
        if (!on) return;
        on = false;
        hls.off(event, listener);
        const i = entry.offs.indexOf(off);
        if (i >= 0) entry.offs.splice(i, 1);
      };
      hls.on(event, listener);
      entry.offs.push(off);
      return off;
    },
    get: (key) => entries.get(key)?.hls ?? null,
    stateOf: (key) => entries.get(key)?.state ?? null,
    sweep() {
      const t = now();
      let n = 0;
      for (const entry of [...entries.values()]) {
        if (entry.state !== 'active' && t - entry.lastUsedAt >= expiryMs) {
          destroyEntry(entry);
          n++;
        }
      }
      return n;
    },
    get size() {
      return entries.size;
    },
  };
  return pool;
}
