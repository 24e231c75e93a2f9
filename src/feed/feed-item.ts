// Catalogue video -> feed item (spec 1 §3). The play address is the first
// valid stream URL among m3u8_url, short_m3u8_url, url, vod_play_url (parsed
// into routes), src and playUrl; an item without one is dropped (spec 1 §5).

import { itemPlayAddress, itemShortAddress } from '../../workers/core/play-url';
import type { FeedAdItem } from '../api/app-config';
import type { CatalogueVideo } from '../api/catalogue-schemas';
import { plainText } from '../lib/plain-text';

export interface FeedVideoItem {
  /** String of vod_id: the feed's `i` parameter and the list key. */
  id: string;
  vod_id: number;
  isAd: false;
  title: string;
  pic: string;
  /** The play address (validated stream URL). */
  url: string;
  remarks: string;
  area: string;
  year: string;
  typeId?: number;
  typeName: string;
  vod_play_url: string;
  vod_play_from: string;
  src?: string;
  playUrl?: string;
  /** The short-clip address the catalogue gave, when valid (first in the player's fallback order after the cache). */
  shortUrl?: string;
  isShortVideo: boolean;
  shortVideoId?: number;
  /** A clip to restore (the `t` parameter), as clean-segment indices. */
  _restoreSegmentRange?: { startIdx: number; endIdx: number };
}


export type { FeedAdItem };
export type FeedItem = FeedVideoItem | FeedAdItem;

export const isAdItem = (item: FeedItem): item is FeedAdItem => item.isAd;

/** The feed item of a catalogue video, or null when it has no play address. */
export function toFeedItem(video: CatalogueVideo): FeedVideoItem | null {
  const url = itemPlayAddress(video as unknown as Record<string, unknown>);
  if (!url) return null;
  const shortUrl = itemShortAddress(video as unknown as Record<string, unknown>) ?? undefined;
  const shortVideoId = video.shortVideoId !== undefined && video.shortVideoId > 0 ? video.shortVideoId : undefined;
  const title = plainText(video.vod_name);
  return {
    id: String(video.vod_id),
    vod_id: video.vod_id,
    isAd: false,
    title,
    pic: safeImage(video.vod_pic),
    url,
    remarks: plainText(video.vod_remarks),
    area: plainText(video.vod_area),
    year: plainText(video.vod_year),
    typeId: video.type_id,
    typeName: plainText(video.type_name),
    vod_play_url: video.vod_play_url,
    vod_play_from: video.vod_play_from,
    shortUrl,
    isShortVideo: shortUrl !== undefined || shortVideoId !== undefined,
    shortVideoId,
  };
}

/** Posters only from http(s) (or root-relative) addresses: a 'javascript:' or 'data:' value is dropped. */
function safeImage(value: string): string {
  const v = value.trim();
  return /^(https?:\/\/|\/(?!\/))/i.test(v) ? v : '';
}

/** Feed items of a page, in order; videos without a play address are dropped. */
export function toFeedItems(videos: readonly CatalogueVideo[]): FeedVideoItem[] {
  return videos.map(toFeedItem).filter((i): i is FeedVideoItem => i !== null);
}
