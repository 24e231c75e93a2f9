// Orchestration around the pure core: fetch -> parse -> (master: pick a
// variant, fetch it) -> prepareFromMedia, with the caches of spec 3 §9 and
// in-flight deduplication. Plain async functions taking a fetch-like
// dependency, so tests run them without a worker or Comlink.

import {
  EngineErrorCode,
  cacheConfig,
  engineCacheConfig,
  parsePlaylist,
  prepareFromMedia,
  lowestVariant,
  selectVariant,
  type EngineError,
  type MediaPlaylist,
  type NetworkClass,
  type PreparedClip,
  type Result,
  type Variant,
  type VideoKind,
} from '../core/index';
import { abortedError, type FetchLike, type FetchTimeouts } from '../net/fetch-playlist';
import { fetchPlaylistRepaired } from '../net/fetch-repaired';
import { TtlCache } from '../core/ttl-cache';
import { mediaProbeConfig } from './config';
import type { LaterProbe } from './probe-later';

/** One feed item as the page knows it. */
export interface ClipRequest {
  url: string;
  /** The catalogue's vod_play_from (ad-carrying / special sources). */
  playFrom?: string;
  id?: string | number;
}

interface CommonOptions {
  network: NetworkClass;
  context?: VideoKind;
  /** Cancellation token for `cancel(token)` (worker API). */
  token?: string;
  /** Fetch timeout overrides (the page's Safari time-outs; tests). */
  timeouts?: Partial<FetchTimeouts>;
  /** The device's quality cap (spec 1 §9): a master playlist's variant is chosen within it. */
  maxHeight?: number;
  /** Save-Data (workers/core/connection-plan.ts): a master playlist's lowest variant, whatever the network. */
  saveData?: boolean;
}

export interface PrepareClipOptions extends CommonOptions {
  seed?: number;
  cleanMode?: boolean;
  /** Restore a clip by clean-segment indices (inclusive). */
  restore?: { startIdx: number; endIdx: number };
  /** The emergency fallback clip (0-60 s) instead of a selected one. */
  emergency?: boolean;
}

export interface PrepareFullOptions extends CommonOptions {
  playFrom?: string;
}

/** A feed clip now on screen: the media playlist it was cut from (its PreparedClip.url). */
export interface ShownClip {
  url: string;
  playFrom?: string;
}

export interface ClipShownOptions {
  network: NetworkClass;
  saveData?: boolean;
}

export interface LoadedMedia {
  playlist: MediaPlaylist;
  variant?: Variant;
  warnings: EngineError[];
}

export interface LoadDeps {
  fetch?: FetchLike;
  signal?: AbortSignal;
  timeouts?: Partial<FetchTimeouts>;
}

const NETWORKS: readonly NetworkClass[] = ['fast', 'medium', 'slow'];

function error(code: EngineErrorCode, message: string, retryable = false): { ok: false; error: EngineError } {
  return { ok: false, error: { code, message, retryable } };
}

/** A usable cap from the page (a positive number), else none. */
function capOf(value: unknown): number | undefined {
  return typeof value === 'number' && value > 0 ? value : undefined;
}

function networkOf(value: unknown): NetworkClass {
  return NETWORKS.includes(value as NetworkClass) ? (value as NetworkClass) : 'medium';
}

async function fetchAndParse(url: string, deps: LoadDeps, imported?: Record<string, string>) {
  const fetched = await fetchPlaylistRepaired(url, { fetch: deps.fetch, signal: deps.signal, timeouts: deps.timeouts });
  if (!fetched.ok) return fetched;
  const parsed = parsePlaylist(fetched.value.text, fetched.value.url, imported);
  if (!parsed.ok) return { ok: false as const, error: parsed.error };
  return { ok: true as const, value: parsed };
}

/** Fetch a playlist; when it is a master, choose the variant for `network` within `maxHeight` (Save-Data: the lowest) and fetch that. */
export async function loadMediaPlaylist(url: string, network: NetworkClass, deps: LoadDeps = {}, maxHeight?: number, saveData = false): Promise<Result<LoadedMedia>> {
  const first = await fetchAndParse(url, deps);
  if (!first.ok) return first;
  const top = first.value.playlist;
  if (top.kind === 'media') return { ok: true, value: { playlist: top, warnings: first.value.warnings } };
  const variant = saveData ? lowestVariant(top) : selectVariant(top, network, maxHeight);
  if (!variant) return error(EngineErrorCode.NoVariants, 'The master playlist has no usable variant.');
  const second = await fetchAndParse(variant.url, deps, top.variables);
  if (!second.ok) return second;
  const media = second.value.playlist;
  if (media.kind !== 'media') return error(EngineErrorCode.NoVariants, 'A variant points at another master playlist.');
  return { ok: true, value: { playlist: media, variant, warnings: [...first.value.warnings, ...second.value.warnings] } };
}

export interface EngineDeps {
  fetch?: FetchLike;
  /** Clock for the caches (tests). */
  now?: () => number;
  /** Default fetch timeouts (tests); a call's own `timeouts` wins. */
  timeouts?: Partial<FetchTimeouts>;
  /** The media probe (issue 19): a shown clip queues it; its verdicts clean that video's later clips. Absent: text only. */
  probe?: LaterProbe;
}

export interface Engine {
  prepareClip(item: ClipRequest, options: PrepareClipOptions, signal?: AbortSignal): Promise<Result<PreparedClip>>;
  prepareFull(url: string, options: PrepareFullOptions, signal?: AbortSignal): Promise<Result<PreparedClip>>;
  /** The page shows a clip this engine prepared: its media playlist (already loaded, not fetched again) may be probed. Returns at once. */
  clipShown(clip: ShownClip, options: ClipShownOptions): void;
  clear(): void;
}

