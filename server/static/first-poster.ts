// The feed's first poster, named in the page the server sends (GET /), so
// index.html's inline script can paint it before the app's JavaScript has
// arrived: on a slow link that saves the round trip of the catalogue request
// the poster would otherwise wait for. The item is read from the feed's own
// first catalogue answer by the feed's rule (the first video with a play
// address, workers/core/play-url.ts); the page's feed checks it again and
// drops the early poster when its first item is another (src/feed/slides/first-poster.ts).

import { itemPlayAddress, validateVideoId } from '../../workers/core/index';

export interface FirstPoster {
  /** The item's vod_id, as the feed's item id. */
  id: number;
  url: string;
}

/** Posters only from http(s) or root-relative addresses, as the feed shows them (src/feed/feed-item.ts). */
function safePoster(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  return /^(https?:\/\/|\/(?!\/))/i.test(v) ? v : null;
}

/** The poster of the first playable video of a catalogue answer ({list}); null when it has none. Never throws. */
export function firstPosterOf(answer: unknown): FirstPoster | null {
  const list = (answer as { list?: unknown } | null)?.list;
  if (!Array.isArray(list)) return null;
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const id = validateVideoId(record.vod_id);
    if (!id.ok || itemPlayAddress(record) === null) continue;
    const url = safePoster(record.vod_pic);
    return url ? { id: id.value, url } : null;
  }
  return null;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', "'": '&#39;' };

function attribute(value: string): string {
  return value.replace(/[&"<>']/g, (c) => ATTRIBUTE_ESCAPES[c]);
}

/**
 * The page with the poster named in its head, before the inline script that reads it (right after the charset), and
 * preloaded at high priority: the page's first request after itself, parser-found, so the picture is there when the
 * inline script paints it (it then fetches nothing itself).
 */
export function withFirstPoster(html: string, poster: FirstPoster | null): string {
  if (!poster) return html;
  const url = attribute(poster.url);
  const tags = `<meta name="clipfeed-first-poster" content="${url}" data-item-id="${poster.id}" /><link rel="preload" as="image" fetchpriority="high" href="${url}" />`;
  return afterCharset(html, tags);
}

/** `html` with `tags` right after its charset meta (first in <head>, before the inline script); unchanged without one. */
export function afterCharset(html: string, tags: string): string {
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
  if (!charset) return html;
  const at = charset.index + charset[0].length;
  return `${html.slice(0, at)}${tags}${html.slice(at)}`;
}
