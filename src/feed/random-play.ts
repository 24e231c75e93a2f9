// Random-play mode, 刷着看 (spec 3 §4, §7, §9): clips drawn from random
// catalogue pages (1-50, three in parallel, 8 s each). A failed load retries
// up to 2 times after 1000 ms x attempt (at most 5 s); a failed start
// deactivates the mode; the visitor may retry by hand up to 2 times. Leaving
// pauses it (timers cancelled); coming back resumes and preloads.
// Catalogue, clock, randomness and timers are injected.

import type { CatalogueClient, CatalogueError } from '../api/catalogue';
import { randomInt } from '../../workers/core/random';
import { randomPlayConfig as c } from './config';
import type { FeedVideoItem } from './feed-item';
import { playableItems } from './playable';
import type { Timeouts } from '../lib/timers';

export const RandomStatus = {
  Idle: 'idle',
  Initializing: 'initializing',
  Active: 'active',
  Paused: 'paused',
  Stopped: 'stopped',
} as const;
export type RandomStatus = (typeof RandomStatus)[keyof typeof RandomStatus];

export const RandomMessage = {
  startFailed: 'feed:random.startFailed',
  maxRetries: 'feed:random.maxRetries',
  retryFailedN: 'feed:random.retryFailedN',
  retryFailed: 'feed:random.retryFailed',
} as const;

export interface RandomMessageRef {
  key: string;
  params?: Record<string, number>;
}

export interface RandomPlayState {
  status: RandomStatus;
  loading: boolean;
  /** The retry banner's message, when a load failed. */
  message: RandomMessageRef | null;
  manualRetriesLeft: number;
}

export interface RandomPlayDeps {
  catalogue: Pick<CatalogueClient, 'list' | 'detail'>;
  random: () => number;
  now: () => number;
  timers: Timeouts;
  /** Title language, sent with every catalogue call (src/api/catalogue.ts says why). */
  lang: string;
  /** Called on every state change (the store mirrors it). */
  onChange?: (state: RandomPlayState) => void;
  /** Toasts for each failed automatic retry. */
  notify?: (key: string, params: Record<string, number>) => void;
}

type Load = { ok: true; items: FeedVideoItem[] } | { ok: false; error: CatalogueError | null };

/** The delay before automatic retry `attempt` (1-based): 1000 ms x attempt, at most 5 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(c.retryDelayMs * Math.max(1, attempt), c.maxRetryDelayMs);
}

/** `count` distinct pages in 1..max (fewer when max is smaller). */
export function randomPages(random: () => number, max: number, count: number = c.parallelPages): number[] {
  const top = Math.max(c.minPage, Math.min(c.maxPage, Math.trunc(max)));
  const pool = Array.from({ length: top - c.minPage + 1 }, (_, i) => c.minPage + i);
  const picked: number[] = [];
  while (picked.length < count && pool.length > 0) picked.push(pool.splice(randomInt(random, pool.length), 1)[0]);
  return picked;
}

export class RandomPlay {
  private s: RandomPlayState = { status: RandomStatus.Idle, loading: false, message: null, manualRetriesLeft: c.manualRetries };
  private queue: FeedVideoItem[] = [];
  private readonly seen = new Set<number>();
  private readonly pageCache = new Map<number, { at: number; items: FeedVideoItem[] }>();
  private knownPageCount: number | null = null;
  private pendingTimer: { handle: unknown; resolve: (fired: boolean) => void } | null = null;
  private abort = new AbortController();

  constructor(private readonly deps: RandomPlayDeps) {}

  get state(): RandomPlayState {
    return { ...this.s };
  }

  /** initializing -> active with the first batch, or stopped (deactivated) with the start-failed message. */
  async start(): Promise<FeedVideoItem[] | null> {
    this.abort.abort();
    this.abort = new AbortController();
    this.queue = [];
    this.seen.clear();
    this.set({ status: RandomStatus.Initializing, message: null, manualRetriesLeft: c.manualRetries });
    return this.firstBatch();
  }

  /** The next batch (5 items), loading when the queue runs short. null = failed (banner shown). */
  async more(): Promise<FeedVideoItem[] | null> {
    if (this.s.status !== RandomStatus.Active) return null;
    if (this.queue.length < c.batchSize) {
      const ok = await this.fill();
      if (!ok && this.queue.length === 0) {
        this.set({ message: { key: RandomMessage.maxRetries } });
        return null;
      }
    }
    return this.take();
  }

  /** The visitor's retry from the banner: at most 2 times. */
  async manualRetry(): Promise<FeedVideoItem[] | null> {
    if (this.s.manualRetriesLeft <= 0) {
      this.set({ message: { key: RandomMessage.maxRetries } });
      return null;
    }
    this.set({ manualRetriesLeft: this.s.manualRetriesLeft - 1, message: null });
    if (this.s.status === RandomStatus.Stopped || this.s.status === RandomStatus.Idle) {
      this.set({ status: RandomStatus.Initializing });
      const items = await this.firstBatch();
      if (!items) this.set({ message: { key: this.s.manualRetriesLeft > 0 ? RandomMessage.retryFailed : RandomMessage.maxRetries } });
      return items;
    }
    const items = await this.more();
    if (!items) this.set({ message: { key: this.s.manualRetriesLeft > 0 ? RandomMessage.retryFailed : RandomMessage.maxRetries } });
    return items;
  }

