// Cached catalogue operations for the browsing pages (spec 2 §5, §7, §9) on
// top of the typed MacCMS client. Every answer is data ({ok, value} or
// {ok: false, error}); nothing here throws. Only successful answers are
// cached, keyed by the title language, so a language switch reads afresh.

import { TtlCache } from '../../../workers/core/ttl-cache';
import { CatalogueMessageKey, type CatalogueClient, type CatalogueResult, type CatalogueVideo, type Category } from '../../api/catalogue';
import { fetchSuggestions, type Suggestion } from '../../api/catalogue-suggest';
import { apiError, HttpErrorCode, type ApiResult } from '../../api/http';
import { i18n } from '../../i18n';
import { catalogueLanguage } from '../../i18n/video-title';
import { pageCatalogueClient } from './backend';
import { catalogueServiceConfig as config } from './config';
import { mergeVideoDetails } from './merge-details';
import { pageCount } from './paging';
import { recommendedMix } from './recommended';

export type { CatalogueResult, CatalogueVideo, Category, Suggestion };

/** A page of videos: category listing (spec 2 §3) and search results. */
export interface VideoPage {
  videos: CatalogueVideo[];
  page: number;
  pagecount: number;
  total: number;
}

/** loadVideoDetail's answer when the catalogue has no video with that id. */
export const VIDEO_NOT_FOUND = 'not-found';
export type VideoNotFound = typeof VIDEO_NOT_FOUND;

export interface CatalogueServiceDeps {
  client: Pick<CatalogueClient, 'list' | 'detail' | 'categories'>;
  /** The interface language ('pt-BR', 'zh', ...); the catalogue's lang follows it. */
  language: () => string;
  /** The suggestion call (tests: a fake far side). */
  suggest?: typeof fetchSuggestions;
  /** Randomness of the recommended mix (tests). */
  random?: () => number;
  /** Clock for the caches (tests). */
  now?: () => number;
}

export interface CatalogueService {
  loadAllCategories(): Promise<CatalogueResult<Category[]>>;
  loadCategories(): Promise<CatalogueResult<Category[]>>;
  loadCategoryVideos(typeId: number, page?: number, limit?: number): Promise<CatalogueResult<VideoPage>>;
  searchVideos(query: string, page?: number): Promise<CatalogueResult<VideoPage>>;
  loadVideoDetail(id: number, options?: { fresh?: boolean }): Promise<CatalogueResult<CatalogueVideo | VideoNotFound>>;
  loadRelated(video: Pick<CatalogueVideo, 'vod_id' | 'type_id'>): Promise<CatalogueResult<CatalogueVideo[]>>;
  loadHotVideos(): Promise<CatalogueResult<CatalogueVideo[]>>;
  loadRecommended(): Promise<CatalogueResult<CatalogueVideo[]>>;
  loadSuggestions(text: string, signal?: AbortSignal): Promise<ApiResult<Suggestion[]>>;
  clear(): void;
}

const emptyPage = (page: number): VideoPage => ({ videos: [], page, pagecount: 1, total: 0 });

function wholePage(page: number | undefined): number {
  return page !== undefined && Number.isSafeInteger(page) && page > 0 ? page : 1;
}

function cancelled<T>(): CatalogueResult<T> {
  return { ok: false, error: { ...apiError(HttpErrorCode.Aborted, 'The request was cancelled.', false), key: CatalogueMessageKey.list } };
}

