// The feed's page loader (spec 1 §4 "Feed page loading", §7): batches of up
// to 10 new videos from ac=list pages. Seen ids are skipped; the page counter
// goes back to 1 after the last page; an error starts a 5 s cool-down, and
// the caller may retry up to 3 times (see playable.ts for play addresses).
// The "all" source (综合, spec 3 §2, §7) is random across the catalogue: after
// its first page (the one index.html fetches before the app's JavaScript, so
// the first clip is ready early), each read draws three random pages from
// 1-50 (within the page count) and fetches them in parallel.

import type { CatalogueClient, CatalogueError } from '../api/catalogue';
import { requestTimeoutMs } from '../api/request-timeout';
import { feedConfig, randomPlayConfig } from './config';
import type { FeedVideoItem } from './feed-item';
import { playableItems } from './playable';
import { randomPages } from './random-play';
import { apiConfig } from '../api/config';

export interface PageLoaderOptions {
  catalogue: Pick<CatalogueClient, 'list' | 'detail'>;
  now: () => number;
  /** Category (play source); undefined = all. */
  typeId?: number;
  /** Title language, sent with every catalogue call (src/api/catalogue.ts says why). */
  lang: string;
  batchSize?: number;
  /** Random pages after the first (the "all" source); absent = pages in order. */
  random?: () => number;
}

export type BatchResult =
  | { ok: true; items: FeedVideoItem[]; page: number; restarted: boolean }
  | { ok: false; reason: 'cooldown' | 'busy'; retryAt: number }
  | { ok: false; reason: 'error'; error: CatalogueError; retryAt: number; retriesLeft: number };

export interface PageLoaderSnapshot {
  nextPage: number;
  pageCount: number | null;
  pagesLoaded: number;
  retryCount: number;
  cooldownUntil: number;
  loading: boolean;
}

export class PageLoader {
  private nextPage = 1;
  private pageCount: number | null = null;
  private pagesLoaded = 0;
  private retryCount = 0;
  private cooldownUntil = 0;
  private loading = false;
  private readonly seen = new Set<number>();
  /** Unseen items of a page read past the batch size: served first next time. */
  private buffer: FeedVideoItem[] = [];
  /** Consecutive pages that gave nothing new. */
  private dryPages = 0;
  private readonly batchSize: number;

  constructor(private readonly options: PageLoaderOptions) {
    this.batchSize = Math.min(options.batchSize ?? feedConfig.batchSize, feedConfig.batchSize);
  }

  snapshot(): PageLoaderSnapshot {
    return { nextPage: this.nextPage, pageCount: this.pageCount, pagesLoaded: this.pagesLoaded, retryCount: this.retryCount, cooldownUntil: this.cooldownUntil, loading: this.loading };
  }

  /** Ids shown by other means (a restored item, random play) are not served again. */
  markSeen(ids: Iterable<number>): void {
    for (const id of ids) this.seen.add(id);
    this.buffer = this.buffer.filter((i) => !this.seen.has(i.vod_id));
  }

  /** The server answers again after an outage: the failures the outage caused spend no retries and leave no cool-down. */
  forgiveOutage(): void {
    this.retryCount = 0;
    this.cooldownUntil = 0;
  }

  /** Continues an earlier visit's reading (the fast cache): `page` next, its videos not served again. */
  resume(page: number, seenIds: Iterable<number>): void {
    this.nextPage = Math.max(1, Math.trunc(page));
    this.markSeen(seenIds);
  }

  async loadBatch(signal?: AbortSignal): Promise<BatchResult> {
    const now = this.options.now();
    if (this.loading) return { ok: false, reason: 'busy', retryAt: now };
    if (now < this.cooldownUntil) return { ok: false, reason: 'cooldown', retryAt: this.cooldownUntil };
    this.loading = true;
    try {
      return await this.collect(signal);
    } finally {
      this.loading = false;
    }
  }

  private async collect(signal?: AbortSignal): Promise<BatchResult> {
    const out = this.take(this.buffer, this.batchSize);
    let restarted = false;
    for (let read = 0; out.length < this.batchSize && read < feedConfig.maxPagesPerBatch; read++) {
      const drawn = this.randomRead();
      const pages = drawn ?? [this.nextPage];
      const timeoutMs = this.pagesLoaded === 0 ? feedConfig.firstPageTimeoutMs : requestTimeoutMs();
      const lists = await Promise.all(
        pages.map((page) => this.options.catalogue.list({ page, typeId: this.options.typeId, limit: apiConfig.cataloguePageSize, lang: this.options.lang }, { timeoutMs, signal })),
      );
      const answered = lists.flatMap((l) => (l.ok ? [l.value] : []));
      // Random pages: any page that answers is enough.
      if (answered.length === 0) return this.fail((lists[0] as Extract<(typeof lists)[0], { ok: false }>).error);
      const known = new Set(this.buffer.map((b) => b.vod_id));
      const fresh = answered.flatMap((p) => p.list).filter((v) => !this.seen.has(v.vod_id) && !known.has(v.vod_id) && known.add(v.vod_id));
      const items = await playableItems(this.options.catalogue, fresh, { lang: this.options.lang, signal });
      if (!items.ok) return this.fail(items.error);
      const pageCount = Math.max(...answered.map((p) => p.pagecount));
      this.pageCount = pageCount;
      this.pagesLoaded += answered.length;
      if (!drawn) this.nextPage = pages[0] >= pageCount ? 1 : pages[0] + 1;
      this.buffer.push(...items.value);
      out.push(...this.take(this.buffer, this.batchSize - out.length));
      this.dryPages = items.value.length === 0 ? this.dryPages + 1 : 0;
      // A whole round of pages without anything new: every video was shown,
      // so a new round begins (the feed never runs dry on a small catalogue).
      if (this.dryPages >= pageCount && !restarted) {
        this.seen.clear();
        for (const item of out) this.seen.add(item.vod_id);
        this.dryPages = 0;
        restarted = true;
      }
    }
    this.retryCount = 0;
    this.cooldownUntil = 0;
    return { ok: true, items: out, page: this.nextPage, restarted };
  }

  /** For the "all" source after its first page: three random pages; otherwise null (the next page in order). */
  private randomRead(): number[] | null {
    if (!this.options.random || this.pagesLoaded === 0) return null;
    return randomPages(this.options.random, this.pageCount ?? randomPlayConfig.maxPage);
  }

  /** Removes up to `room` unseen items from the front of `from`, marking them seen. */
  private take(from: FeedVideoItem[], room: number): FeedVideoItem[] {
    const picked: FeedVideoItem[] = [];
    while (from.length > 0 && picked.length < room) {
      const item = from.shift() as FeedVideoItem;
      if (this.seen.has(item.vod_id)) continue;
      this.seen.add(item.vod_id);
      picked.push(item);
    }
    return picked;
  }

  private fail(error: CatalogueError): BatchResult {
    this.retryCount++;
    this.cooldownUntil = this.options.now() + feedConfig.cooldownMs;
    return { ok: false, reason: 'error', error, retryAt: this.cooldownUntil, retriesLeft: Math.max(0, feedConfig.maxRetries - this.retryCount) };
  }
}
