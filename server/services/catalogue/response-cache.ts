// Catalogue answers kept a few seconds per database: the catalogue changes
// when an import or the demo seeding runs, while the feed asks the same pages
// again and again. Without it every ac=list costs three queries; with it the
// server holds 500 req/s on two cores with room to spare (npm run bench:server).
// Upserts in this process clear it at once; another process's import shows
// within the TTL.

import type { Db } from '../../db/client';
import { catalogueConfig } from './config';

interface Entry {
  at: number;
  value: unknown;
}

const caches = new WeakMap<object, Map<string, Entry>>();
// Bumped by every clearAnswers: caches of other shapes (the suggestion index) compare it to know they are stale.
const generations = new WeakMap<object, number>();

function cacheOf(db: Db): Map<string, Entry> {
  let c = caches.get(db);
  if (!c) {
    c = new Map();
    caches.set(db, c);
  }
  return c;
}

/**
 * The cached answer for `key`, or computes, stores and returns it. The
 * promise is stored at once, so requests arriving while it is computed share
 * it instead of each querying the database; a failure is not kept.
 */
export function cachedAnswer<T>(db: Db, key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (hit && now - hit.at < catalogueConfig.responseCacheMs) return hit.value as Promise<T>;
  const value = compute();
  if (cache.size >= catalogueConfig.responseCacheEntries) cache.clear();
  const entry = { at: now, value };
  cache.set(key, entry);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}

/** Forget every cached answer of `db` (after writes). */
export function clearAnswers(db: Db): void {
  caches.get(db)?.clear();
  generations.set(db, answersGeneration(db) + 1);
}

/** How many times this process cleared `db`'s answers: a cache built at another count is out of date. */
export function answersGeneration(db: Db): number {
  return generations.get(db) ?? 0;
}
