// The server's media prober (issue 19): the core probe (workers/core/
// media-probe) over the guarded Range fetch, with each segment's signature
// cached by URL (a segment's bytes do not change), a budget per playlist and a
// time limit. Never throws and never fails a request: on any failure the
// caller keeps the text-only result.

import { TtlCache } from '../../../workers/core/ttl-cache';
import { budgetedReader, probePlaylist, type ProbeOutcome, type ProbePlaylist, type ProbeRead, type RangeFetcher, type TextDetection } from '../../../workers/core/index';
import type { UpstreamPolicy } from '../../net/upstream-policy';
import { mediaConfig } from './config';
import { rangeFetcher } from './probe-fetch';

export interface MediaProber {
  /** The probe's verdict, or null when it could not run at all. */
  probe(playlist: ProbePlaylist, detection: TextDetection | undefined, signal?: AbortSignal): Promise<ProbeOutcome | null>;
}

export interface ProberOptions {
  policy: UpstreamPolicy;
  /** Another Range fetch (tests). */
  fetchRange?: RangeFetcher;
  timeLimitMs?: number;
}

export function createMediaProber(options: ProberOptions): MediaProber {
  const fetchRange = options.fetchRange ?? rangeFetcher(options.policy);
  const cache = new TtlCache<string, ProbeRead>({ ttlMs: mediaConfig.probeCacheTtlMs, maxEntries: mediaConfig.probeCacheMaxEntries });
  return {
    async probe(playlist, detection, signal) {
      if (playlist.segments.length === 0 || playlist.segments.length > mediaConfig.probeMaxSegments) return null;
      const deadline = AbortSignal.timeout(options.timeLimitMs ?? mediaConfig.probeTimeLimitMs);
      const limit = signal ? AbortSignal.any([signal, deadline]) : deadline;
      const inner = budgetedReader(fetchRange);
      const reader = {
        spent: inner.spent,
        read: async (target: Parameters<typeof inner.read>[0], s: AbortSignal): Promise<ProbeRead> => {
          const key = JSON.stringify([target.url, target.byteRange ?? null, target.mapUrl ?? null, target.mapByteRange ?? null]);
          const hit = cache.get(key);
          if (hit) return hit;
          const r = await inner.read(target, s);
          // Only what the media said is kept: a failed fetch may succeed next time.
          if (r.ok || (r.error.code !== 'budget' && r.error.code !== 'fetch' && r.error.code !== 'timeout' && r.error.code !== 'aborted')) cache.set(key, r);
          return r;
        },
      };
      try {
        return await probePlaylist(playlist, reader, { detection, signal: limit });
      } catch {
        return null;
      }
    },
  };
}