export function createCatalogueService(deps: CatalogueServiceDeps): CatalogueService {
  const cacheOptions = (ttlMs: number) => ({ ttlMs, maxEntries: config.maxEntries, now: deps.now });
  const categories = new TtlCache<string, CatalogueResult<Category[]>>(cacheOptions(config.categoriesTtlMs));
  const videos = new TtlCache<string, CatalogueResult<VideoPage>>(cacheOptions(config.videosTtlMs));
  const searches = new TtlCache<string, CatalogueResult<VideoPage>>(cacheOptions(config.searchTtlMs));
  const details = new TtlCache<string, CatalogueResult<CatalogueVideo | VideoNotFound>>(cacheOptions(config.detailTtlMs));
  const hot = new TtlCache<string, CatalogueResult<CatalogueVideo[]>>(cacheOptions(config.videosTtlMs));
  const suggestions = new TtlCache<string, ApiResult<Suggestion[]>>(cacheOptions(config.suggestTtlMs));
  const timeoutMs = config.requestTimeoutMs;
  const lang = () => catalogueLanguage(deps.language());

  function cached<T>(cache: TtlCache<string, CatalogueResult<T>>, key: string, load: () => Promise<CatalogueResult<T>>): Promise<CatalogueResult<T>> {
    return cache.load(key, load, { onAbort: cancelled<T>, keep: (r) => r.ok });
  }

  async function loadAllCategories(): Promise<CatalogueResult<Category[]>> {
    // The client already keeps only listable categories (positive id, a name, type_mid 1 or absent), by id.
    return cached(categories, 'all', () => deps.client.categories({ timeoutMs }));
  }

  async function loadCategoryVideos(typeId: number, page?: number, limit: number = config.categoryPageSize): Promise<CatalogueResult<VideoPage>> {
    const pg = wholePage(page);
    if (!Number.isSafeInteger(typeId) || typeId <= 0) return { ok: true, value: emptyPage(pg) };
    const language = lang();
    return cached(videos, `${language}|t${typeId}|p${pg}|l${limit}`, async () => {
      const r = await deps.client.list({ page: pg, typeId, limit, lang: language }, { timeoutMs });
      if (!r.ok) return r;
      const total = Math.max(r.value.total, r.value.list.length);
      return { ok: true, value: { videos: r.value.list, page: pg, pagecount: Math.max(r.value.pagecount, pageCount(total, limit)), total } };
    });
  }

  async function searchVideos(query: string, page?: number): Promise<CatalogueResult<VideoPage>> {
    const pg = wholePage(page);
    const q = query.trim();
    // A blank query is not a search (spec 2 §5).
    if (!q) return { ok: true, value: emptyPage(pg) };
    const language = lang();
    return cached(searches, `${language}|${pg}|${q}`, async () => {
      const list = await deps.client.list({ page: pg, search: q, limit: config.searchPageSize, lang: language }, { timeoutMs });
      if (!list.ok) return list;
      const found = list.value.list;
      if (found.length === 0) return { ok: true, value: emptyPage(pg) };
      // Spec 2 §7: the list is completed with ac=detail for its ids, merged by vod_id (the v2 backend's lists are complete).
      // A failed detail call leaves the list items as they are: they still show.
      const detail = list.value.complete ? null : await deps.client.detail(
        found.map((v) => v.vod_id),
        { lang: language, timeoutMs },
      );
      const merged = detail?.ok ? mergeVideoDetails(found, detail.value) : found;
      const total = Math.max(list.value.total, found.length);
      return { ok: true, value: { videos: merged, page: pg, pagecount: pageCount(total, config.searchPageSize), total } };
    });
  }

  async function loadVideoDetail(id: number, options: { fresh?: boolean } = {}): Promise<CatalogueResult<CatalogueVideo | VideoNotFound>> {
    if (!Number.isSafeInteger(id) || id <= 0) return { ok: true, value: VIDEO_NOT_FOUND };
    const language = lang();
    const key = `${language}|${id}`;
    if (options.fresh) details.delete(key);
    return cached(details, key, async () => {
      const r = await deps.client.detail([id], { lang: language, timeoutMs });
      if (!r.ok) return r;
      return { ok: true, value: r.value.find((v) => v.vod_id === id) ?? VIDEO_NOT_FOUND };
    });
  }

  async function loadRelated(video: Pick<CatalogueVideo, 'vod_id' | 'type_id'>): Promise<CatalogueResult<CatalogueVideo[]>> {
    const language = lang();
    const typeId = video.type_id !== undefined && video.type_id > 0 ? video.type_id : undefined;
    const r = await cached(videos, `${language}|t${typeId ?? '-'}|p1|l${config.relatedFetch}`, async () => {
      const list = await deps.client.list({ page: 1, typeId, limit: config.relatedFetch, lang: language }, { timeoutMs });
      if (!list.ok) return list;
      return { ok: true, value: { videos: list.value.list, page: 1, pagecount: list.value.pagecount, total: list.value.total } };
    });
    if (!r.ok) return r;
    return { ok: true, value: r.value.videos.filter((v) => v.vod_id !== video.vod_id).slice(0, config.relatedShow) };
  }

  /** Hot videos (spec 2 §7): the 20 newest updated in the last 24 hours. */
  async function loadHotVideos(): Promise<CatalogueResult<CatalogueVideo[]>> {
    const language = lang();
    return cached(hot, `${language}|h${config.hotHours}|l${config.hotSize}`, async () => {
      const r = await deps.client.list({ page: 1, hours: config.hotHours, limit: config.hotSize, lang: language }, { timeoutMs });
      return r.ok ? { ok: true, value: r.value.list.slice(0, config.hotSize) } : r;
    });
  }

  /** Recommended (spec 2 §7): the first 5 categories' first 6 videos, shuffled; the pages are the home previews' (cached). */
  async function loadRecommended(): Promise<CatalogueResult<CatalogueVideo[]>> {
    const categories = await loadAllCategories();
    if (!categories.ok) return categories;
    const chosen = categories.value.slice(0, config.recommendedCategories);
    const pages = await Promise.all(chosen.map((c) => loadCategoryVideos(c.type_id, 1, config.recommendedPerCategory)));
    const loaded = pages.filter((p) => p.ok).map((p) => p.value.videos.slice(0, config.recommendedPerCategory));
    const failed = pages.find((p) => !p.ok);
    // Some categories answering is enough; none answering is the failure.
    if (loaded.length === 0 && failed) return failed;
    return { ok: true, value: recommendedMix(loaded, deps.random ?? Math.random) };
  }

  /** Titles starting with `text` (spec 2 §7 "Suggestions", 10); a blank text asks nothing. */
  async function loadSuggestions(text: string, signal?: AbortSignal): Promise<ApiResult<Suggestion[]>> {
    const typed = text.trim();
    if (!typed) return { ok: true, value: [] };
    const language = lang();
    const suggest = deps.suggest ?? fetchSuggestions;
    return suggestions.load(`${language}|${typed}`, (shared) => suggest(typed, { limit: config.suggestLimit, lang: language, signal: shared }), {
      signal,
      onAbort: () => ({ ok: false, error: apiError(HttpErrorCode.Aborted, 'The request was cancelled.', false) }),
      keep: (r) => r.ok,
    });
  }

  return {
    loadAllCategories,
    async loadCategories() {
      const r = await loadAllCategories();
      return r.ok ? { ok: true, value: r.value.slice(0, config.homeCategories) } : r;
    },
    loadCategoryVideos,
    searchVideos,
    loadVideoDetail,
    loadRelated,
    loadHotVideos,
    loadRecommended,
    loadSuggestions,
    clear() {
      categories.clear();
      videos.clear();
      searches.clear();
      details.clear();
      hot.clear();
      suggestions.clear();
    },
  };
}

