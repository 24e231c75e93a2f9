// The engine worker's Range fetch for the media probe (issue 19): a few kB of
// a segment with CORS, never more. Whether an origin allows it is found out by
// trying and remembered. What is certain (an opaque answer, a server that
// ignores Range: a 200 would be the whole segment) marks the origin for the
// worker's life. A read that throws is a CORS refusal or a network failure,
// which look alike here: that origin rests for a while (failedOriginHoldMs),
// so one dropped connection does not end its probing for good.

import type { RangeFetcher } from '../core/index';
import type { RangeAnswer, RangeAsk } from '../core/media-probe/types';
import type { FetchLike } from '../net/fetch-playlist';
import { mediaProbeConfig } from './config';

export interface CorsRangeReader {
  fetchRange: RangeFetcher;
  /** False while `url`'s origin is marked: for good once it refused a Range read, for a while after a read threw. */
  allowed(url: string): boolean;
}

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

const rangeHeader = (ask: RangeAsk) => ('suffix' in ask ? `bytes=-${ask.suffix}` : `bytes=${ask.offset}-${ask.offset + ask.length - 1}`);

/** At most `limit` bytes of the body; the rest is never downloaded. */
async function readAtMost(res: Response, limit: number): Promise<Uint8Array> {
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const out = new Uint8Array(limit);
  let filled = 0;
  while (filled < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    const take = Math.min(value.length, limit - filled);
    out.set(value.subarray(0, take), filled);
    filled += take;
  }
  await reader.cancel().catch(() => undefined);
  return out.subarray(0, filled);
}

export function corsRangeReader(fetchFn: FetchLike = (input, init) => fetch(input, init), now: () => number = Date.now): CorsRangeReader {
  // Origin -> the time its mark ends (Infinity: refused for good).
  const marked = new Map<string, number>();
  const mark = (url: string, until: number) => {
    const origin = originOf(url);
    marked.delete(origin);
    // Insertion order: the oldest origin goes first when the map is full.
    if (marked.size >= mediaProbeConfig.originsMax) marked.delete(marked.keys().next().value as string);
    marked.set(origin, until);
  };
  const allowed = (url: string) => (marked.get(originOf(url)) ?? -Infinity) <= now();
  const fail = (code: 'fetch' | 'aborted', message: string, retryable: boolean): RangeAnswer => ({ ok: false, error: { code, message, retryable } });

  const fetchRange: RangeFetcher = async (url, ask, signal) => {
    if (!allowed(url)) return fail('fetch', 'This origin does not allow Range reads now.', false);
    const length = 'suffix' in ask ? ask.suffix : ask.length;
    let res: Response;
    try {
      res = await fetchFn(url, { headers: { Range: rangeHeader(ask) }, mode: 'cors', credentials: 'omit', signal });
    } catch (e) {
      if (signal.aborted) return fail('aborted', 'The probe was cancelled.', true);
      // A CORS refusal and a network failure look alike here: the origin rests, a later showing tries again.
      mark(url, now() + mediaProbeConfig.failedOriginHoldMs);
      return fail('fetch', `Range read failed or refused: ${e instanceof Error ? e.message : String(e)}`, true);
    }
    if (res.type === 'opaque' || res.status === 200) {
      await res.body?.cancel().catch(() => undefined);
      mark(url, Infinity);
      return fail('fetch', res.status === 200 ? 'The server ignores Range.' : 'An opaque answer cannot be read.', false);
    }
    if (res.status !== 206) {
      await res.body?.cancel().catch(() => undefined);
      return fail('fetch', `Segment answered HTTP ${res.status} to a Range request.`, res.status >= 500);
    }
    try {
      const bytes = await readAtMost(res, length);
      // Content-Range is readable cross-origin only when exposed: without it the size stays unknown.
      const total = Number(/\/(\d+)\s*$/.exec(res.headers.get('content-range') ?? '')?.[1]);
      return { ok: true, bytes, total: Number.isFinite(total) ? total : undefined };
    } catch (e) {
      if (signal.aborted) return fail('aborted', 'The probe was cancelled.', true);
      return fail('fetch', `Range read failed: ${e instanceof Error ? e.message : String(e)}`, true);
    }
  };

  return { fetchRange, allowed };
}
