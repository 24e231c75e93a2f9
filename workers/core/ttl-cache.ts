// A small TTL + max-entries LRU cache with in-flight deduplication: identical
// requests made while one is loading share it. Each caller may cancel with its
// own AbortSignal; the shared load is aborted only when every caller has left.

export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Clock (ms); injectable for tests. */
  now?: () => number;
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
    this.entries.set(key, { value, expires: this.now() + this.options.ttlMs });
    this.prune();
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as K;
      this.entries.delete(oldest);
    }
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

  private prune(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
  }
}
