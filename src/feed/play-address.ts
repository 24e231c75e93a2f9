// The addresses the player tries for a feed item, in the spec's fallback
// order (spec 1 §4 "Player states"): the cached short URL, the item's short
// URL, a short clip fetched by video id, then the original URL. The fetch is
// made only when no short URL is known yet: a known one is cheaper to try.

import { isShortUrl, validateStreamUrl } from '../../workers/core/play-url';
import type { FeedVideoItem } from './feed-item';

export interface PlayAddressSources {
  /** The short-clip cache's address for this video id, if any (sync: no network). */
  cachedShortUrl(videoId: number): string | undefined;
  /** Looks a short clip up by video id (the client refuses ids that are not numeric and above 0); null = none or failed. */
  fetchShortUrl(videoId: number, signal?: AbortSignal): Promise<string | null>;
}

export type PlayCandidateSource = 'cached-short' | 'item-short' | 'fetched-short' | 'original';

export interface PlayCandidate {
  url: string;
  source: PlayCandidateSource;
}

function usableShort(url: unknown): string | null {
  if (!isShortUrl(url)) return null;
  const r = validateStreamUrl(url);
  return r.ok ? r.value : null;
}

/** Ordered, de-duplicated candidates; the original URL always comes last. */
export async function playCandidates(item: FeedVideoItem, sources: PlayAddressSources, signal?: AbortSignal): Promise<PlayCandidate[]> {
  const out: PlayCandidate[] = [];
  const add = (url: string | null | undefined, source: PlayCandidateSource) => {
    if (url && !out.some((c) => c.url === url)) out.push({ url, source });
  };
  add(usableShort(sources.cachedShortUrl(item.vod_id)), 'cached-short');
  add(usableShort(item.shortUrl), 'item-short');
  if (out.length === 0 && Number.isSafeInteger(item.vod_id) && item.vod_id > 0) {
    add(usableShort(await sources.fetchShortUrl(item.vod_id, signal)), 'fetched-short');
  }
  add(item.url, 'original');
  return out;
}
