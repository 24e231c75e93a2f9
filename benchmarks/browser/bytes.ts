// Issue 17's bytes figures for one session: media and total bytes per swipe,
// and the share of the downloaded media never shown. Media = playlists and
// segments (posters are pictures and count in the total only).
//
// Shown media is counted in bytes, not segments: each landing shows the
// seconds its video played while it was current (the video's played ranges),
// at its video's rate (bytes per second of that video's segments fetched in
// the session). Demo videos cut from one source share segment files, so a
// segment's URL cannot say which landing it served; the rate model needs no
// such guess. What is left of the segment bytes (whole segments of items never
// landed on, buffer beyond the played part) was never shown. A segment of no
// demo playlist (an ad creative of the feed) counts as media but outside the
// share, reported as unattributed.

import { segmentKey, type MediaMap } from './media-map';
import type { Landing } from './probe';
import type { Transfer } from './transfers';

export interface BytesFigure {
  swipes: number;
  totalBytes: number;
  mediaBytes: number;
  totalPerSwipe: number;
  mediaPerSwipe: number;
  /** Of the demo segments' bytes, the share never shown. */
  neverShownShare: number | null;
  segmentBytes: number;
  shownBytes: number;
  unattributedMediaBytes: number;
  /** Media requests cut off before they finished (their bytes are not known, so not counted). */
  cutOffMediaRequests: number;
}

const PLAYLIST = /\.m3u8$|\/hls\//;
const SEGMENT = /\.(ts|m4s|mp4|m4a|aac|key)$/;

const isMedia = (url: string, map: MediaMap) => {
  const { pathname } = new URL(url);
  return map.segments.has(segmentKey(url)) || PLAYLIST.test(pathname) || SEGMENT.test(pathname);
};

/** Bytes per second of each demo video's segments as fetched in the session. */
function ratesOf(fetched: ReadonlyMap<string, number>, map: MediaMap): Map<string, number> {
  const rates = new Map<string, number>();
  for (const [slug, own] of map.videoSegments) {
    let bytes = 0;
    let seconds = 0;
    for (const key of own) {
      const got = fetched.get(key);
      if (got === undefined) continue;
      bytes += got;
      seconds += map.segments.get(key) ?? 0;
    }
    if (seconds > 0) rates.set(slug, bytes / seconds);
  }
  return rates;
}

export function bytesFigure(transfers: readonly Transfer[], cutOff: readonly string[], landings: readonly Landing[], swipes: number, map: MediaMap): BytesFigure {
  let totalBytes = 0;
  let mediaBytes = 0;
  let unattributed = 0;
  // Segment URL -> bytes fetched (every fetch of it; an HTTP-cache hit adds 0).
  const fetched = new Map<string, number>();
  for (const t of transfers) {
    totalBytes += t.bytes;
    if (!isMedia(t.url, map)) continue;
    mediaBytes += t.bytes;
    const key = segmentKey(t.url);
    if (map.segments.has(key)) fetched.set(key, (fetched.get(key) ?? 0) + t.bytes);
    else if (SEGMENT.test(new URL(t.url).pathname)) unattributed += t.bytes;
  }
  const segmentBytes = [...fetched.values()].reduce((s, b) => s + b, 0);
  const rates = ratesOf(fetched, map);
  let shown = 0;
  for (const l of landings) {
    const slug = map.slugOf.get(l.id);
    if (slug && !l.ad) shown += l.playedS * (rates.get(slug) ?? 0);
  }
  shown = Math.min(shown, segmentBytes);
  return {
    swipes,
    totalBytes,
    mediaBytes,
    totalPerSwipe: totalBytes / swipes,
    mediaPerSwipe: mediaBytes / swipes,
    neverShownShare: segmentBytes > 0 ? 1 - shown / segmentBytes : null,
    segmentBytes,
    shownBytes: shown,
    unattributedMediaBytes: unattributed,
    cutOffMediaRequests: cutOff.filter((url) => isMedia(url, map)).length,
  };
}
