// Client of the alternative catalogue backend (spec 2 §7, used when the app
// config's useAlternativeEndpoint is on): categories, videos by category,
// search by keyword, and one video at /{id}, the lang parameter always
// appended. It answers what the MacCMS client answers (CatalogueClient), so
// the callers do not know which backend served them. Its lists carry every
// field (VodPage.complete): no detail round trip to complete them.

import * as z from 'zod/mini';
import { apiConfig } from './config';
import { CatalogueMessageKey, clampLimit, withKey, type CatalogueClient, type CatalogueResult, type CallOptions } from './catalogue';
import { catalogueVideoSchema, categorySchema, listableCategories, parseItems, serviceEnvelopeSchema as envelopeSchema, type CatalogueVideo, type Category } from './catalogue-schemas';
import { apiError, HttpErrorCode, requestJson } from './http';
import { requestTimeoutMs } from './request-timeout';

const catalogueV2Paths = {
  categories: '/api/v2/categories',
  videos: '/api/v2/videos',
  search: '/api/v2/search',
} as const;

export interface CatalogueV2Options {
  /** Origin the paths are appended to; '' = same origin (the page). */
  baseUrl?: string;
  /** The catalogue language ('pt', 'zh', ...) appended when a call names none. */
  language: () => string;
}

export function createCatalogueV2Client(options: CatalogueV2Options): CatalogueClient {
  const base = (options.baseUrl ?? apiConfig.base).replace(/\/+$/, '');

  async function call(path: string, params: URLSearchParams, lang: string | undefined, call: CallOptions, key: CatalogueMessageKey) {
    params.set('lang', lang || options.language());
    const res = await requestJson(`${base}${path}?${params.toString()}`, { timeoutMs: call.timeoutMs ?? requestTimeoutMs(), signal: call.signal });
    if (!res.ok) return { ok: false as const, error: withKey(res.error, key) };
    const parsed = envelopeSchema.safeParse(res.value);
    if (!parsed.success) return { ok: false as const, error: withKey(apiError(HttpErrorCode.BadResponse, 'The catalogue answer is not understood.', true), key) };
    if (!parsed.data.success) return { ok: false as const, error: withKey(apiError(HttpErrorCode.Api, parsed.data.message || 'Catalogue error', false), key) };
    return { ok: true as const, value: parsed.data };
  }

  return {
    async list(query, callOptions = {}) {
      const page = Math.max(1, Math.trunc(query.page));
      const limit = clampLimit(query.limit);
      const params = new URLSearchParams({ page: String(page), limit: String(limit) });
      let path: string = catalogueV2Paths.videos;
      if (query.search) {
        path = catalogueV2Paths.search;
        params.set('keyword', query.search);
      } else {
        if (query.typeId !== undefined) params.set('category', String(query.typeId));
        if (query.hours !== undefined) params.set('hours', String(query.hours));
      }
      const r = await call(path, params, query.lang, callOptions, CatalogueMessageKey.list);
      if (!r.ok) return r;
      const list = parseItems(catalogueVideoSchema, Array.isArray(r.value.data) ? r.value.data : []) as CatalogueVideo[];
      const total = Math.max(0, r.value.total ?? list.length);
      return {
        ok: true,
        value: { page: r.value.page ?? page, pagecount: Math.max(1, r.value.total_pages ?? 1), total, limit: r.value.page_size ?? limit, list, complete: true },
      };
    },

    async detail(ids, callOptions): Promise<CatalogueResult<CatalogueVideo[]>> {
      const unique = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
      const answers = await Promise.all(
        unique.map((id) => call(`${catalogueV2Paths.videos}/${id}`, new URLSearchParams(), callOptions.lang, callOptions, CatalogueMessageKey.detail)),
      );
      const videos: CatalogueVideo[] = [];
      for (const r of answers) {
        // A video that does not exist is simply not in the answer, as with ac=detail.
        if (!r.ok) {
          if (r.error.status === 404) continue;
          return r;
        }
        const parsed = catalogueVideoSchema.safeParse(r.value.data);
        if (parsed.success) videos.push(parsed.data as CatalogueVideo);
      }
      return { ok: true, value: videos };
    },

    async categories(callOptions = {}): Promise<CatalogueResult<Category[]>> {
      const r = await call(catalogueV2Paths.categories, new URLSearchParams(), undefined, callOptions, CatalogueMessageKey.categories);
      if (!r.ok) return r;
      return { ok: true, value: listableCategories(parseItems(categorySchema, Array.isArray(r.value.data) ? r.value.data : []) as Category[]) };
    },
  };
}
