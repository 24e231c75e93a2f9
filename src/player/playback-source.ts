// What the player loads for a prepared item: in clip mode the worker's clip
// playlist; in full mode the clean (ad-free) full playlist when the worker
// made one, else the original playlist over the network with ad skipping on
// its (original-timeline) ad intervals. Pure.

import type { AdInterval, PreparedClip } from '../../workers/core/types';
import type { HlsMode } from './hls-config';
import type { PreloadSource } from './hls-pool';
import { nativeCleanPlaylistUrl } from './native-hls';

export type PlayMode = 'clip' | 'full';

export interface PlaybackSource {
  /** URL given to hls.js loadSource. */
  url: string;
  /** Prepared playlist text by URL for the custom loader. */
  playlists: ReadonlyMap<string, string>;
  /** Ads still on the played timeline (only when the original playlist is played whole). */
  adIntervals: readonly AdInterval[];
  /** URL for a native HLS player (the server's cleaned playlist). */
  nativeUrl: string;
}

export function playbackSource(prepared: PreparedClip, mode: PlayMode): PlaybackSource {
  if (mode === 'clip') {
    return {
      url: prepared.url,
      playlists: new Map([[prepared.url, prepared.clipPlaylist]]),
      adIntervals: [],
      nativeUrl: nativeCleanPlaylistUrl(prepared.url, { start: prepared.clip.start, end: prepared.clip.end }),
    };
  }
  const clean = prepared.fullPlaylist;
  return {
    url: prepared.url,
    playlists: clean ? new Map([[prepared.url, clean]]) : new Map(),
    adIntervals: clean ? [] : prepared.adIntervals,
    nativeUrl: nativeCleanPlaylistUrl(prepared.url),
  };
}

/** Pool key of an item in a mode: the same item in clip and full mode is two instances. */
export function poolKeyFor(key: string, mode: PlayMode): string {
  return `${mode}:${key}`;
}

/** The hls.js buffer mode of a play mode when the caller names none. */
export function defaultHlsMode(mode: PlayMode): HlsMode {
  return mode === 'clip' ? 'clip' : 'full';
}

/** What the pool loads for a prepared item that is preloaded (no media yet): its key and its source. */
export function poolPreload(key: string, prepared: PreparedClip, mode: PlayMode, hlsMode: HlsMode = defaultHlsMode(mode)): { poolKey: string; source: PreloadSource } {
  const { url, playlists } = playbackSource(prepared, mode);
  return { poolKey: poolKeyFor(key, mode), source: { url, playlists, mode: hlsMode } };
}
