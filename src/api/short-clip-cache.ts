// Short-clip lookups kept 5 min, at most 200 entries; when full the oldest
// 30% go at once (spec 1 §7), so a burst of new ids costs one sweep, not one
// eviction per insert. A cleanup timer drops expired entries every 60 s.
// Time and timers are injected so tests drive them.

import { shortClipConfig } from './config';

export interface CacheTimers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface ShortClipCacheOptions {
  now: () => number;
  ttlMs?: number;
  maxEntries?: number;
  evictRatio?: number;
}

interface Entry<V> {
  at: number;
  value: V;
}

export class ShortClipCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly now: () => number;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly evictRatio: number;

  constructor(options: ShortClipCacheOptions) {
    this.now = options.now;
    this.ttlMs = options.ttlMs ?? shortClipConfig.ttlMs;
    this.maxEntries = options.maxEntries ?? shortClipConfig.maxEntries;
    this.evictRatio = options.evictRatio ?? shortClipConfig.evictRatio;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether a fresh entry exists (its value may be null: "no clip" is an answer too). */
  has(key: K): boolean {
    return this.fresh(key) !== undefined;
  }

  get(key: K): V | undefined {
    return this.fresh(key)?.value;
  }

  set(key: K, value: V): void {
    // Re-inserting moves the key to the newest end of the Map's order.
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.evictOldest();
    this.entries.set(key, { at: this.now(), value });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops expired entries; returns how many. */
  cleanup(): number {
    const now = this.now();
    let removed = 0;
    for (const [key, entry] of this.entries) {
      if (now - entry.at >= this.ttlMs) {
        this.entries.delete(key);
        removed++;
      }
    }
    return removed;
  }

  /** Runs cleanup every interval; returns the stop function. */
  startCleanup(timers: CacheTimers, intervalMs: number = shortClipConfig.cleanupIntervalMs): () => void {
    const handle = timers.setInterval(() => this.cleanup(), intervalMs);
    return () => timers.clearInterval(handle);
  }

  private fresh(key: K): Entry<V> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Map order is insertion order, so the first keys are the oldest. */
  private evictOldest(): void {
    const count = Math.max(1, Math.ceil(this.entries.size * this.evictRatio));
    let n = 0;
    for (const key of this.entries.keys()) {
      if (n++ >= count) break;
      this.entries.delete(key);
    }
  }
}
