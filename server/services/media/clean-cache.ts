// An in-memory cache bounded by bytes, not entries (issue 13: an entry-count
// bound lets a few huge answers take any amount of memory). Each entry has
// its own expiry, fixed when it is stored (reads do not extend it: the answer
// must not drift further than that from its upstream). When a new entry
// takes the total past the budget, expired entries go first, then the least
// recently used. An entry larger than the whole budget is not stored.
// The clock is injected (tests move it; the server uses Date.now).

export interface ByteCacheOptions {
  maxBytes: number;
  /** Default time to live of an entry, ms. */
  ttlMs: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  bytes: number;
  expiresAt: number;
}

export class ByteBoundedCache<V> {
  // A Map iterates in insertion order: a hit re-inserts its entry, so the first entry is the least recently used.
  private readonly entries = new Map<string, Entry<V>>();
  private total = 0;
  private readonly now: () => number;

  constructor(
    private readonly options: ByteCacheOptions,
    /** What one entry costs in memory, bytes (key included). */
    private readonly sizeOf: (key: string, value: V) => number,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() >= entry.expiresAt) {
      this.remove(key, entry);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores value for ttlMs (default: the cache's); false when it was not stored (larger than the budget, or no time to live). */
  set(key: string, value: V, ttlMs = this.options.ttlMs): boolean {
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    const bytes = this.sizeOf(key, value);
    if (bytes > this.options.maxBytes || !(ttlMs > 0)) return false;
    this.entries.set(key, { value, bytes, expiresAt: this.now() + ttlMs });
    this.total += bytes;
    if (this.total > this.options.maxBytes) this.evict();
    return true;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry) this.remove(key, entry);
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  private remove(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  private evict(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (now >= entry.expiresAt) this.remove(key, entry);
    for (const [key, entry] of this.entries) {
      if (this.total <= this.options.maxBytes) break;
      this.remove(key, entry);
    }
  }
}

/** Memory of a string, counted as if every character took two bytes (V8 may store ASCII in one). */
export const stringBytes = (s: string): number => s.length * 2;
