// The one TTL cache of page, worker and server code: TTL + max entries, the
// least recently used going first, with in-flight deduplication: identical
// requests made while one is loading share it. Each caller may cancel with its
// own AbortSignal; the shared load is aborted only when every caller has left.
// A cache may evict a share of its entries at once when full (the short-clip
// cache's 30%, spec 1 §7: a burst of new ids costs one sweep, not one eviction
// per insert) and sweep expired entries on a timer.

export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Share of the entries dropped at once when a new key meets a full cache (default: one entry). */
  evictRatio?: number;
  /** Clock (ms); injectable for tests. */
  now?: () => number;
}

/** Interval timers for the sweep (window or globalThis; a fake in tests). */
export interface IntervalTimers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface LoadOptions<V> {
  /** The caller's cancellation. */
  signal?: AbortSignal;
  /** Value a cancelled caller resolves with. */
  onAbort: () => V;
  /** Whether a loaded value may be cached (e.g. only successful results). */
  keep?: (value: V) => boolean;
}

interface Entry<V> {
  value: V;
  expires: number;
}

interface InFlight<V> {
  promise: Promise<V>;
  controller: AbortController;
  waiters: number;
}

export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly inflight = new Map<K, InFlight<V>>();
  private readonly now: () => number;

  constructor(private readonly options: TtlCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    this.prune();
    return this.entries.size;
  }

  /** Whether a fresh entry exists (its value may be null: "nothing" can be an answer too). */
  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  /** Cached value, or undefined when absent or expired. Marks the entry as recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.prune();
    if (this.entries.size >= this.options.maxEntries) this.evictOldest();
    this.entries.set(key, { value, expires: this.now() + this.options.ttlMs });
  }

  /** Drops expired entries; returns how many. */
  cleanup(): number {
    const before = this.entries.size;
    this.prune();
    return before - this.entries.size;
  }

  /** Sweeps expired entries every interval; returns the stop function. */
  startCleanup(timers: IntervalTimers, intervalMs: number): () => void {
    const handle = timers.setInterval(() => this.cleanup(), intervalMs);
    return () => timers.clearInterval(handle);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Number of loads in progress (for tests). */
  get loading(): number {
    return this.inflight.size;
  }

  /** Cached value, or join/start the in-flight load for `key`. */
  load(key: K, loader: (signal: AbortSignal) => Promise<V>, options: LoadOptions<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const { signal } = options;
    if (signal?.aborted) return Promise.resolve(options.onAbort());
    const shared = this.inflight.get(key) ?? this.start(key, loader, options.keep);
    shared.waiters++;
    return new Promise<V>((resolve, reject) => {
      const leave = () => {
        signal?.removeEventListener('abort', onAbort);
        shared.waiters--;
      };
      const onAbort = () => {
        leave();
        if (shared.waiters === 0) {
          shared.controller.abort();
          if (this.inflight.get(key) === shared) this.inflight.delete(key);
        }
        resolve(options.onAbort());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      shared.promise.then(
        (value) => {
          leave();
          resolve(value);
        },
        (error: unknown) => {
          leave();
          reject(error);
        },
      );
    });
  }

  private start(key: K, loader: (signal: AbortSignal) => Promise<V>, keep?: (value: V) => boolean): InFlight<V> {
    const controller = new AbortController();
    const shared: InFlight<V> = { controller, waiters: 0, promise: Promise.resolve() as Promise<unknown> as Promise<V> };
    const done = () => {
      if (this.inflight.get(key) === shared) this.inflight.delete(key);
    };
    shared.promise = new Promise<V>((resolve) => resolve(loader(controller.signal))).then(
      (value) => {
        done();
        if (!controller.signal.aborted && (keep?.(value) ?? true)) this.set(key, value);
        return value;
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
    this.inflight.set(key, shared);
    return shared;
  }

  /** Map order is least recently used first. */
  private evictOldest(): void {
    const count = Math.max(1, Math.ceil(this.entries.size * (this.options.evictRatio ?? 0)));
    let n = 0;
    for (const key of this.entries.keys()) {
      if (n++ >= count) break;
      this.entries.delete(key);
    }
  }

  private prune(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
  }
}
