// The one fetch helper of the page: a time-out per call, an optional caller
// AbortSignal, and failures as data ({code, message, retryable}) so callers
// branch on codes instead of catching class instances (STYLE.md 5). At most
// three calls are in flight at once (request-slots.ts).

import { apiConfig } from './config';
import { createRequestSlots } from './request-slots';

/** The page's API calls share three slots (spec 1 §9 network manager). */
const requestSlots = createRequestSlots(apiConfig.maxConcurrentRequests);

export const HttpErrorCode = {
  /** Non-2xx answer; message 'HTTP {status}: {statusText}' (spec 1 §8). */
  Http: 'HTTP',
  Timeout: 'TIMEOUT',
  Network: 'NETWORK',
  Aborted: 'ABORTED',
  /** The body was not the JSON (or shape) expected. */
  BadResponse: 'BAD_RESPONSE',
  /** The API answered with an error code in its envelope. */
  Api: 'API',
} as const;
export type HttpErrorCode = (typeof HttpErrorCode)[keyof typeof HttpErrorCode];

export interface ApiError {
  code: HttpErrorCode;
  message: string;
  retryable: boolean;
  /** HTTP status, when an answer came. */
  status?: number;
  /** The envelope's own code (player API: 200 = ok; catalogue: 1 = ok). */
  apiCode?: number;
  /** The `message` (or MacCMS `msg`) of a JSON error answer, when it had one. */
  serverMessage?: string;
}

export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE' | 'HEAD';
  /** JSON-encoded as the body. */
  body?: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  cache?: RequestCache;
}

export function apiError(code: HttpErrorCode, message: string, retryable: boolean, extra: Partial<ApiError> = {}): ApiError {
  return { code, message, retryable, ...extra };
}

/** fetch + JSON parse; never throws. */
export async function requestJson(url: string, options: RequestOptions): Promise<ApiResult<unknown>> {
  const res = await request(url, options);
  if (!res.ok) return res;
  try {
    const text = await res.value.text();
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, error: apiError(HttpErrorCode.BadResponse, `The answer from ${pathOf(url)} is not JSON.`, true, { status: res.value.status }) };
  }
}

/** fetch with a time-out; a non-2xx answer is an error. Never throws. */
export async function request(url: string, options: RequestOptions): Promise<ApiResult<Response>> {
  if (options.signal?.aborted) return { ok: false, error: apiError(HttpErrorCode.Aborted, 'The request was cancelled.', false) };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let release: (() => void) | null = null;
  try {
    // The time-out counts from the call: a request that waited for a slot too long is not sent.
    release = await requestSlots.acquire(controller.signal);
    if (!release) throw new DOMException('The request was not sent.', 'AbortError');
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, {
      method: options.method ?? (options.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: controller.signal,
      credentials: 'omit',
      cache: options.cache ?? 'no-store',
    });
    if (!res.ok) {
      const serverMessage = await errorMessageOf(res);
      return {
        ok: false,
        error: apiError(HttpErrorCode.Http, `HTTP ${res.status}: ${res.statusText}`, res.status >= 500 || res.status === 429 || res.status === 408, {
          status: res.status,
          ...(serverMessage ? { serverMessage } : {}),
        }),
      };
    }
    return { ok: true, value: res };
  } catch (e) {
    if (timedOut) return { ok: false, error: apiError(HttpErrorCode.Timeout, `No answer from ${pathOf(url)} within ${Math.round(options.timeoutMs / 1000)} s.`, true) };
    if (options.signal?.aborted) return { ok: false, error: apiError(HttpErrorCode.Aborted, 'The request was cancelled.', false) };
    return { ok: false, error: apiError(HttpErrorCode.Network, `Network error: ${e instanceof Error ? e.message : String(e)}`, true) };
  } finally {
    release?.();
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** An error answer's own message (JSON `message` or `msg`), capped; anything else is ignored. */
async function errorMessageOf(res: Response): Promise<string | undefined> {
  try {
    const body = JSON.parse(await res.text()) as unknown;
    if (typeof body !== 'object' || body === null) return undefined;
    const { message, msg } = body as { message?: unknown; msg?: unknown };
    const text = typeof message === 'string' ? message : typeof msg === 'string' ? msg : undefined;
    return text ? text.slice(0, 300) : undefined;
  } catch {
    return undefined;
  }
}

/** The path of a URL for messages: never its query string (it may carry a credential). */
function pathOf(url: string): string {
  try {
    return new URL(url, 'http://x').pathname;
  } catch {
    return 'the server';
  }
}
