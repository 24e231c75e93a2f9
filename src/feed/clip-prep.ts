// Prepares feed items for the player: asks the engine worker for each item's
// clip (ads removed, 30-75 s window, variant by network class), trying the
// item's play addresses in the spec's fallback order (cached short URL, the
// item's short URL, a short clip fetched by id, the original). Results are
// kept per item for the feed's life (the worker caches 5 min too); calls for
// items that left the preload window are cancelled, not awaited (STYLE.md 4).
// A video shown comes back in a later round of the feed as another item of
// the same id: that one is asked of the worker again, which answers from its
// cache, or anew once the media probe found ads (issue 19).

import type { EngineError, NetworkClass, PreparedClip, Result } from '../../workers/core/types';
import type { ClipRequest, ClipShownOptions, ShownClip } from '../worker-bridge/bridge';
import type { BridgeOptions } from '../worker-bridge/bridge';
import type { PrepareClipOptions, PrepareFullOptions } from '../../workers/engine.worker';
import { isShortUrl, validateStreamUrl } from '../../workers/core/play-url';
import { playCandidates, type PlayAddressSources } from './play-address';
import type { FeedVideoItem } from './feed-item';
import { feedConfig } from './config';

export interface Engine {
  prepareClip(item: ClipRequest, options: BridgeOptions<PrepareClipOptions>): Promise<Result<PreparedClip>>;
  prepareFull(url: string, options: BridgeOptions<PrepareFullOptions>): Promise<Result<PreparedClip>>;
  clipShown(clip: ShownClip, options: ClipShownOptions): void;
}

export interface ClipPrepDeps {
  engine: Engine;
  sources: PlayAddressSources;
  /** What every engine call carries: network class, quality cap, Safari's playlist time-out (player/adaptation.ts). */
  callOptions: () => { network: NetworkClass; maxHeight?: number; saveData?: boolean; timeouts?: { fallbackMs: number } };
}

export type Prepared = { ok: true; clip: PreparedClip } | { ok: false; error: EngineError };

interface Entry {
  promise: Promise<Prepared>;
  controller: AbortController;
  settled: Prepared | null;
  /** The feed item it was prepared for, and whether its clip was shown. */
  item: FeedVideoItem;
  shown: boolean;
}

export interface ClipPrep {
  /** The item's prepared clip (shared with a preload already running). */
  prepare(item: FeedVideoItem): Promise<Prepared>;
  /** What is ready now for `item`, without waiting. */
  ready(item: FeedVideoItem): PreparedClip | null;
  /** Cancels preparations of items not in `keep` that have not finished; forgets finished ones beyond the cache size. */
  retain(keep: readonly string[]): void;
  /** The clean full playlist for full-video mode. */
  prepareFull(item: FeedVideoItem, signal: AbortSignal): Promise<Prepared>;
  /** `clip` of `item` is on screen: the worker may probe its media in the background (issue 19); returns at once. */
  shown(item: FeedVideoItem, clip: PreparedClip): void;
  /** The item's emergency clip (its first 60 s) from `url`, the playlist its clip came from (spec 3 §4 error loop guard). */
  prepareEmergency(item: FeedVideoItem, url: string): Promise<Prepared>;
  dispose(): void;
}