  /** The visitor left: timers are cancelled, nothing loads until resume. */
  pause(): void {
    if (this.s.status !== RandomStatus.Active && this.s.status !== RandomStatus.Initializing) return;
    this.cancelTimer();
    this.set({ status: RandomStatus.Paused });
  }

  /** Back again: active, and the next batch is preloaded. */
  async resume(): Promise<void> {
    if (this.s.status !== RandomStatus.Paused) return;
    this.set({ status: RandomStatus.Active });
    if (this.queue.length < c.batchSize) await this.fill();
  }

  stop(): void {
    this.cancelTimer();
    this.abort.abort();
    this.queue = [];
    this.set({ status: RandomStatus.Stopped, loading: false, message: null });
  }

  private async firstBatch(): Promise<FeedVideoItem[] | null> {
    const ok = await this.fill();
    if (this.s.status !== RandomStatus.Initializing) return null;
    if (!ok || this.queue.length === 0) {
      this.set({ status: RandomStatus.Stopped, message: { key: RandomMessage.startFailed } });
      return null;
    }
    this.set({ status: RandomStatus.Active });
    return this.take();
  }

  private take(): FeedVideoItem[] {
    const batch = this.queue.splice(0, c.batchSize);
    for (const item of batch) this.seen.add(item.vod_id);
    return batch;
  }

  /** One load with its automatic retries. False when every attempt failed or the mode was left. */
  private async fill(): Promise<boolean> {
    this.set({ loading: true });
    try {
      for (let attempt = 0; ; attempt++) {
        const r = await this.loadOnce();
        if (!this.running()) return false;
        if (r.ok) {
          const queued = new Set(this.queue.map((i) => i.vod_id));
          let fresh = r.items.filter((i) => !this.seen.has(i.vod_id) && !queued.has(i.vod_id));
          if (fresh.length === 0) {
            // Everything drawn was shown already (a small catalogue): a new round.
            this.seen.clear();
            fresh = r.items.filter((i) => !queued.has(i.vod_id));
          }
          this.queue.push(...fresh);
          return true;
        }
        if (attempt >= c.maxRetries) return false;
        this.deps.notify?.(RandomMessage.retryFailedN, { n: attempt + 1, max: c.maxRetries });
        if (!(await this.wait(retryDelayMs(attempt + 1)))) return false;
      }
    } finally {
      this.set({ loading: false });
    }
  }

  private running(): boolean {
    return this.s.status === RandomStatus.Active || this.s.status === RandomStatus.Initializing;
  }

  /** Three random pages in parallel; any page that answers is enough. */
  private async loadOnce(): Promise<Load> {
    const pages = randomPages(this.deps.random, this.knownPageCount ?? c.maxPage);
    const results = await Promise.all(pages.map((p) => this.page(p)));
    const items = results.flatMap((r) => (r.ok ? r.items : []));
    if (items.length === 0 && results.some((r) => r.ok) && this.knownPageCount !== null && pages.some((p) => p > (this.knownPageCount ?? 0))) {
      // The catalogue has fewer pages than asked: draw again within its size.
      return this.loadOnce();
    }
    if (items.length > 0) return { ok: true, items: this.shuffle(items) };
    const failed = results.find((r): r is { ok: false; error: CatalogueError | null } => !r.ok);
    return { ok: false, error: failed?.error ?? null };
  }

  private async page(page: number): Promise<Load> {
    const now = this.deps.now();
    const cached = this.pageCache.get(page);
    if (cached && now - cached.at < c.batchCacheTtlMs) return { ok: true, items: cached.items };
    const signal = this.abort.signal;
    const list = await this.deps.catalogue.list({ page, lang: this.deps.lang }, { timeoutMs: c.loadTimeoutMs, signal });
    if (!list.ok) return { ok: false, error: list.error };
    this.knownPageCount = list.value.pagecount;
    const items = await playableItems(this.deps.catalogue, list.value.list, { lang: this.deps.lang, timeoutMs: c.loadTimeoutMs, signal });
    if (!items.ok) return { ok: false, error: items.error };
    this.pageCache.set(page, { at: now, items: items.value });
    return { ok: true, items: items.value };
  }

  private shuffle(items: FeedVideoItem[]): FeedVideoItem[] {
    const out = [...new Map(items.map((i) => [i.vod_id, i])).values()];
    for (let i = out.length - 1; i > 0; i--) {
      const j = randomInt(this.deps.random, i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /** Resolves true after `ms`, or false when cancelled (pause, stop). */
  private wait(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const handle = this.deps.timers.setTimeout(() => {
        this.pendingTimer = null;
        resolve(true);
      }, ms);
      this.pendingTimer = { handle, resolve };
    });
  }

  private cancelTimer(): void {
    if (!this.pendingTimer) return;
    this.deps.timers.clearTimeout(this.pendingTimer.handle);
    this.pendingTimer.resolve(false);
    this.pendingTimer = null;
  }

  private set(patch: Partial<RandomPlayState>): void {
    this.s = { ...this.s, ...patch };
    this.deps.onChange?.(this.state);
  }
}
