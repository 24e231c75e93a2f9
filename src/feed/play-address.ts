// The addresses the player tries for a feed item, in the spec's fallback
// order (spec 1 §4 "Player states"): the cached short URL, the item's short
// URL, a short clip fetched by video id, then the original URL. The fetch is
// made only when no short URL is known yet: a known one is cheaper to try.
// Also the routes the video pages list and play (videoRoutes).

import { urlConfig } from '../../workers/core/config';
import { isShortUrl, parsePlayUrl, validateStreamUrl } from '../../workers/core/play-url';
import type { FeedVideoItem } from './feed-item';
import { plainText } from '../lib/plain-text';

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

/** How a route is labelled: the catalogue's own name, or the spec's default names (translated by the UI). */
export type RouteLabel = { kind: 'named'; text: string } | { kind: 'online' } | { kind: 'line'; number: number };

/** One play route of a video as the video pages list it (spec 2 §2.4, spec 3 §3). */
export interface VideoRoute {
  /** Position in the flattened list: the `route` address parameter. */
  index: number;
  /** The validated stream address. */
  url: string;
  label: RouteLabel;
  /** The source's vod_play_from (ad-carrying and special sources are handled by the engine). */
  playFrom: string;
}

const LINE_NAME = new RegExp(`^${urlConfig.lineNamePrefix} (\\d+)$`);

function routeLabel(name: string): RouteLabel {
  if (name === urlConfig.defaultRouteName) return { kind: 'online' };
  const line = LINE_NAME.exec(name);
  if (line) return { kind: 'line', number: Number(line[1]) };
  return { kind: 'named', text: plainText(name) };
}

/**
 * The playable routes of vod_play_url, every source's routes in order (spec 3
 * §3: '#' routes, 'name$url', '$$$' sources). Routes whose address is not a
 * valid m3u8 stream cannot play here and are left out, so indices match
 * between the detail page and the play page.
 */
export function videoRoutes(playUrl: unknown, playFrom?: unknown): VideoRoute[] {
  const out: VideoRoute[] = [];
  for (const source of parsePlayUrl(playUrl, playFrom)) {
    for (const route of source.routes) {
      const valid = validateStreamUrl(route.url);
      if (!valid.ok) continue;
      out.push({ index: out.length, url: valid.value, label: routeLabel(route.name), playFrom: source.from });
    }
  }
  return out;
}
