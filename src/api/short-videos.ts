// Client of the short-video service (spec 1 §7): the paged list, one clip,
// a random clip (page 1 of size 1 gives total_pages, then a random page) and
// play records. A call fails on an HTTP error or on {success: false}.
// Clip lookups by catalogue id go through the short-clip cache.

import * as z from 'zod/mini';
import { requestTimeoutMs } from './request-timeout';
import { randomInt } from '../../workers/core/random';
import { validateVideoId } from '../../workers/core/play-url';
import { apiConfig, shortClipConfig } from './config';
import { TtlCache } from '../../workers/core/ttl-cache';
import { apiError, HttpErrorCode, requestJson, type ApiResult } from './http';
import { looseInt, looseText, parseItems, positiveLooseInt, serviceEnvelopeSchema as envelopeSchema } from './catalogue-schemas';

const shortVideoSchema = z.object({
  id: positiveLooseInt(),
  original_id: looseInt,
  title: looseText,
  m3u8_url: looseText,
  created_at: looseText,
});
type ParsedShortVideo = z.output<typeof shortVideoSchema>;

export interface ShortVideo {
  id: number;
  original_id?: number;
  title: string;
  /** Absolute playlist address (a root-relative answer is resolved against the service's origin). */
  m3u8_url: string;
  created_at: string;
}

export interface ShortVideoPage {
  data: ShortVideo[];
  total: number;
  total_pages: number;
  page: number;
  page_size: number;
}

export interface ListQuery {
  page?: number;
  pageSize?: number;
  originalId?: number;
  orderBy?: 'created_at' | 'play_count' | 'id';
  orderDesc?: boolean;
}

/** A play record's body (spec 1 §7); ip_address is not sent: the service records the connection's own address. */
export interface PlayRecord {
  user_agent?: string;
  referer?: string;
}

export interface ShortVideoClientOptions {
  /** Origin of the service; '' = the page's own. */
  baseUrl?: string;
  /** Base for resolving root-relative playlist addresses (default: baseUrl, else the page's origin). */
  resolveBase?: string;
  now?: () => number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Shared cache (the feed keeps one for the session). */
  cache?: TtlCache<number, ShortVideo | null>;
}

export interface ShortVideoClient {
  readonly cache: TtlCache<number, ShortVideo | null>;
  list(query?: ListQuery, signal?: AbortSignal): Promise<ApiResult<ShortVideoPage>>;
  get(id: number, signal?: AbortSignal): Promise<ApiResult<ShortVideo>>;
  randomClip(signal?: AbortSignal): Promise<ApiResult<ShortVideo | null>>;
  /** Up to `count` different random clips (random-play mode); the service's clip count is reused for the cache's lifetime. */
  randomClips(count: number, signal?: AbortSignal): Promise<ApiResult<ShortVideo[]>>;
  /** The newest clip cut from catalogue video `videoId`; ok(null) when none or when the id is not numeric and above 0. Cached. */
  clipForVideo(videoId: unknown, signal?: AbortSignal): Promise<ApiResult<ShortVideo | null>>;
  /** Looks up clips for many ids in groups of 3 with a 100 ms pause (spec 1 §7); the cache keeps the answers. */
  preloadClips(videoIds: readonly unknown[], signal?: AbortSignal): Promise<void>;
  recordPlay(shortVideoId: number, record?: PlayRecord): Promise<ApiResult<{ play_count?: number }>>;
}

