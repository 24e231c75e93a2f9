// The one guarded upstream GET of the server (cleaned playlists, short-video
// tasks, the catalogue import). For every hop, redirects included:
// - http: and https: only; never a cleaned-playlist URL (a loop);
// - the host is resolved (every address) and each address must be public
//   (address-policy.ts), unless the URL is the server's own origin or an
//   ALLOWED_PRIVATE_UPSTREAMS host;
// - the connection goes to the addresses that were checked (the socket's
//   lookup answers only those: a second DNS answer cannot rebind it), with
//   the URL's host kept for the Host header and TLS SNI/certificate checks;
// - redirects are followed by hand, at most maxRedirects, each checked again.
// Whatever the network said, a refusal is the one value UPSTREAM_REFUSED
// (routes answer it with one 403). Failures of allowed hosts say what kind of
// failure it was, never an address or a system error text. Never throws.

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { canonicalIp, isCleanPath, judgeAddress, matchesHostEntry, originKey } from './address-policy';
import { netConfig } from './config';
import type { ResolvedAddress, UpstreamPolicy } from './upstream-policy';

export interface FetchError {
  code: 'UPSTREAM_REFUSED' | 'UPSTREAM_TIMEOUT' | 'UPSTREAM_NETWORK' | 'UPSTREAM_TOO_LARGE' | 'UPSTREAM_REDIRECTS' | 'ABORTED';
  message: string;
  /** Whether trying again later may succeed. */
  retryable: boolean;
  /** For network failures: what kind, in words that name no address ("the connection was refused"). */
  reason?: string;
}

/** The one answer to any refused fetch: the same whatever was refused and why. */
export const UPSTREAM_REFUSED: Readonly<FetchError> = Object.freeze({
  code: 'UPSTREAM_REFUSED',
  message: 'This upstream address is not fetched: the server only fetches public internet addresses.',
  retryable: false,
});

export interface FetchedAnswer {
  /** Any final status (not a followed redirect): callers decide what a 404 or 500 means. */
  status: number;
  /** Final URL after redirects: the base for relative URIs. */
  url: string;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The raw body, when the caller asked for bytes (text is then ''). */
  bytes?: Buffer;
}

export type SafeFetchResult = { ok: true; value: FetchedAnswer } | { ok: false; error: FetchError };

export interface SafeFetchOptions<E = never> {
  policy: UpstreamPolicy;
  /** The whole fetch (every hop, bodies included). */
  timeoutMs: number;
  /** Cap on the decoded body. */
  maxBytes?: number;
  maxRedirects?: number;
  /** Cancels the fetch (a client went away, the server stops): ends as ABORTED. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** 'bytes': the body comes back raw in `bytes` (media Range reads), not decoded as UTF-8. */
  body?: 'text' | 'bytes';
  /**
   * A caller's own rule for every hop's URL, checked first (e.g. only the
   * catalogue's playlist hosts); a failure it returns ends the fetch as is.
   */
  checkUrl?: (url: URL) => Promise<E | null>;
}

/** A caller's own refusal (checkUrl) passes through safeFetch untouched. */
export type SafeFetchOutcome<E> = SafeFetchResult | { ok: false; error: E; own: true };

type Vetted = { ok: true; addresses: ResolvedAddress[] } | { ok: false; error: FetchError };

const fail = (error: FetchError) => ({ ok: false as const, error });

class Abort extends Error {}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Abort());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Abort());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

const UNRESOLVED: FetchError = { code: 'UPSTREAM_NETWORK', message: 'Upstream request failed: the host name could not be resolved.', retryable: true, reason: 'the host name could not be resolved' };

/** Checks one hop's URL and resolves its host; no socket is opened here. */
async function vet(url: URL, policy: UpstreamPolicy, signal: AbortSignal): Promise<Vetted> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail(UPSTREAM_REFUSED);
  if (isCleanPath(url.pathname, policy.cleanPath)) return fail(UPSTREAM_REFUSED);
  const exempt = policy.ownOrigins().has(originKey(url)) || matchesHostEntry(url, policy.allowedPrivate);
  const literal = canonicalIp(url.hostname);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await raceAbort(policy.resolve(url.hostname.replace(/\.$/, '') || url.hostname), signal);
    } catch (err) {
      if (err instanceof Abort) throw err;
      // A name that does not resolve is refused like a private one: which internal names exist is not told.
      return fail(exempt ? UNRESOLVED : UPSTREAM_REFUSED);
    }
  }
  if (addresses.length === 0) return fail(exempt ? UNRESOLVED : UPSTREAM_REFUSED);
  if (!exempt && addresses.some((a) => !judgeAddress(a.address).allowed)) return fail(UPSTREAM_REFUSED);
  return { ok: true, addresses };
}

