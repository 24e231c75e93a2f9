// Typed client of the MacCMS catalogue (spec 1 §7, spec 2 §7): ac=list,
// ac=detail and get_all_categories. Every answer is parsed with zod; a code
// other than 1 is a failure. Failures carry the feed's message key
// ('获取视频列表失败' / '获取视频详情失败') beside the technical message.

import { apiConfig } from './config';
import { requestTimeoutMs } from './request-timeout';
import { takeEarly } from './early';
import { apiError, HttpErrorCode, requestJson, type ApiError, type ApiResult } from './http';
import {
  catalogueVideoSchema,
  categoriesEnvelopeSchema,
  categorySchema,
  listableCategories,
  parseItems,
  vodEnvelopeSchema,
  type CatalogueVideo,
  type Category,
} from './catalogue-schemas';

export type { CatalogueVideo, Category };

/** MacCMS success code (spec 1 §7). */
const SUCCESS = 1;

export const CatalogueMessageKey = {
  list: 'feed:errors.listFailed',
  detail: 'feed:errors.detailFailed',
  categories: 'feed:errors.categoriesFailed',
} as const;
export type CatalogueMessageKey = (typeof CatalogueMessageKey)[keyof typeof CatalogueMessageKey];

export type CatalogueError = ApiError & { key: CatalogueMessageKey };
export type CatalogueResult<T> = { ok: true; value: T } | { ok: false; error: CatalogueError };

export interface VodPage {
  page: number;
  pagecount: number;
  total: number;
  limit: number;
  list: CatalogueVideo[];
  /** The items carry every field (the v2 backend): no ac=detail call is needed to complete them. */
  complete?: true;
}

export interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ListQuery {
  page: number;
  /** Category (t). */
  typeId?: number;
  /** limit / pagesize; capped at 100. */
  limit?: number;
  /**
   * Title language (lang), e.g. 'pt'. Always sent: the server gives the app's own fields (localized titles,
   * posters in lists, the short clip's addresses) only to requests that carry it; plain MacCMS clients send none.
   */
  lang: string;
  /** Keyword search over the titles (wd). */
  search?: string;
  /** Only videos updated within this many hours (h; the hot list asks 24). */
  hours?: number;
}

export interface CatalogueClient {
  list(query: ListQuery, options?: CallOptions): Promise<CatalogueResult<VodPage>>;
  detail(ids: readonly number[], options: CallOptions & { lang: string }): Promise<CatalogueResult<CatalogueVideo[]>>;
  categories(options?: CallOptions): Promise<CatalogueResult<Category[]>>;
}

export interface CatalogueClientOptions {
  /** Origin the paths are appended to; '' = same origin (the page). */
  baseUrl?: string;
}

const VOD_PATH = '/api.php/provide/vod/';
const CATEGORIES_PATH = '/api.php/type/get_all_categories';

export function withKey(error: ApiError, key: CatalogueMessageKey): CatalogueError {
  return { ...error, key };
}

export function clampLimit(limit: number | undefined): number {
  const n = limit ?? apiConfig.cataloguePageSize;
  return Math.min(Math.max(1, Math.trunc(n)), apiConfig.catalogueMaxPageSize);
}

export function createCatalogueClient(options: CatalogueClientOptions = {}): CatalogueClient {
  const base = (options.baseUrl ?? apiConfig.base).replace(/\/+$/, '');

  async function fetchAnswer(url: string, call: CallOptions) {
    // index.html's early requests go to the page's own server only.
    const early = base === '' ? takeEarly(url) : null;
    if (early) {
      const timeoutMs = call.timeoutMs ?? requestTimeoutMs();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
      const value = await Promise.race([early.catch(() => null), late]);
      clearTimeout(timer);
      // A failed or stalled early request is simply asked again.
      if (value !== null) return { ok: true as const, value };
    }
    return requestJson(url, { timeoutMs: call.timeoutMs ?? requestTimeoutMs(), signal: call.signal });
  }

  async function vod(params: URLSearchParams, call: CallOptions, key: CatalogueMessageKey): Promise<CatalogueResult<VodPage>> {
    const res = await fetchAnswer(`${base}${VOD_PATH}?${params.toString()}`, call);
    if (!res.ok) return { ok: false, error: withKey(res.error, key) };
    const parsed = vodEnvelopeSchema.safeParse(res.value);
    if (!parsed.success) return { ok: false, error: withKey(apiError(HttpErrorCode.BadResponse, 'The catalogue answer is not a MacCMS list.', true), key) };
    const e = parsed.data;
    if (e.code !== SUCCESS) {
      return { ok: false, error: withKey(apiError(HttpErrorCode.Api, e.msg || `API Error ${e.code ?? '?'}`, false, { apiCode: e.code }), key) };
    }
    const list = parseItems(catalogueVideoSchema, e.list) as CatalogueVideo[];
    const page = e.page !== undefined && e.page > 0 ? e.page : Number(params.get('pg') ?? 1);
    return {
      ok: true,
      value: { page, pagecount: Math.max(1, e.pagecount ?? 1), total: Math.max(0, e.total ?? list.length), limit: e.limit ?? list.length, list },
    };
  }

  return {
    list(query, call = {}) {
      const params = new URLSearchParams({ ac: 'list', pg: String(Math.max(1, Math.trunc(query.page))), limit: String(clampLimit(query.limit)) });
      if (query.typeId !== undefined) params.set('t', String(query.typeId));
      if (query.lang) params.set('lang', query.lang);
      if (query.search) params.set('wd', query.search);
      if (query.hours !== undefined) params.set('h', String(query.hours));
      return vod(params, call, CatalogueMessageKey.list);
    },

    async detail(ids, call) {
      const unique = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
      if (unique.length === 0) return { ok: true, value: [] };
      const params = new URLSearchParams({ ac: 'detail', ids: unique.join(',') });
      if (call.lang) params.set('lang', call.lang);
      const r = await vod(params, call, CatalogueMessageKey.detail);
      return r.ok ? { ok: true, value: r.value.list } : r;
    },

    async categories(call = {}) {
      const key = CatalogueMessageKey.categories;
      const res = await fetchAnswer(`${base}${CATEGORIES_PATH}`, call);
      if (!res.ok) return { ok: false, error: withKey(res.error, key) };
      const parsed = categoriesEnvelopeSchema.safeParse(res.value);
      if (!parsed.success) return { ok: false, error: withKey(apiError(HttpErrorCode.BadResponse, 'The categories answer is not understood.', true), key) };
      const e = parsed.data;
      if (e.code !== SUCCESS) return { ok: false, error: withKey(apiError(HttpErrorCode.Api, e.msg || `API Error ${e.code ?? '?'}`, false, { apiCode: e.code }), key) };
      // A successful answer without info is read from its list (spec 2 §5).
      const raw = e.info?.all_categories ?? e.list ?? [];
      return { ok: true, value: listableCategories(parseItems(categorySchema, raw) as Category[]) };
    },
  };
}
