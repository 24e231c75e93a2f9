// The media probe in the engine worker (issue 19 "Where it runs"): a prepared
// clip never waits for it. A clip the page SHOWS queues a background probe of
// the media playlist it was cut from (preloads never do: they would share the
// bandwidth of the swipe path, for videos perhaps never seen); its verdict,
// kept per playlist URL, removes the ads only the media reveals from that
// video's later clips. One probe at a time, each held to the core's budget and
// a time limit; only on a fast or medium network without Save-Data, and only
// where the segments' origin allows CORS Range reads (range-read.ts). The
// worker's end (the bridge terminates an idle worker) ends a running probe
// with it: its fetches and timers go too.

import { budgetedReader, detectAds, probePlaylist, type MediaPlaylist, type NetworkClass, type ProbeRead } from '../core/index';
import { TtlCache } from '../core/ttl-cache';
import { mediaProbeConfig } from './config';
import type { CorsRangeReader } from './range-read';

export interface ProbeContext {
  network: NetworkClass;
  saveData: boolean;
  playFrom?: string;
}

export interface LaterProbe {
  /** Segments the media showed to be ads in `playlistUrl`, once its probe has finished; undefined before. */
  adsOf(playlistUrl: string): readonly number[] | undefined;
  /** Queues the playlist's probe when the rules allow it; returns at once. */
  consider(playlist: MediaPlaylist, context: ProbeContext): void;
}

export interface LaterProbeDeps {
  reader: CorsRangeReader;
  now?: () => number;
  /** Timers (tests make the start delay 0). */
  startDelayMs?: number;
}

interface Job {
  playlist: MediaPlaylist;
  playFrom?: string;
}

const knownAd: ProbeRead = { ok: false, error: { code: 'fetch', message: 'A segment the text detector removed is never fetched.', retryable: false } };

export function createLaterProbe(deps: LaterProbeDeps): LaterProbe {
  const results = new TtlCache<string, readonly number[]>({ ttlMs: mediaProbeConfig.resultTtlMs, maxEntries: mediaProbeConfig.resultsMax, now: deps.now });
  const queue: Job[] = [];
  let running: string | null = null;

  const eligible = (playlist: MediaPlaylist, context: ProbeContext): boolean => {
    const segments = playlist.segments;
    if (context.saveData || !(mediaProbeConfig.networks as readonly string[]).includes(context.network)) return false;
    // Encrypted segments' heads say nothing before decryption; a refused origin would only fail again.
    if (segments.length === 0 || segments.some((s) => s.keys.length > 0) || !deps.reader.allowed(segments[0].url)) return false;
    const url = playlist.url;
    return !results.has(url) && running !== url && !queue.some((j) => j.playlist.url === url);
  };

  async function probe(job: Job): Promise<void> {
    const { playlist } = job;
    const detection = detectAds(playlist, { playFrom: job.playFrom });
    const removed = new Set(detection.adSegments.map((i) => playlist.segments[i]?.url));
    const inner = budgetedReader(deps.reader.fetchRange);
    // A known ad is not read, not even its head: the feed never asks an ad server for anything.
    const reader = { spent: inner.spent, read: (target: Parameters<typeof inner.read>[0], s: AbortSignal) => (removed.has(target.url) ? Promise.resolve(knownAd) : inner.read(target, s)) };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), mediaProbeConfig.timeLimitMs);
    try {
      const outcome = await probePlaylist(playlist, reader, { detection, signal: controller.signal, concurrency: mediaProbeConfig.readsInFlight, now: deps.now });
      // Nothing read (an origin refusing or resting, a failure before the first answer) is no verdict: a later showing may try again.
      if (outcome.cost.bytes === 0) return;
      results.set(playlist.url, outcome.adSegments);
    } finally {
      clearTimeout(timer);
    }
  }

  function pump(): void {
    if (running) return;
    const job = queue.shift();
    if (!job) return;
    running = job.playlist.url;
    const finish = () => {
      running = null;
      pump();
    };
    setTimeout(() => void probe(job).catch(() => undefined).finally(finish), deps.startDelayMs ?? mediaProbeConfig.startDelayMs);
  }

  return {
    adsOf: (url) => results.get(url),
    consider(playlist, context) {
      if (!eligible(playlist, context)) return;
      queue.push({ playlist, playFrom: context.playFrom });
      if (queue.length > mediaProbeConfig.queueMax) queue.shift();
      pump();
    },
  };
}
