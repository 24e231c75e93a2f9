// The ad-free option of /api.php/provide/vod/: every HLS episode address in
// vod_play_url is swapped for our cleaned-playlist endpoint with the original
// as its src, so a MacCMS client that only plays URLs gets the stream without
// its ad segments. encodeURIComponent writes '$' and '#' as %24 and %23, so
// the MacCMS separators ($$$ between routes, # between episodes, $ between an
// episode's name and address) keep their meaning; any other address
// (a share page, an mp4) is left as it is.

import { mediaConfig } from '../media/config';

/** An absolute http(s) address whose path ends in .m3u8: the only kind the cleaner takes. */
function isHlsAddress(address: string): boolean {
  if (!/^https?:\/\//i.test(address)) return false;
  try {
    return new URL(address).pathname.toLowerCase().endsWith('.m3u8');
  } catch {
    return false;
  }
}

function cleanedAddress(address: string, origin: string): string {
  if (!isHlsAddress(address) || address.length > mediaConfig.maxSrcLength) return address;
  return `${origin}${mediaConfig.cleanPath}?src=${encodeURIComponent(address)}`;
}

/** An episode is "name$address" or a bare address (clients cut at the first '$'); only its address part changes. */
function cleanEpisode(episode: string, origin: string): string {
  const cut = episode.indexOf('$');
  if (cut === -1) return cleanedAddress(episode, origin);
  return `${episode.slice(0, cut + 1)}${cleanedAddress(episode.slice(cut + 1), origin)}`;
}

/** vod_play_url with its HLS episodes pointed at `origin`'s cleaned-playlist endpoint. */
export function cleanPlayUrl(playUrl: string, origin: string): string {
  return playUrl
    .split('$$$')
    .map((route) => route.split('#').map((episode) => cleanEpisode(episode, origin)).join('#'))
    .join('$$$');
}
