// Fetches a playlist from a catalogue host: every hop (redirects included) is
// checked against the allowed hosts, the whole request has a deadline, and the
// body has a size cap. Never throws: failures are data the routes turn into
// 403 (not a catalogue host) or 502 (the upstream failed).

import { mediaConfig } from './config';
import type { HostAllowList } from './allowed-hosts';

export type UpstreamFailureKind = 'forbidden' | 'upstream' | 'aborted';

export interface UpstreamFailure {
  kind: UpstreamFailureKind;
  message: string;
}

export type Upstream<T> = { ok: true; value: T } | { ok: false; error: UpstreamFailure };

export interface FetchedText {
  text: string;
  /** Final URL after redirects: the base for relative URIs. */
  url: string;
}

export interface UpstreamOptions {
  allowList: HostAllowList;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
}

const fail = (kind: UpstreamFailureKind, message: string): { ok: false; error: UpstreamFailure } => ({ ok: false, error: { kind, message } });

function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<string | null> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function fetchUpstreamText(src: string, options: UpstreamOptions): Promise<Upstream<FetchedText>> {
  const timeoutMs = options.timeoutMs ?? mediaConfig.upstreamTimeoutMs;
  const maxBytes = options.maxBytes ?? mediaConfig.maxPlaylistBytes;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  let current = src;
  try {
    for (let hop = 0; hop <= mediaConfig.maxRedirects; hop++) {
      const url = httpUrl(current);
      if (!url) return fail('upstream', `Not an http(s) address: ${current}`);
      if (!(await options.allowList.allows(url.host))) return fail('forbidden', `${url.host} is not a playlist host of the catalogue; only catalogue hosts are fetched.`);
      const response = await fetch(url, { redirect: 'manual', signal, headers: { Accept: mediaConfig.playlistAccept } });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel().catch(() => undefined);
        current = new URL(location, url).toString();
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return fail('upstream', `Upstream answered HTTP ${response.status} for ${url.toString()}.`);
      }
      const text = await readCapped(response, maxBytes);
      if (text === null) return fail('upstream', `Upstream playlist is larger than ${maxBytes} bytes.`);
      return { ok: true, value: { text, url: url.toString() } };
    }
    return fail('upstream', `More than ${mediaConfig.maxRedirects} redirects from ${src}.`);
  } catch (e) {
    if (options.signal?.aborted) return fail('aborted', 'The request was cancelled.');
    if (deadline.aborted) return fail('upstream', `Upstream did not answer within ${timeoutMs} ms.`);
    const cause = e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e);
    return fail('upstream', `Upstream request failed: ${cause}.`);
  }
}
