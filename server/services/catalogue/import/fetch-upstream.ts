// One upstream GET with a time limit and retries. Timeouts, network errors,
// 5xx and 429 are retried (they pass); other answers are final. Failures come
// back as messages, never as throws.

import { decodeBody, describeText, type Decoded } from './decode-body';

export interface FetchPolicy {
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
}

type Attempt = Decoded | { ok: false; message: string; retryable: true };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function attempt(url: URL, timeoutMs: number): Promise<Attempt> {
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json, text/html;q=0.9, */*;q=0.5', 'user-agent': 'clipfeed-catalogue-import' },
    });
    const text = await res.text();
    if (!res.ok) {
      const message = `HTTP ${res.status}${text.trim() ? ` with ${describeText(text)}` : ''}`;
      return res.status >= 500 || res.status === 429 ? { ok: false, message, retryable: true } : { ok: false, message };
    }
    return decodeBody(text);
  } catch (err) {
    const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return { ok: false, message: `no answer within ${timeoutMs / 1000} s`, retryable: true };
    return { ok: false, message: `network error: ${e.cause?.code ?? e.cause?.message ?? e.message ?? 'unknown'}`, retryable: true };
  }
}

export async function fetchUpstream(url: URL, policy: FetchPolicy): Promise<Decoded> {
  let result = await attempt(url, policy.timeoutMs);
  for (let n = 1; n <= policy.retries && !result.ok && 'retryable' in result; n++) {
    await sleep(policy.retryDelayMs * n);
    result = await attempt(url, policy.timeoutMs);
  }
  if (!result.ok && 'retryable' in result) return { ok: false, message: `${result.message} (${policy.retries + 1} attempts)` };
  return result;
}
