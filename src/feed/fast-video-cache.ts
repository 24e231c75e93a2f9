// The local fast cache (spec 1 §3 `fastVideoCache` {videos, timestamp,
// currentIndex}, §9: valid 10 min, 10 to 15 videos): a visitor who comes back
// within 10 minutes starts on the videos they had not reached yet, without
// waiting for the catalogue. What is read back is parsed like a catalogue
// answer (local storage is as untrusted as the network) and turned into feed
// items by the same rules.

import * as z from 'zod/mini';
import { catalogueVideoSchema, parseItems, type CatalogueVideo } from '../api/catalogue-schemas';
import { fastCacheConfig } from './config';
import { toFeedItems, type FeedItem, type FeedVideoItem } from './feed-item';
import type { KeyValueStore } from '../lib/key-value-store';

const recordSchema = z.object({
  videos: z.array(z.unknown()),
  timestamp: z.number(),
  currentIndex: z.number(),
  /** The catalogue page the feed reads next. */
  page: z.catch(z.number(), 1),
});

export interface FastCacheHit {
  /** Videos after the one that was on screen, in feed order. */
  upcoming: FeedVideoItem[];
  /** Every cached video id (already seen or queued: the loader skips them). */
  ids: number[];
  page: number;
}

/** The catalogue fields a feed item is made from again (toFeedItem reads them). */
function storedVideo(item: FeedVideoItem): Record<string, unknown> {
  return {
    vod_id: item.vod_id,
    vod_name: item.title,
    vod_pic: item.pic,
    vod_remarks: item.remarks,
    vod_area: item.area,
    vod_year: item.year,
    type_id: item.typeId,
    type_name: item.typeName,
    vod_play_url: item.vod_play_url,
    vod_play_from: item.vod_play_from,
    m3u8_url: item.url,
    short_m3u8_url: item.shortUrl,
    shortVideoId: item.shortVideoId,
  };
}

/**
 * Keeps up to 15 videos around the current one (the current one first when
 * possible, so most of the list is still ahead of the visitor).
 */
export function writeFastCache(storage: KeyValueStore, items: readonly FeedItem[], currentIndex: number, page: number, now: number): void {
  const videos: FeedVideoItem[] = [];
  let current = -1;
  items.forEach((item, index) => {
    if (item.isAd || index < currentIndex || videos.length >= fastCacheConfig.maxVideos) return;
    if (index === currentIndex) current = videos.length;
    videos.push(item);
  });
  if (videos.length === 0) return;
  const record = { videos: videos.map(storedVideo), timestamp: now, currentIndex: Math.max(0, current), page };
  try {
    storage.setItem(fastCacheConfig.storageKey, JSON.stringify(record));
  } catch {
    // Storage full or blocked: the cache is an optimisation only.
  }
}

/** The fresh cache's upcoming videos; null when absent, expired, unreadable or nothing is left ahead. */
export function readFastCache(storage: KeyValueStore, now: number): FastCacheHit | null {
  let raw: string | null;
  try {
    raw = storage.getItem(fastCacheConfig.storageKey);
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const record = recordSchema.safeParse(parsed);
  const age = record.success ? now - record.data.timestamp : Number.NaN;
  if (!record.success || !(age >= 0 && age < fastCacheConfig.ttlMs)) {
    clearFastCache(storage);
    return null;
  }
  // vod_id is refined to a positive number (positiveLooseInt); zod/mini's refine does not narrow its type.
  const items = toFeedItems(parseItems(catalogueVideoSchema, record.data.videos) as CatalogueVideo[]);
  const upcoming = items.slice(Math.max(0, Math.trunc(record.data.currentIndex)) + 1);
  if (upcoming.length === 0) return null;
  const page = Number.isSafeInteger(record.data.page) && record.data.page > 0 ? record.data.page : 1;
  return { upcoming, ids: items.map((i) => i.vod_id), page };
}

export function clearFastCache(storage: KeyValueStore): void {
  try {
    storage.removeItem(fastCacheConfig.storageKey);
  } catch {
    // Blocked storage: nothing to clear.
  }
}
