// The player API's envelope {code, message, data} (spec 1 §7): code 200 is
// success; any other code is an error with the server's message, or
// 'API Error {code}' when it sent none (spec 1 §8). The data is parsed with
// the caller's schema, never cast.

import * as z from 'zod/mini';
import { apiConfig } from './config';
import { apiError, HttpErrorCode, type ApiResult } from './http';

// unwrapEnvelope reports the first issue's message. zod/mini has no message
// texts of its own (full zod installs its English ones on first use), so the
// English locale is installed here unless a locale is already configured.
if (!z.config().localeError) z.config(z.locales.en());

const envelopeSchema = z.object({
  code: z.number(),
  message: z.optional(z.nullable(z.string())),
  data: z.optional(z.unknown()),
});

/** Codes worth retrying later: server trouble and rate limits. */
function retryableCode(code: number): boolean {
  return (code >= 500 && code <= 599) || code === 429 || code === 408;
}

/**
 * Turns a raw JSON answer into the envelope's data. An HTTP error keeps its
 * status as apiCode too, because the player API answers errors with the
 * envelope code equal to the HTTP status.
 */
export function unwrapEnvelope<S extends z.ZodMiniType>(raw: ApiResult<unknown>, schema: S, what: string): ApiResult<z.output<S>> {
  if (!raw.ok) {
    const e = raw.error;
    return { ok: false, error: e.status !== undefined && e.apiCode === undefined ? { ...e, apiCode: e.status } : e };
  }
  const env = envelopeSchema.safeParse(raw.value);
  if (!env.success) return { ok: false, error: apiError(HttpErrorCode.BadResponse, `The answer to ${what} is not a {code, message, data} envelope.`, true) };
  const { code, message } = env.data;
  if (code !== apiConfig.successCode) {
    return { ok: false, error: apiError(HttpErrorCode.Api, message || `API Error ${code}`, retryableCode(code), { apiCode: code }) };
  }
  const data = schema.safeParse(env.data.data);
  if (!data.success) {
    const issue = data.error.issues[0];
    const where = issue && issue.path.length ? issue.path.join('.') : 'data';
    return { ok: false, error: apiError(HttpErrorCode.BadResponse, `The answer to ${what} has an unexpected shape at ${where}: ${issue?.message ?? 'invalid'}.`, false) };
  }
  return { ok: true, value: data.data };
}