export function createShortVideoClient(options: ShortVideoClientOptions = {}): ShortVideoClient {
  const base = (options.baseUrl ?? apiConfig.base).replace(/\/+$/, '');
  const resolveBase = options.resolveBase ?? (base || (typeof location !== 'undefined' ? location.origin : 'http://localhost'));
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const cache = options.cache ?? new TtlCache<number, ShortVideo | null>({ ttlMs: shortClipConfig.ttlMs, maxEntries: shortClipConfig.maxEntries, evictRatio: shortClipConfig.evictRatio, now: options.now ?? Date.now });
  const lookups = new Map<number, Promise<ApiResult<ShortVideo | null>>>();
  const now = options.now ?? Date.now;
  // The service's clip count (total_pages of page_size 1), asked once for concurrent draws and reused while fresh.
  type Count = { pages: number; first: ShortVideo | null };
  let counted: { at: number; answer: Promise<ApiResult<Count>> } | null = null;

  /** `count` different pages of 1..pages, drawn at random (a bounded number of draws: a broken random source ends it). */
  function distinctPages(pages: number, count: number): number[] {
    if (pages <= count) return Array.from({ length: Math.max(0, pages) }, (_, i) => i + 1);
    const picked = new Set<number>();
    for (let draws = 0; picked.size < count && draws < count * shortClipConfig.randomDrawsPerClip; draws++) picked.add(1 + randomInt(random, pages));
    return [...picked];
  }

  function toClip(v: ParsedShortVideo): ShortVideo | null {
    let url: string;
    try {
      url = new URL(v.m3u8_url.trim(), resolveBase).toString();
    } catch {
      return null;
    }
    if (!v.m3u8_url.includes('m3u8')) return null;
    return { id: v.id as number, original_id: v.original_id, title: v.title, m3u8_url: url, created_at: v.created_at };
  }

  async function call(path: string, init: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal }) {
    const res = await requestJson(`${base}${path}`, { method: init.method, body: init.body, timeoutMs: requestTimeoutMs(), signal: init.signal });
    if (!res.ok) return res;
    const parsed = envelopeSchema.safeParse(res.value);
    if (!parsed.success) return { ok: false as const, error: apiError(HttpErrorCode.BadResponse, 'The short-video answer is not understood.', true) };
    if (!parsed.data.success) return { ok: false as const, error: apiError(HttpErrorCode.Api, parsed.data.message || 'Short-video service error', false) };
    return { ok: true as const, value: parsed.data };
  }

  const client: ShortVideoClient = {
    cache,

    async list(query = {}, signal) {
      const pageSize = query.pageSize ?? shortClipConfig.defaultPageSize;
      const params = new URLSearchParams({ page: String(query.page ?? 1), page_size: String(pageSize) });
      if (query.originalId !== undefined) params.set('original_id', String(query.originalId));
      if (query.orderBy) params.set('order_by', query.orderBy);
      if (query.orderDesc !== undefined) params.set('order_desc', String(query.orderDesc));
      const r = await call(`/api/v2/short-videos?${params.toString()}`, { signal });
      if (!r.ok) return r;
      const raw = Array.isArray(r.value.data) ? r.value.data : [];
      const data = parseItems(shortVideoSchema, raw)
        .map(toClip)
        .filter((c): c is ShortVideo => c !== null);
      const total = r.value.total ?? data.length;
      return {
        ok: true,
        value: { data, total, total_pages: r.value.total_pages ?? Math.ceil(total / pageSize), page: r.value.page ?? query.page ?? 1, page_size: r.value.page_size ?? pageSize },
      };
    },

    async get(id, signal) {
      const r = await call(`/api/v2/short-videos/${encodeURIComponent(String(id))}`, { signal });
      if (!r.ok) return r;
      const parsed = shortVideoSchema.safeParse(r.value.data);
      const clip = parsed.success ? toClip(parsed.data) : null;
      return clip ? { ok: true, value: clip } : { ok: false, error: apiError(HttpErrorCode.BadResponse, 'The short video has no playlist address.', false) };
    },

    async randomClip(signal) {
      const r = await client.randomClips(1, signal);
      return r.ok ? { ok: true, value: r.value[0] ?? null } : r;
    },

    async randomClips(wanted, signal) {
      // Page 1 of size 1 gives the number of clips as total_pages; then random pages of size 1 (spec 1 §7).
      if (!counted || now() - counted.at >= shortClipConfig.ttlMs) {
        const entry = {
          at: now(),
          answer: client.list({ page: 1, pageSize: 1 }, signal).then((r): ApiResult<Count> => (r.ok ? { ok: true, value: { pages: r.value.total_pages, first: r.value.data[0] ?? null } } : r)),
        };
        counted = entry;
        // A failed count is asked again next time.
        void entry.answer.then((r) => {
          if (!r.ok && counted === entry) counted = null;
        });
      }
      const count = await counted.answer;
      if (!count.ok) return count;
      const { pages, first } = count.value;
      const draw = (page: number): Promise<ApiResult<ShortVideo | null>> =>
        page === 1 && first
          ? Promise.resolve({ ok: true, value: first })
          : client.list({ page, pageSize: 1 }, signal).then((r) => (r.ok ? { ok: true, value: r.value.data[0] ?? null } : r));
      const answers = await Promise.all(distinctPages(pages, wanted).map(draw));
      const clips: ShortVideo[] = [];
      for (const r of answers) {
        if (!r.ok) return r;
        if (r.value) clips.push(r.value);
      }
      return { ok: true, value: clips };
    },

    async clipForVideo(videoId, signal) {
      const id = validateVideoId(videoId);
      if (!id.ok) return { ok: true, value: null };
      const cached = cache.get(id.value);
      if (cached !== undefined) return { ok: true, value: cached };
      // The feed store's preload and the player's lookup ask for the same ids around a swipe: one request each.
      const running = lookups.get(id.value);
      if (running) return running;
      const lookup = client.list({ page: 1, pageSize: 1, originalId: id.value }, signal).then((r): ApiResult<ShortVideo | null> => {
        if (!r.ok) return r;
        const clip = r.value.data[0] ?? null;
        cache.set(id.value, clip);
        return { ok: true, value: clip };
      });
      lookups.set(id.value, lookup);
      void lookup.finally(() => lookups.delete(id.value));
      return lookup;
    },

    async preloadClips(videoIds, signal) {
      const ids = videoIds.filter((v) => validateVideoId(v).ok);
      for (let i = 0; i < ids.length; i += shortClipConfig.preloadGroupSize) {
        if (signal?.aborted) return;
        if (i > 0) await sleep(shortClipConfig.preloadPauseMs);
        await Promise.all(ids.slice(i, i + shortClipConfig.preloadGroupSize).map((id) => client.clipForVideo(id, signal)));
      }
    },

    async recordPlay(shortVideoId, record = {}) {
      // Longer values would be refused (400): they are cut to what the service keeps.
      const body: PlayRecord = {
        ...(record.user_agent ? { user_agent: record.user_agent.slice(0, shortClipConfig.playUserAgentMax) } : {}),
        ...(record.referer ? { referer: record.referer.slice(0, shortClipConfig.playRefererMax) } : {}),
      };
      const r = await call(`/api/v2/short-videos/${encodeURIComponent(String(shortVideoId))}/play`, { method: 'POST', body });
      if (!r.ok) return r;
      const count = typeof r.value.data === 'object' && r.value.data !== null ? (r.value.data as Record<string, unknown>).play_count : undefined;
      return { ok: true, value: { play_count: typeof count === 'number' ? count : undefined } };
    },
  };
  return client;
}

/** The app's client: one short-clip cache for the session (the feed player and the feed store share it). */
export const shortVideoClient = createShortVideoClient();
