// One upstream GET with a time limit and retries, through the guarded
// upstream fetch (server/net/safe-fetch.ts: public addresses only unless
// allowed, redirects followed by hand and re-checked, a size cap). Timeouts,
// network errors, 5xx and 429 are retried (they pass); other answers, and a
// refused address, are final. Failures come back as messages, never as throws.

import { safeFetch } from '../../../net/safe-fetch';
import type { UpstreamPolicy } from '../../../net/upstream-policy';
import { decodeBody, describeText, type Decoded } from './decode-body';

export interface FetchPolicy {
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  /** What the import may reach (server/net/upstream-policy.ts). */
  network: UpstreamPolicy;
  /** Cap on one answer's decoded body (server/net/config.ts when unset). */
  maxBytes?: number;
}

type Attempt = Decoded | { ok: false; message: string; retryable: true };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function attempt(url: URL, policy: FetchPolicy): Promise<Attempt> {
  const { timeoutMs } = policy;
  const res = await safeFetch(url, {
    policy: policy.network,
    timeoutMs,
    maxBytes: policy.maxBytes,
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
      default:
        // UPSTREAM_REFUSED: the same words whatever was refused.
        return { ok: false, message: e.message };
    }
  }
  const { status, text } = res.value;
  if (status < 200 || status >= 300) {
    const message = `HTTP ${status}${text.trim() ? ` with ${describeText(text)}` : ''}`;
    return status >= 500 || status === 429 ? { ok: false, message, retryable: true } : { ok: false, message };
  }
  return decodeBody(text);
}

export async function fetchUpstream(url: URL, policy: FetchPolicy): Promise<Decoded> {
  let result = await attempt(url, policy);
  for (let n = 1; n <= policy.retries && !result.ok && 'retryable' in result; n++) {
    await sleep(policy.retryDelayMs * n);
    result = await attempt(url, policy);
  }
  if (!result.ok && 'retryable' in result) return { ok: false, message: `${result.message} (${policy.retries + 1} attempts)` };
  return result;
}
