// The feed's first clip, started from the first catalogue page that
// index.html hands over while the app's JavaScript is still downloading (its
// body as it streams in, so the first video is read as soon as its entry has
// arrived; or the parsed list where streams cannot be transferred): prepared
// as the page would ask for it, and its first fragment fetched into the HTTP
// cache. The first frame then waits for the JavaScript or the fragment,
// whichever comes later, instead of one after the other.
//
// The page's own prepareClip for the same item and options is answered from
// it. The page may classify the network otherwise: when the playlist was a
// master, its class picks the variant again, with the same random draw, so
// the same variant gives the same clip (and the fragment already fetched).
// Any other request, or a failure here, takes the normal path.

import { EngineErrorCode, type NetworkClass, type PreparedClip, type Result } from '../core/index';
import { abortedError, type FetchLike } from '../net/fetch-playlist';
import { fetchIntoCache } from '../net/fetch-into-cache';
import { firstFragmentUrls } from './first-fragment';
import { firstClipRequest } from './first-item';
import { listEntries, streamText } from './list-entries';
import type { ClipRequest, Engine, PrepareClipOptions } from './prepare';

export interface WarmStartDeps {
  engine: Pick<Engine, 'prepareClip'>;
  /** The network class guessed here, by the page's own rule (workers/core/connection-plan.ts). */
  network: () => NetworkClass;
  /** Save-Data as the worker sees it (absent: off); the page's rule too. */
  saveData?: () => boolean;
  /** The device's quality cap, classified here as the page does (absent: no cap). */
  maxHeight?: () => number;
  /** The random draw of the clip window (tests fix it). */
  seed?: () => number;
  fetch?: FetchLike;
}

export interface WarmStart {
  /** Prepares the first playable item of a catalogue page: its list, or its body as a byte stream. Only the first call counts. */
  start(page: unknown): void;
  /** The answer to the page's request when it asks for the warm item with the defaults; else null. */
  take(item: ClipRequest, options: PrepareClipOptions, signal?: AbortSignal): Promise<Result<PreparedClip>> | null;
}

interface Warm {
  request: ClipRequest;
  options: PrepareClipOptions & { seed: number };
  result: Promise<Result<PreparedClip>>;
}

const defaultSeed = () => Math.floor(Math.random() * 2 ** 32);

function failure(e: unknown): Result<PreparedClip> {
  return { ok: false, error: { code: EngineErrorCode.NoPlayableSource, message: `Engine failure: ${e instanceof Error ? e.message : String(e)}`, retryable: true } };
}

/** The promise's value, or null as soon as `signal` aborts (the shared warm start itself goes on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | null> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve) => {
    const onAbort = () => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then((value) => {
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    });
  });
}

function isByteStream(value: unknown): value is ReadableStream<Uint8Array> {
  return typeof (value as ReadableStream | null)?.getReader === 'function';
}

/** The page's request is the warm one: same address and source, default clip options (no seed, restore, clean mode or emergency clip). */
function isWarmRequest(warm: Warm, item: ClipRequest, options: PrepareClipOptions): boolean {
  return (
    item?.url === warm.request.url &&
    (item.playFrom ?? '') === (warm.request.playFrom ?? '') &&
    (options?.context ?? 'short-video') === warm.options.context &&
    options?.seed === undefined &&
    !options?.cleanMode &&
    !options?.restore &&
    !options?.emergency
  );
}

export function createWarmStart(deps: WarmStartDeps): WarmStart {
  let started = false;
  let warm: Warm | null = null;
  let scanning: Promise<void> | null = null;

  function prefetch(prepared: PreparedClip): void {
    for (const url of firstFragmentUrls(prepared.clipPlaylist, prepared.url)) void fetchIntoCache(url, { fetch: deps.fetch });
  }

  function begin(request: ClipRequest | null): void {
    if (!request) return;
    const maxHeight = deps.maxHeight?.();
    const saveData = deps.saveData?.() === true;
    const options = { network: deps.network(), context: 'short-video' as const, seed: (deps.seed ?? defaultSeed)(), ...(maxHeight ? { maxHeight } : {}), ...(saveData ? { saveData } : {}) };
    const result = deps.engine.prepareClip(request, options).catch((e: unknown) => failure(e));
    warm = { request, options, result };
    void result.then((r) => (r.ok ? prefetch(r.value) : undefined));
  }

  /** Entries as they arrive; the first playable one starts (the rest of the stream is released). */
  async function scan(stream: ReadableStream<Uint8Array>): Promise<void> {
    try {
      for await (const entry of listEntries(streamText(stream))) {
        const request = firstClipRequest([entry]);
        if (request) return begin(request);
      }
    } catch {
      // An unreadable page: the page's own requests take the normal path.
    }
  }

  function answer(item: ClipRequest, options: PrepareClipOptions, signal?: AbortSignal): Promise<Result<PreparedClip>> | null {
    const current = warm;
    if (!current || !isWarmRequest(current, item, options)) return null;
    const normal = () => deps.engine.prepareClip(item, options, signal);
    return (async (): Promise<Result<PreparedClip>> => {
      try {
        const first = await untilAborted(current.result, signal);
        if (!first) return abortedError();
        // Answered once: a later visit of the item draws a new clip, as any other item's would.
        if (warm === current) warm = null;
        // A failed warm start is not the page's answer: its own attempt (with the fetch fallback) follows.
        if (!first.ok) return normal();
        // A master playlist's variant depends on the network class, the quality cap and Save-Data: when the page's differ, the same draw again.
        const same =
          first.value.variant === undefined ||
          (options?.network === current.options.network && options?.maxHeight === current.options.maxHeight && (options?.saveData === true) === (current.options.saveData === true));
        return same ? first : await deps.engine.prepareClip(item, { ...options, seed: current.options.seed }, signal);
      } catch {
        return normal();
      }
    })();
  }

  return {
    start(page) {
      if (started) return;
      started = true;
      if (Array.isArray(page)) begin(firstClipRequest(page));
      else if (isByteStream(page)) scanning = scan(page).finally(() => (scanning = null));
    },
    take(item, options, signal) {
      // The page asked before the streamed page had named the first video (rare: both read the same bytes).
      const pending = scanning;
      if (!pending) return answer(item, options, signal);
      return (async () => {
        if ((await untilAborted(pending.then(() => true), signal)) === null) return abortedError();
        return answer(item, options, signal) ?? deps.engine.prepareClip(item, options, signal);
      })();
    },
  };
}
