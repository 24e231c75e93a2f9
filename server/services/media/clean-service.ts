// What the cleaned-playlist endpoint costs, bounded (issue 13 point 5):
// - answers are cached by everything that changes them (source URL, range,
//   the server's variant choice) in memory bounded by bytes, for 5 minutes
//   (a live playlist: half a target duration), clean-cache.ts;
// - concurrent requests for the same answer share one fetch and one clean;
//   when every one of them has gone away, the fetch is cancelled (a clean
//   already handed to a thread finishes and is cached);
// - at most cleanMaxInFlight distinct cleans at once, each fetching at most
//   maxPlaylistBytes; parsing and cleaning run in the worker pool
//   (clean-pool.ts) behind a bounded queue; past either bound: 503 with
//   Retry-After, at once;
// - playlists over maxPlaylistBytes or cleanMaxSegments get a 422 naming the
//   limit (the segment count is checked before any parsing).
// Failures are not cached: concurrent requests already share one attempt,
// and a stored failure would repeat an upstream's passing error (a 404
// during a deploy, a timeout) to everyone for minutes. A repeated failing
// request costs one bounded fetch (and one text scan for an over-long
// playlist) within the same in-flight and pool bounds as any other.

import { channel } from 'node:diagnostics_channel';
import type { NetworkClass } from '../../../workers/core/index';
import type { HostAllowList } from './allowed-hosts';
import { ByteBoundedCache, stringBytes } from './clean-cache';
import type { CleanPool } from './clean-pool';
import type { CleanTask, CleanTaskResult } from './clean-task';
import { mediaConfig } from './config';
import { fetchUpstreamText, type FetchedText, type Upstream, type UpstreamFailure } from './fetch-upstream';
import type { MediaProber } from './probe-run';
import type { UpstreamPolicy } from '../../net/upstream-policy';

export interface CleanRequest {
  src: string;
  start?: number;
  end?: number;
}

/** The endpoint's answer: the same text and ad count it has always sent. */
export interface CleanAnswer {
  text: string;
  adSegmentCount: number;
}

export interface CleanFailure {
  status: number;
  code: string;
  message: string;
  /** For 503s: when to try again, seconds. */
  retryAfterS?: number;
}

export type CleanOutcome = { ok: true; value: CleanAnswer } | { ok: false; error: CleanFailure };

/** One upstream playlist fetch (redirects, allowed hosts and the network policy are its business). */
export type PlaylistFetcher = (url: string, options: { signal: AbortSignal; maxBytes: number }) => Promise<Upstream<FetchedText>>;

export interface CleanServiceOptions {
  fetchPlaylist: PlaylistFetcher;
  pool: CleanPool;
  now?: () => number;
  cacheMaxBytes?: number;
  cacheTtlMs?: number;
  maxInFlight?: number;
  maxSegments?: number;
  maxBytes?: number;
  network?: NetworkClass;
  /** The media probe (issue 19): ads only the media reveals are removed too; absent = text only. */
  prober?: MediaProber;
}

export interface CleanService {
  /** signal: the client went away (its share of the work is dropped). Never throws for expected failures. */
  clean(request: CleanRequest, signal?: AbortSignal): Promise<CleanOutcome>;
  /** Distinct cleans under way now. */
  readonly inFlight: number;
  readonly cache: ByteBoundedCache<CleanAnswer>;
  close(): Promise<void>;
}

/** The fetcher the server uses: catalogue hosts only, through the guarded fetch. */
export function catalogueFetcher(allowList: HostAllowList, policy: UpstreamPolicy): PlaylistFetcher {
  return (url, { signal, maxBytes }) => fetchUpstreamText(url, { allowList, policy, signal, maxBytes });
}

