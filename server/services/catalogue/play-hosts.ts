// The hosts the catalogue streams from: the server's cleaned-playlist
// endpoint fetches only from these, so it is never an open proxy.

import { ilike } from 'drizzle-orm';
import { parsePlayUrl } from '../../../workers/core/index';
import type { Db } from '../../db/client';
import { videos } from '../../db/schema/catalogue';

/** Hosts (URL.host: lower-case, with the port when not the default) of the http(s) m3u8 routes in one vod_play_url. */
export function playlistHosts(playUrl: string): string[] {
  const hosts = new Set<string>();
  for (const source of parsePlayUrl(playUrl)) {
    for (const route of source.routes) {
      if (!route.isHls) continue;
      try {
        const url = new URL(route.url);
        if (url.protocol === 'http:' || url.protocol === 'https:') hosts.add(url.host);
      } catch {
        // Not a URL: nothing to allow.
      }
    }
  }
  return [...hosts];
}

/** The distinct playlist hosts of the whole catalogue, sorted. */
export async function listPlaylistHosts(db: Db): Promise<string[]> {
  const rows = await db.select({ playUrl: videos.vodPlayUrl }).from(videos).where(ilike(videos.vodPlayUrl, '%m3u8%'));
  return [...new Set(rows.flatMap((r) => playlistHosts(r.playUrl)))].sort();
}
