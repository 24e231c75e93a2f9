// Playlist fetch with the spec's two attempts (spec 3 §7): a fast one (3 s,
// normal cache) and, when it times out or fails on the network/server side, a
// looser one (8 s, no cache). The caller's AbortSignal cancels both. Never
// throws: every outcome is a Result.

import { fetchConfig } from '../core/config';
import { EngineErrorCode, type EngineError, type Result } from '../core/types';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface FetchTimeouts {
  /** Fast attempt timeout in ms. */
  fastMs: number;
  /** Fallback attempt timeout in ms. */
  fallbackMs: number;
}

export interface FetchPlaylistOptions {
  /** Caller's cancellation. */
  signal?: AbortSignal;
  /** Override the spec's timeouts (tests). */
  timeouts?: Partial<FetchTimeouts>;
  /** Fetch implementation (defaults to the global fetch). */
  fetch?: FetchLike;
}

export interface FetchedPlaylist {
  text: string;
  /** Final URL after redirects (base for relative URIs). */
  url: string;
}

export const defaultFetchTimeouts: FetchTimeouts = {
  fastMs: fetchConfig.fastAttemptMs,
  fallbackMs: fetchConfig.fallbackAttemptMs,
};

function fail(code: EngineErrorCode, message: string, retryable: boolean): { ok: false; error: EngineError } {
  return { ok: false, error: { code, message, retryable } };
}

export function abortedError(): { ok: false; error: EngineError } {
  return fail(EngineErrorCode.Aborted, 'The request was cancelled.', false);
}

function httpRetryable(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** One attempt with its own timeout, combined with the caller's signal. */
async function attempt(
  url: string,
  cache: RequestCache,
  timeoutMs: number,
  doFetch: FetchLike,
  signal: AbortSignal | undefined,
): Promise<Result<FetchedPlaylist>> {
  if (signal?.aborted) return abortedError();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const response = await doFetch(url, {
      method: 'GET',
      headers: { Accept: fetchConfig.playlistAccept },
      credentials: 'omit',
      cache,
      signal: controller.signal,
    });
    if (!response.ok) {
      // Drop the body so the connection can be reused.
      response.body?.cancel().catch(() => undefined);
      return { ok: false, error: { code: EngineErrorCode.Http, message: `HTTP ${response.status}`, retryable: httpRetryable(response.status), status: response.status } };
    }
    const text = await response.text();
    return { ok: true, value: { text, url: response.url || url } };
  } catch (e) {
    if (timedOut) return fail(EngineErrorCode.Timeout, `Playlist timeout: no answer within ${timeoutMs} ms.`, true);
    if (signal?.aborted) return abortedError();
    const message = e instanceof Error ? e.message : String(e);
    return fail(EngineErrorCode.Network, `Network error: ${message}`, true);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Fetch a playlist: fast attempt, then the looser fallback when the first failure is retryable. */
export async function fetchPlaylist(url: string, options: FetchPlaylistOptions = {}): Promise<Result<FetchedPlaylist>> {
  const timeouts = { ...defaultFetchTimeouts, ...options.timeouts };
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const first = await attempt(url, 'default', timeouts.fastMs, doFetch, options.signal);
  if (first.ok || first.error.code === EngineErrorCode.Aborted || !first.error.retryable) return first;
  return attempt(url, 'no-store', timeouts.fallbackMs, doFetch, options.signal);
}
