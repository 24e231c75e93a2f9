// Fetches a playlist from a catalogue host through the guarded upstream fetch
// (server/net/safe-fetch.ts): every hop (redirects included) must be a
// catalogue playlist host, and resolve to a public address unless it is the
// server's own origin or an ALLOWED_PRIVATE_UPSTREAMS host; the whole request
// has a deadline and the body a size cap. Never throws: failures are data the
// routes turn into 403 (not a catalogue host; a refused address, always the
// same answer) or 502 (the upstream failed, in words naming no address).

import { safeFetch } from '../../net/safe-fetch';
import type { UpstreamPolicy } from '../../net/upstream-policy';
import type { HostAllowList } from './allowed-hosts';
import { mediaConfig } from './config';

/** forbidden: not a catalogue host; refused: the network policy said no (UPSTREAM_REFUSED). */
export type UpstreamFailureKind = 'forbidden' | 'refused' | 'upstream' | 'aborted';

export interface UpstreamFailure {
  kind: UpstreamFailureKind;
  /** A stable code for the routes' envelopes (HOST_NOT_ALLOWED, UPSTREAM_REFUSED, UPSTREAM, ...). */
  code: string;
  message: string;
  /** Whether trying again later may succeed (timeouts, network errors, 5xx). */
  retryable: boolean;
}

export type Upstream<T> = { ok: true; value: T } | { ok: false; error: UpstreamFailure };

export interface FetchedText {
  text: string;
  /** Final URL after redirects: the base for relative URIs. */
  url: string;
}

export interface UpstreamOptions {
  allowList: HostAllowList;
  /** What the network may reach (server/net/upstream-policy.ts). */
  policy: UpstreamPolicy;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
}

const fail = (kind: UpstreamFailureKind, code: string, message: string, retryable = false): { ok: false; error: UpstreamFailure } => ({ ok: false, error: { kind, code, message, retryable } });

export async function fetchUpstreamText(src: string, options: UpstreamOptions): Promise<Upstream<FetchedText>> {
  const timeoutMs = options.timeoutMs ?? mediaConfig.upstreamTimeoutMs;
  const maxBytes = options.maxBytes ?? mediaConfig.maxPlaylistBytes;
  const result = await safeFetch<UpstreamFailure>(src, {
    policy: options.policy,
    timeoutMs,
    maxBytes,
    maxRedirects: mediaConfig.maxRedirects,
    signal: options.signal,
    headers: { Accept: mediaConfig.playlistAccept },
    checkUrl: async (url) =>
      (await options.allowList.allows(url.host)) ? null : fail('forbidden', 'HOST_NOT_ALLOWED', `${url.host} is not a playlist host of the catalogue; only catalogue hosts are fetched.`).error,
  });
  if (!result.ok) {
    if ('own' in result) return { ok: false, error: result.error };
    const e = result.error;
    if (e.code === 'UPSTREAM_REFUSED') return fail('refused', e.code, e.message);
    if (e.code === 'ABORTED') return fail('aborted', e.code, e.message);
    if (e.code === 'UPSTREAM_TOO_LARGE') return fail('upstream', 'UPSTREAM_TOO_LARGE', `Upstream playlist is larger than ${maxBytes} bytes.`);
    if (e.code === 'UPSTREAM_REDIRECTS') return fail('upstream', 'UPSTREAM', `More than ${mediaConfig.maxRedirects} redirects from ${src}.`);
    return fail('upstream', 'UPSTREAM', e.message, e.retryable);
  }
  const answer = result.value;
  if (answer.status < 200 || answer.status >= 300) {
    return fail('upstream', 'UPSTREAM', `Upstream answered HTTP ${answer.status} for ${answer.url}.`, answer.status >= 500 || answer.status === 429);
  }
  return { ok: true, value: { text: answer.text, url: answer.url } };
}
