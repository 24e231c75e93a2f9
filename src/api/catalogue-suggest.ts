// Client of the catalogue's suggestion endpoint (spec 2 §7 "Suggestions":
// mid, wd, limit, timestamp; MacCMS's /index.php/ajax/suggest), with lang so
// the titles come in the visitor's language. Answers {code: 1, list: [{id,
// name, en, pic}]}; anything else is a failure (as data, never thrown).

import * as z from 'zod/mini';
import { apiConfig } from './config';
import { looseInt, looseText, parseItems, positiveLooseInt } from './catalogue-schemas';
import { apiError, HttpErrorCode, requestJson, type ApiResult } from './http';
import { requestTimeoutMs } from './request-timeout';

const SUGGEST_PATH = '/index.php/ajax/suggest';
/** MacCMS's module id of videos. */
const VIDEO_MODULE = '1';
const SUCCESS = 1;

const itemSchema = z.object({ id: positiveLooseInt(), name: looseText, en: looseText, pic: looseText });
const envelopeSchema = z.object({ code: looseInt, msg: looseText, list: z.catch(z.array(z.unknown()), []) });

export interface Suggestion {
  /** The video's vod_id. */
  id: number;
  /** Its title in the asked language. */
  name: string;
}

export interface SuggestOptions {
  limit: number;
  lang: string;
  signal?: AbortSignal;
  /** Origin of the API; '' = the page's own. */
  baseUrl?: string;
  now?: () => number;
}

export async function fetchSuggestions(text: string, options: SuggestOptions): Promise<ApiResult<Suggestion[]>> {
  const base = (options.baseUrl ?? apiConfig.base).replace(/\/+$/, '');
  const params = new URLSearchParams({ mid: VIDEO_MODULE, wd: text, limit: String(options.limit), timestamp: String((options.now ?? Date.now)()), lang: options.lang });
  const res = await requestJson(`${base}${SUGGEST_PATH}?${params.toString()}`, { timeoutMs: requestTimeoutMs(), signal: options.signal });
  if (!res.ok) return res;
  const parsed = envelopeSchema.safeParse(res.value);
  if (!parsed.success) return { ok: false, error: apiError(HttpErrorCode.BadResponse, 'The suggestion answer is not understood.', true) };
  if (parsed.data.code !== SUCCESS) return { ok: false, error: apiError(HttpErrorCode.Api, parsed.data.msg || `API Error ${parsed.data.code ?? '?'}`, false, { apiCode: parsed.data.code }) };
  const items = parseItems(itemSchema, parsed.data.list);
  return { ok: true, value: items.filter((i) => i.name.trim() !== '').map((i) => ({ id: i.id as number, name: i.name })) };
}
