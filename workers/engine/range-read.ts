// The engine worker's Range fetch for the media probe (issue 19): a few kB of
// a segment with CORS, never more. Whether an origin allows it is found out by
// trying and remembered: a read the browser refuses (CORS, an opaque answer)
// or a server that ignores Range (a 200 would be the whole segment) marks the
// origin, and its segments are never probed again in this worker.

import type { RangeFetcher } from '../core/index';
import type { RangeAnswer, RangeAsk } from '../core/media-probe/types';
import type { FetchLike } from '../net/fetch-playlist';
import { mediaProbeConfig } from './config';

export interface CorsRangeReader {
  fetchRange: RangeFetcher;
  /** False once `url`'s origin refused a Range read. */
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

export function corsRangeReader(fetchFn: FetchLike = (input, init) => fetch(input, init)): CorsRangeReader {
  const refused = new Set<string>();
  const refuse = (url: string) => {
    // Insertion order: the oldest origin goes first when the set is full.
    if (refused.size >= mediaProbeConfig.originsMax) refused.delete(refused.values().next().value as string);
    refused.add(originOf(url));
  };
  const fail = (code: 'fetch' | 'aborted', message: string, retryable: boolean): RangeAnswer => ({ ok: false, error: { code, message, retryable } });

  const fetchRange: RangeFetcher = async (url, ask, signal) => {
    if (refused.has(originOf(url))) return fail('fetch', 'This origin does not allow Range reads.', false);
    const length = 'suffix' in ask ? ask.suffix : ask.length;
    let res: Response;
    try {
      res = await fetchFn(url, { headers: { Range: rangeHeader(ask) }, mode: 'cors', credentials: 'omit', signal });
    } catch (e) {
      if (signal.aborted) return fail('aborted', 'The probe was cancelled.', true);
      // A CORS refusal and a network failure look alike here: either way this origin is not probed.
      refuse(url);
      return fail('fetch', `Range read refused: ${e instanceof Error ? e.message : String(e)}`, false);
    }
    if (res.type === 'opaque' || res.status === 200) {
      await res.body?.cancel().catch(() => undefined);
      refuse(url);
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

  return { fetchRange, allowed: (url) => !refused.has(originOf(url)) };
}
