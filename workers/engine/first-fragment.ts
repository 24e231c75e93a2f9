// What a player asks for before a clip's first frame: the first segment's key,
// init segment and media segment, in that order. Ranged parts are left out:
// a whole-file fetch could be the whole video, and would not be the request
// the player makes. Pure.

import { IDENTITY_KEYFORMAT, parsePlaylist } from '../core/index';

const HTTP = /^https?:\/\//i;

/** The absolute http(s) URLs to fetch ahead for the first frame of `clipPlaylist` (loaded from `url`). */
export function firstFragmentUrls(clipPlaylist: string, url: string): string[] {
  const parsed = parsePlaylist(clipPlaylist, url);
  if (!parsed.ok || parsed.playlist.kind !== 'media') return [];
  const first = parsed.playlist.segments[0];
  if (!first) return [];
  const out: string[] = [];
  // The key the page's player fetches itself: the identity-format one (DRM key formats go to their own systems).
  const key = first.keys.find((k) => k.keyFormat === undefined || k.keyFormat === IDENTITY_KEYFORMAT);
  if (key?.uri) out.push(key.uri);
  if (first.map && first.map.byteRange === undefined) out.push(first.map.uri);
  if (first.byteRange === undefined) out.push(first.url);
  return out.filter((u, i) => HTTP.test(u) && out.indexOf(u) === i);
}
