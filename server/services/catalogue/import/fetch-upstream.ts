// One upstream GET with a time limit and retries, through the guarded
// upstream fetch (server/net/safe-fetch.ts: public addresses only unless
// allowed, redirects followed by hand and re-checked, a size cap). Timeouts,
// network errors, 5xx and 429 are retried (they pass) with exponential
// back-off, or after the source's Retry-After when it sends one (capped);
// other answers, and a refused address, are final. Every attempt waits for
// the import's pacer. Failures come back as messages, never as throws. The
// import's signal cancels the request in flight and any pause before a retry.

import { safeFetch } from '../../../net/safe-fetch';
import type { UpstreamPolicy } from '../../../net/upstream-policy';
import { importConfig } from '../config';
import { decodeBody, describeText, type Decoded } from './decode-body';
import type { Pacer } from './pacer';
import { retryAfterMs } from './retry-after';

export interface FetchPolicy {
  timeoutMs: number;
  retries: number;
  /** Back-off base: the pause before retry n is this times 2^(n-1). */
  retryDelayMs: number;
  /** Cap on one pause, the source's Retry-After included (importConfig.maxRetryDelayMs when unset). */
  maxRetryDelayMs?: number;
  /** Waits for the next request slot of the import (pacer.ts); none = no pacing. */
  pace?: Pacer;
  /** What the import may reach (server/net/upstream-policy.ts). */
  network: UpstreamPolicy;
  /** Cap on one answer's decoded body (server/net/config.ts when unset). */
  maxBytes?: number;
  /** Stops the import (the server shutting down): the request ends at once, and is not retried. */
  signal?: AbortSignal;
}

type Attempt = Decoded | { ok: false; message: string; retryable: true; waitMs?: number | null };

/** Waits `ms`, or less when the signal stops the import first. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

async function attempt(url: URL, policy: FetchPolicy): Promise<Attempt> {
  const { timeoutMs } = policy;
  await policy.pace?.();
  const res = await safeFetch(url, {
    policy: policy.network,
    timeoutMs,
    maxBytes: policy.maxBytes,
    signal: policy.signal,
    headers: { accept: 'application/json, text/html;q=0.9, */*;q=0.5', 'user-agent': 'clipfeed-catalogue-import' },
  });
  if (!res.ok) {
    const e = res.error;
    switch (e.code) {
      case 'UPSTREAM_TIMEOUT':
        return { ok: false, message: `no answer within ${timeoutMs / 1000} s`, retryable: true };
      case 'UPSTREAM_NETWORK':
        return { ok: false, message: `network error: ${e.reason ?? 'the connection failed'}`, retryable: true };
      case 'UPSTREAM_TOO_LARGE':
        return { ok: false, message: 'the answer is larger than the import accepts' };
      case 'UPSTREAM_REDIRECTS':
        return { ok: false, message: 'too many redirects' };
      case 'ABORTED':
        return { ok: false, message: 'cancelled: the import was stopped' };
      default:
        // UPSTREAM_REFUSED: the same words whatever was refused.
        return { ok: false, message: e.message };
    }
  }
  const { status, text, headers } = res.value;
  if (status < 200 || status >= 300) {
    const message = `HTTP ${status}${text.trim() ? ` with ${describeText(text)}` : ''}`;
    return status >= 500 || status === 429 ? { ok: false, message, retryable: true, waitMs: retryAfterMs(headers['retry-after']) } : { ok: false, message };
  }
  return decodeBody(text);
}

/** The pause before retry n (1-based): the source's Retry-After when it sent one, else exponential back-off; capped. */
export function retryDelay(n: number, policy: Pick<FetchPolicy, 'retryDelayMs' | 'maxRetryDelayMs'>, retryAfter?: number | null): number {
  const cap = policy.maxRetryDelayMs ?? importConfig.maxRetryDelayMs;
  return Math.min(retryAfter ?? policy.retryDelayMs * 2 ** (n - 1), cap);
}

export async function fetchUpstream(url: URL, policy: FetchPolicy): Promise<Decoded> {
  let result = await attempt(url, policy);
  for (let n = 1; n <= policy.retries && !result.ok && 'retryable' in result && !policy.signal?.aborted; n++) {
    await sleep(retryDelay(n, policy, result.waitMs), policy.signal);
    result = await attempt(url, policy);
  }
  if (!result.ok && 'retryable' in result) return { ok: false, message: `${result.message} (${policy.retries + 1} attempts)` };
  return result;
}