export function createClipPrep(deps: ClipPrepDeps): ClipPrep {
  const entries = new Map<string, Entry>();
  // Going back replays an item's clip at once; another item of the same id (a later round) gets no clip already shown.
  const usable = (entry: Entry | undefined, item: FeedVideoItem): entry is Entry => !!entry && !(entry.shown && entry.item !== item);

  async function run(item: FeedVideoItem, signal: AbortSignal): Promise<Prepared> {
    // Plain copies only: items may be store proxies, which cannot cross to the worker (structured clone).
    const range = item._restoreSegmentRange;
    const restore = range ? { restore: { startIdx: range.startIdx, endIdx: range.endIdx } } : {};
    const prepareUrl = (url: string): Promise<Prepared> =>
      deps.engine
        .prepareClip({ url, playFrom: item.vod_play_from, id: item.vod_id }, { ...deps.callOptions(), context: 'short-video', signal, ...restore })
        .then((r) => (r.ok ? { ok: true, clip: r.value } : { ok: false, error: r.error }));
    const firstOk = async (attempts: readonly (() => Promise<Prepared>)[]): Promise<Prepared> => {
      let last: Prepared = { ok: false, error: { code: 'NO_PLAYABLE_SOURCE', message: 'The video has no playable address.', retryable: false } };
      for (const attempt of attempts) {
        if (signal.aborted) break;
        last = await attempt();
        if (last.ok || last.error.code === 'ABORTED') return last;
      }
      return last;
    };

    // Addresses known without the network: cached short URL, the item's short URL, the original.
    const known = await playCandidates(item, { ...deps.sources, fetchShortUrl: async () => null }, signal);
    const original = known.find((c) => c.source === 'original');
    if (known.some((c) => c.source !== 'original') || !original) return firstOk(known.map((c) => () => prepareUrl(c.url)));

    // No short URL known: look one up by id while the original is prepared, so a miss costs no round trip.
    // Whichever is ready first plays: a short clip that answers first wins (the spec's order); an original
    // ready first is not held back for the lookup (the answer is cached for the next visit).
    const fromOriginal = prepareUrl(original.url);
    const fromShort = deps.sources
      .fetchShortUrl(item.vod_id, signal)
      .catch(() => null)
      .then(async (looked): Promise<Prepared | null> => {
        const valid = isShortUrl(looked) ? validateStreamUrl(looked) : null;
        const shortUrl = valid?.ok ? valid.value : null;
        if (!shortUrl || shortUrl === original.url) return null;
        const short = await prepareUrl(shortUrl);
        return short.ok ? short : null;
      });
    const first = await Promise.race([fromShort, fromOriginal.then((r) => ({ original: r }))]);
    if (first && 'original' in first) return first.original.ok ? first.original : ((await fromShort) ?? first.original);
    return first ?? fromOriginal;
  }

  function prepare(item: FeedVideoItem): Promise<Prepared> {
    const existing = entries.get(item.id);
    if (usable(existing, item) && !existing.controller.signal.aborted) return existing.promise;
    const controller = new AbortController();
    const entry: Entry = { controller, settled: null, item, shown: false, promise: Promise.resolve(null as unknown as Prepared) };
    entry.promise = run(item, controller.signal).then((result) => {
      // A failed preparation is not kept: the next visit tries again.
      if (result.ok) entry.settled = result;
      else if (entries.get(item.id) === entry) entries.delete(item.id);
      return result;
    });
    entries.set(item.id, entry);
    return entry.promise;
  }

  return {
    prepare,
    ready: (item) => {
      const entry = entries.get(item.id);
      return usable(entry, item) && entry.settled?.ok ? entry.settled.clip : null;
    },
    retain(keep) {
      const wanted = new Set(keep);
      for (const [id, entry] of entries) {
        if (wanted.has(id)) continue;
        if (!entry.settled) {
          entry.controller.abort();
          entries.delete(id);
        }
      }
      // Keep finished clips of recent items (going back is instant) up to the cache size.
      const finished = [...entries.keys()].filter((id) => !wanted.has(id) && entries.get(id)?.settled);
      for (const id of finished.slice(0, Math.max(0, finished.length - feedConfig.keptPreparedClips))) entries.delete(id);
    },
    async prepareFull(item, signal) {
      const candidates = await playCandidates(item, deps.sources, signal);
      // Full mode plays the whole video: the original address (short clips are excerpts).
      const original = candidates.filter((c) => c.source === 'original').concat(candidates.filter((c) => c.source !== 'original'));
      let last: EngineError = { code: 'NO_PLAYABLE_SOURCE', message: 'The video has no playable address.', retryable: false };
      for (const candidate of original) {
        const result = await deps.engine.prepareFull(candidate.url, { ...deps.callOptions(), context: 'full-video-modal', playFrom: item.vod_play_from, signal });
        if (result.ok) return { ok: true, clip: result.value };
        last = result.error;
        if (signal.aborted) break;
      }
      return { ok: false, error: last };
    },
    shown(item, clip) {
      const entry = entries.get(item.id);
      if (entry?.item === item) entry.shown = true;
      const { network, saveData } = deps.callOptions();
      deps.engine.clipShown({ url: clip.url, playFrom: item.vod_play_from }, { network, saveData });
    },
    async prepareEmergency(item, url) {
      const r = await deps.engine.prepareClip({ url, playFrom: item.vod_play_from, id: item.vod_id }, { ...deps.callOptions(), context: 'short-video', emergency: true });
      return r.ok ? { ok: true, clip: r.value } : { ok: false, error: r.error };
    },
    dispose() {
      for (const entry of entries.values()) entry.controller.abort();
      entries.clear();
    },
  };
}