const keepOk = (r: Result<unknown>) => r.ok;

export function createEngine(deps: EngineDeps = {}): Engine {
  const media = new TtlCache<string, Result<LoadedMedia>>({
    ttlMs: cacheConfig.segmentSelectionTtlMs,
    maxEntries: engineCacheConfig.mediaPlaylistMax,
    now: deps.now,
  });
  const prepared = new TtlCache<string, Result<PreparedClip>>({
    ttlMs: cacheConfig.preparedClipTtlMs,
    maxEntries: cacheConfig.preparedClipMax,
    now: deps.now,
  });
  // The media playlists prepared clips were cut from, by URL: what a shown clip's probe reads.
  const cut = new TtlCache<string, MediaPlaylist>({ ttlMs: cacheConfig.preparedClipTtlMs, maxEntries: mediaProbeConfig.shownPlaylistsMax, now: deps.now });
  // The probe verdict each prepared clip was built with (undefined: text only).
  const builtWith = new WeakMap<PreparedClip, readonly number[] | undefined>();
  /** A cached clip whose playlist has since been found to carry ads its preparation did not know of. */
  const outdated = (clip: PreparedClip): boolean => {
    const ads = deps.probe?.adsOf(clip.url);
    return ads !== undefined && ads.length > 0 && ads !== builtWith.get(clip);
  };

  function loadMedia(url: string, network: NetworkClass, signal: AbortSignal, timeouts: CommonOptions['timeouts'], maxHeight: number | undefined, saveData: boolean) {
    const load = (s: AbortSignal) => loadMediaPlaylist(url, network, { fetch: deps.fetch, signal: s, timeouts: { ...deps.timeouts, ...timeouts } }, maxHeight, saveData);
    return media.load(JSON.stringify([network, maxHeight ?? null, saveData, url]), load, { signal, onAbort: abortedError, keep: keepOk });
  }

  function run(
    key: unknown[],
    url: string,
    options: CommonOptions,
    signal: AbortSignal | undefined,
    build: (loaded: LoadedMedia, extraAds: readonly number[] | undefined) => Result<PreparedClip>,
  ): Promise<Result<PreparedClip>> {
    if (typeof url !== 'string' || url.trim() === '') {
      return Promise.resolve(error(EngineErrorCode.InvalidPlayUrl, 'The item has no playlist URL.'));
    }
    const network = networkOf(options?.network);
    const saveData = options?.saveData === true;
    const load = async (s: AbortSignal): Promise<Result<PreparedClip>> => {
      const loaded = await loadMedia(url, network, s, options?.timeouts, capOf(options?.maxHeight), saveData);
      if (!loaded.ok) return loaded;
      if (s.aborted) return abortedError();
      try {
        const playlist = loaded.value.playlist;
        // The probe's verdict when a showing's probe has finished; this preparation never waits for one.
        const extraAds = deps.probe?.adsOf(playlist.url);
        const result = build(loaded.value, extraAds);
        if (result.ok) {
          builtWith.set(result.value, extraAds);
          if (deps.probe) cut.set(playlist.url, playlist);
        }
        if (result.ok && loaded.value.warnings.length > 0) {
          result.value.warnings = [...loaded.value.warnings, ...result.value.warnings];
        }
        return result;
      } catch (e) {
        // The core never throws by contract; keep the worker boundary safe anyway.
        return error(EngineErrorCode.NoPlayableSource, `Engine failure: ${e instanceof Error ? e.message : String(e)}`);
      }
    };
    const cacheKey = JSON.stringify([network, capOf(options?.maxHeight) ?? null, saveData, ...key]);
    // Once a verdict found ads in this clip's playlist, its later clips are prepared with them; other videos' stay cached.
    const cached = prepared.get(cacheKey);
    if (cached?.ok && outdated(cached.value)) prepared.delete(cacheKey);
    return prepared.load(cacheKey, load, { signal, onAbort: abortedError, keep: keepOk });
  }

  return {
    prepareClip(item, options, signal) {
      const context = options?.context ?? 'short-video';
      const emergency = options?.emergency === true;
      const key = ['clip', item?.url, item?.playFrom ?? '', context, options?.seed ?? null, options?.cleanMode ?? false, options?.restore ?? null, emergency];
      return run(key, item?.url, options, signal, ({ playlist, variant }, extraAds) =>
        prepareFromMedia(playlist, {
          network: networkOf(options?.network),
          context,
          playFrom: item.playFrom,
          seed: options?.seed,
          cleanMode: options?.cleanMode,
          restore: options?.restore,
          emergency,
          variant,
          extraAds,
        }),
      );
    },
    prepareFull(url, options, signal) {
      const context = options?.context ?? 'full-video-modal';
      const key = ['full', url, options?.playFrom ?? '', context];
      return run(key, url, options, signal, ({ playlist, variant }, extraAds) =>
        prepareFromMedia(playlist, {
          network: networkOf(options?.network),
          context,
          playFrom: options?.playFrom,
          wantFull: true,
          variant,
          extraAds,
        }),
      );
    },
    clipShown(clip, options) {
      const playlist = typeof clip?.url === 'string' ? cut.get(clip.url) : undefined;
      if (!playlist) return;
      deps.probe?.consider(playlist, { network: networkOf(options?.network), saveData: options?.saveData === true, playFrom: clip.playFrom });
    },
    clear() {
      media.clear();
      prepared.clear();
      cut.clear();
    },
  };
}