let service: CatalogueService | null = null;

function current(): CatalogueService {
  service ??= createCatalogueService({ client: pageCatalogueClient(), language: () => i18n.language });
  return service;
}

/** Every listable category (positive type_id, a type_name, type_mid 1 or absent), by type_id. */
export const loadAllCategories = () => current().loadAllCategories();
/** The discover home's categories: the first 10 listable ones. */
export const loadCategories = () => current().loadCategories();
/** One page of a category: {videos, total, pagecount}. */
export const loadCategoryVideos = (typeId: number, page?: number, limit?: number) => current().loadCategoryVideos(typeId, page, limit);
/** Keyword search, then details for the result ids merged by vod_id; pagecount = ceil(total / 20). */
export const searchVideos = (query: string, page?: number) => current().searchVideos(query, page);
/** One video, or VIDEO_NOT_FOUND; fresh skips (and replaces) the cached answer. */
export const loadVideoDetail = (id: number, options?: { fresh?: boolean }) => current().loadVideoDetail(id, options);
/** Up to 8 videos of the same category, the given one left out. */
export const loadRelated = (video: Pick<CatalogueVideo, 'vod_id' | 'type_id'>) => current().loadRelated(video);
/** The 20 videos updated in the last 24 hours. */
export const loadHotVideos = () => current().loadHotVideos();
/** 30 videos: the first 5 categories' first 6, shuffled. */
export const loadRecommended = () => current().loadRecommended();
/** Up to 10 titles starting with `text` (aborted by `signal`: the visitor typed on). */
export const loadSuggestions = (text: string, signal?: AbortSignal) => current().loadSuggestions(text, signal);
/** Drops every cached answer (a manual retry). */
export const clearCatalogueCache = () => current().clear();