/** A socket lookup that answers only the vetted addresses, whatever name it is asked. */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, addresses.map((a) => ({ address: a.address, family: a.family })));
    else callback(null, addresses[0].address, addresses[0].family);
  }) as unknown as LookupFunction;
}

function send(url: URL, addresses: readonly ResolvedAddress[], headers: Record<string, string>, signal: AbortSignal): Promise<http.IncomingMessage> {
  const secure = url.protocol === 'https:';
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const auth = url.username || url.password ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined;
  return new Promise((resolve, reject) => {
    const options: https.RequestOptions = {
      protocol: url.protocol,
      hostname,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers,
      auth,
      lookup: pinnedLookup(addresses),
      // No pooled socket: each request connects to what was vetted for it.
      agent: false,
      signal,
    };
    const req = (secure ? https : http).request(options, resolve);
    req.once('error', reject);
    req.end();
  });
}

function decoded(response: http.IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return response;
  pipeline(response, decoder, () => undefined);
  return decoder;
}

async function readCapped(response: http.IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const stream = decoded(response);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = chunk as Buffer;
    size += buf.byteLength;
    if (size > maxBytes) {
      response.destroy();
      stream.destroy();
      return null;
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

const CONNECT_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  EHOSTDOWN: 'the host is unreachable',
};

/** A failure of an allowed host in words that name no address, port or system text. */
function networkFailure(err: unknown): FetchError {
  const code = String((err as { code?: unknown })?.code ?? '');
  let what = 'the connection failed';
  if (CONNECT_FAILURES[code]) what = CONNECT_FAILURES[code];
  else if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL)/.test(code)) what = 'the TLS handshake failed';
  else if (code.startsWith('HPE_') || code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || code === 'ERR_PADDING_1') what = 'the answer was not valid HTTP';
  return { code: 'UPSTREAM_NETWORK', message: `Upstream request failed: ${what}.`, retryable: true, reason: what };
}

/**
 * GET src under the policy. A caller's checkUrl refusal comes back as
 * `{ok: false, error, own: true}` with the caller's own error value.
 */
export async function safeFetch<E = never>(src: string | URL, options: SafeFetchOptions<E>): Promise<SafeFetchOutcome<E>> {
  const maxBytes = options.maxBytes ?? netConfig.maxAnswerBytes;
  const maxRedirects = options.maxRedirects ?? netConfig.maxRedirects;
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const headers: Record<string, string> = { 'user-agent': netConfig.userAgent, ...lowerKeys(options.headers ?? {}), 'accept-encoding': netConfig.acceptEncoding };
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return fail(UPSTREAM_REFUSED);
  }
  try {
    for (let hop = 0; hop <= maxRedirects; hop++) {
      if (options.checkUrl) {
        const own = await options.checkUrl(url);
        if (own !== null) return { ok: false, error: own, own: true };
      }
      const vetted = await vet(url, options.policy, signal);
      if (!vetted.ok) return vetted;
      const response = await send(url, vetted.addresses, headers, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        response.destroy();
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          return fail(UPSTREAM_REFUSED);
        }
        url = next;
        continue;
      }
      const body = await readCapped(response, maxBytes);
      if (body === null) return fail({ code: 'UPSTREAM_TOO_LARGE', message: `Upstream answer is larger than ${maxBytes} bytes.`, retryable: false });
      const answer = { status, url: url.toString(), headers: response.headers };
      // As fetch's text(): UTF-8, a leading BOM dropped.
      if (options.body !== 'bytes') return { ok: true, value: { ...answer, text: new TextDecoder('utf-8').decode(body) } };
      return { ok: true, value: { ...answer, text: '', bytes: body } };
    }
    return fail({ code: 'UPSTREAM_REDIRECTS', message: `More than ${maxRedirects} redirects.`, retryable: false });
  } catch (err) {
    if (options.signal?.aborted) return fail({ code: 'ABORTED', message: 'The request was cancelled.', retryable: false });
    if (deadline.aborted) return fail({ code: 'UPSTREAM_TIMEOUT', message: `Upstream did not answer within ${options.timeoutMs} ms.`, retryable: true });
    return fail(networkFailure(err));
  }
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
