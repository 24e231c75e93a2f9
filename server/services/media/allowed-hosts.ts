// The hosts the server will fetch playlists from: those of the catalogue's
// vod_play_url routes (never an open proxy). Cached briefly; a miss re-reads
// sooner so a video added a moment ago works, but at most every few seconds
// so refused requests cannot hammer the database.

import type { Db } from '../../db/client';
import { listPlaylistHosts } from '../catalogue/index';
import { mediaConfig } from './config';

export interface HostAllowList {
  /** Whether URL.host (lower-case, port when not the default) belongs to the catalogue. */
  allows(host: string): Promise<boolean>;
}

export interface AllowListOptions {
  cacheMs?: number;
  recheckMs?: number;
  now?: () => number;
}

export function createHostAllowList(db: Db, options: AllowListOptions = {}): HostAllowList {
  const cacheMs = options.cacheMs ?? mediaConfig.hostCacheMs;
  const recheckMs = options.recheckMs ?? mediaConfig.hostRecheckMs;
  const now = options.now ?? Date.now;
  let hosts = new Set<string>();
  let readAt = -Infinity;
  let reading: Promise<void> | null = null;

  const refresh = () => {
    reading ??= listPlaylistHosts(db)
      .then((list) => {
        hosts = new Set(list.map((h) => h.toLowerCase()));
        readAt = now();
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  return {
    async allows(host) {
      const key = host.toLowerCase();
      const age = now() - readAt;
      if (age > cacheMs || (!hosts.has(key) && age > recheckMs)) await refresh();
      return hosts.has(key);
    },
  };
}