// fetch-upstream.ts words a body over the cap so; it is told apart here to answer 422 instead of 502.
export const tooLargeMessage = (maxBytes: number) => `Upstream playlist is larger than ${maxBytes} bytes; playlists this large are not cleaned.`;
export const busyMessage = (retryAfterS: number) => `The server is cleaning too many playlists at once; try again in ${retryAfterS} s.`;

/** Published as a fetched playlist is handed to the worker pool, {url, hop}: for diagnostics and tests (free when nobody listens). */
export const cleanTaskChannel = channel('clipfeed.clean.task');

const fail = (status: number, code: string, message: string, retryAfterS?: number): { ok: false; error: CleanFailure } => ({ ok: false, error: { status, code, message, ...(retryAfterS === undefined ? {} : { retryAfterS }) } });

interface Job {
  promise: Promise<CleanOutcome>;
  waiters: number;
  settled: boolean;
  controller: AbortController;
}

export function createCleanService(options: CleanServiceOptions): CleanService {
  const maxInFlight = options.maxInFlight ?? mediaConfig.cleanMaxInFlight;
  const maxSegments = options.maxSegments ?? mediaConfig.cleanMaxSegments;
  const maxBytes = options.maxBytes ?? mediaConfig.maxPlaylistBytes;
  const network = options.network ?? mediaConfig.variantNetwork;
  const ttlMs = options.cacheTtlMs ?? mediaConfig.cleanCacheTtlMs;
  const cache = new ByteBoundedCache<CleanAnswer>(
    { maxBytes: options.cacheMaxBytes ?? mediaConfig.cleanCacheMaxBytes, ttlMs, now: options.now },
    (key, answer) => stringBytes(key) + stringBytes(answer.text) + 64,
  );
  const inFlight = new Map<string, Job>();
  const busy = () => fail(503, 'BUSY', busyMessage(mediaConfig.cleanRetryAfterS), mediaConfig.cleanRetryAfterS);

  const fromFetch = (e: UpstreamFailure): { ok: false; error: CleanFailure } => {
    if (e.kind === 'forbidden' || e.kind === 'refused') return fail(403, e.code, e.message);
    if (e.code === 'UPSTREAM_TOO_LARGE') return fail(422, 'PLAYLIST_TOO_LARGE', tooLargeMessage(maxBytes));
    return fail(502, 'UPSTREAM', e.message);
  };

  const fromTask = (r: Extract<CleanTaskResult, { kind: 'failed' }>): { ok: false; error: CleanFailure } => {
    if (r.reason === 'too-many-segments') return fail(422, 'PLAYLIST_TOO_LONG', r.message);
    if (r.reason === 'range') return fail(400, 'RANGE', r.message);
    return fail(502, 'UPSTREAM', r.message);
  };

  const runTask = (task: CleanTask) => {
    if (cleanTaskChannel.hasSubscribers) cleanTaskChannel.publish({ url: task.url, hop: task.hop });
    return options.pool.run(task);
  };

  /**
   * The media probe's ads on top of the text detector's: the same task again
   * with them removed. Any failure of the probe (none found, out of time,
   * unreachable segments, a busy pool) keeps the text-only answer.
   */
  async function withProbe(task: CleanTask, cleaned: Extract<CleanTaskResult, { kind: 'cleaned' }>, prober: MediaProber, signal: AbortSignal): Promise<CleanTaskResult> {
    const input = cleaned.probe!;
    const outcome = await prober.probe(input, input.detection, signal);
    const removed = new Set(cleaned.adSegments);
    const extraAds = outcome?.adSegments.filter((i) => !removed.has(i)) ?? [];
    if (extraAds.length === 0 || signal.aborted) return cleaned;
    const again = await runTask({ ...task, probe: false, extraAds });
    return again !== 'busy' && again.kind === 'cleaned' ? again : cleaned;
  }

  /** Fetch, parse and clean one source; with how long its answer may be kept. */
  async function work(request: CleanRequest, signal: AbortSignal): Promise<{ outcome: CleanOutcome; keepMs: number }> {
    const range = { start: request.start, end: request.end };
    const first = await options.fetchPlaylist(request.src, { signal, maxBytes });
    if (!first.ok) return { outcome: fromFetch(first.error), keepMs: 0 };
    const probe = options.prober !== undefined;
    let task: CleanTask = { text: first.value.text, url: first.value.url, hop: 'first', range, network, maxSegments, probe };
    let result = await runTask(task);
    if (result !== 'busy' && result.kind === 'variant') {
      // A variant may IMPORT the master's EXT-X-DEFINE values.
      const second = await options.fetchPlaylist(result.url, { signal, maxBytes });
      if (!second.ok) return { outcome: fromFetch(second.error), keepMs: 0 };
      task = { text: second.value.text, url: second.value.url, hop: 'variant', imported: result.variables, range, network, maxSegments, probe };
      result = await runTask(task);
    }
    if (result !== 'busy' && result.kind === 'cleaned' && result.probe && options.prober) result = await withProbe(task, result, options.prober, signal);
    if (result === 'busy') return { outcome: busy(), keepMs: 0 };
    if (result.kind === 'failed') return { outcome: fromTask(result), keepMs: 0 };
    if (result.kind !== 'cleaned') throw new Error('A variant playlist task answered with another variant.');
    const keepMs = result.live ? Math.min(ttlMs, result.targetDuration * 1000 * mediaConfig.cleanCacheLiveShare) : ttlMs;
    return { outcome: { ok: true, value: { text: result.text, adSegmentCount: result.adSegmentCount } }, keepMs };
  }

  function start(key: string, request: CleanRequest): Job {
    const controller = new AbortController();
    const job: Job = { waiters: 0, settled: false, controller, promise: Promise.resolve(null as never) };
    job.promise = work(request, controller.signal)
      .then(({ outcome, keepMs }) => {
        if (outcome.ok) cache.set(key, outcome.value, keepMs);
        return outcome;
      })
      .finally(() => {
        job.settled = true;
        if (inFlight.get(key) === job) inFlight.delete(key);
      });
    inFlight.set(key, job);
    return job;
  }

  function join(key: string, job: Job, signal?: AbortSignal): Promise<CleanOutcome> {
    job.waiters++;
    return new Promise<CleanOutcome>((resolve, reject) => {
      let done = false;
      const leave = () => {
        if (done) return;
        done = true;
        job.waiters--;
        // The last one waiting went away: cancel the fetch, and let the next request start afresh.
        if (job.waiters === 0 && !job.settled) {
          if (inFlight.get(key) === job) inFlight.delete(key);
          job.controller.abort();
        }
        resolve(fail(499, 'ABORTED', 'The request was cancelled.'));
      };
      if (signal?.aborted) return leave();
      signal?.addEventListener('abort', leave, { once: true });
      job.promise.then(
        (outcome) => {
          signal?.removeEventListener('abort', leave);
          if (done) return;
          done = true;
          job.waiters--;
          resolve(outcome);
        },
        (err: unknown) => {
          signal?.removeEventListener('abort', leave);
          if (done) return;
          done = true;
          job.waiters--;
          reject(err);
        },
      );
    });
  }

  return {
    async clean(request, signal) {
      // The URL as it is fetched (host case, default port, dot segments): trivial spellings share one entry.
      const key = JSON.stringify([network, request.start ?? null, request.end ?? null, new URL(request.src).href]);
      const hit = cache.get(key);
      if (hit) return { ok: true, value: hit };
      let job = inFlight.get(key);
      if (!job) {
        if (inFlight.size >= maxInFlight) return busy();
        job = start(key, request);
      }
      return join(key, job, signal);
    },
    get inFlight() {
      return inFlight.size;
    },
    cache,
    async close() {
      for (const job of inFlight.values()) job.controller.abort();
      inFlight.clear();
      cache.clear();
      await options.pool.close();
    },
  };
}
