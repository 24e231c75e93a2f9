// A play of a short-video-service clip is recorded when it starts in the feed
// (spec 1 §7: POST /api/v2/short-videos/{id}/play). The feed plays a service
// clip when the short-clip cache or the item named one (the fallback order,
// play-address.ts); which one played is known by the address the prepared
// clip was cut from. Once per time the item comes on screen: a resume after
// a pause, or a retry, is not a new play. A failed record is only logged.

import type { PreparedClip } from '../../workers/core/types';
import type { ShortVideoClient } from '../api/short-videos';
import { isAdItem, type FeedItem, type FeedVideoItem } from './feed-item';
import { rt } from './feed-state';

export interface ShortClipPlayDeps {
  shortVideos: () => Pick<ShortVideoClient, 'cache' | 'recordPlay'> | null;
  userAgent: () => string;
  referrer: () => string;
  log: (message: string) => void;
}

function sameAddress(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

/** The service clip `clipUrl` is, for this item: the cached clip of its video, or the one the item named; null: not a service clip. */
export function shortClipIdOf(item: FeedVideoItem, clipUrl: string, cache: ShortVideoClient['cache']): number | null {
  const cached = cache.get(item.vod_id);
  if (cached && sameAddress(cached.m3u8_url, clipUrl)) return cached.id;
  if (item.shortVideoId !== undefined && item.shortUrl && sameAddress(item.shortUrl, clipUrl)) return item.shortVideoId;
  return null;
}

export function createShortClipPlays(deps: ShortClipPlayDeps) {
  let onScreen: string | null = null;
  return {
    /** The feed's `playing` event: records the play when a service clip starts on an item newly on screen (settles when sent). */
    async playing(item: FeedItem, clip: PreparedClip | null): Promise<void> {
      if (isAdItem(item)) {
        onScreen = null;
        return;
      }
      if (item.id === onScreen) return;
      onScreen = item.id;
      const service = deps.shortVideos();
      const id = clip && service ? shortClipIdOf(item, clip.url, service.cache) : null;
      if (id === null || !service) return;
      const r = await service.recordPlay(id, { user_agent: deps.userAgent(), referer: deps.referrer() || undefined });
      if (!r.ok) deps.log(`play of short clip ${id} not recorded: ${r.error.message}`);
    },
  };
}

let feedPlays: ReturnType<typeof createShortClipPlays> | null = null;

/** The feed page's hook: a clip (or ad) started playing. */
export function noteShortClipPlaying(item: FeedItem, clip: PreparedClip | null): void {
  feedPlays ??= createShortClipPlays({
    shortVideos: () => rt.deps.shortVideos,
    userAgent: () => globalThis.navigator?.userAgent ?? '',
    referrer: () => globalThis.document?.referrer ?? '',
    log: (message) => console.warn(`[feed] ${message}`),
  });
  void feedPlays.playing(item, clip);
}
