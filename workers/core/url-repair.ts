// Stream URL repair (spec 3 §5): makes a catalogue play address safe to request
// (Chinese names, spaces, quotes, double-encoding, duplicate slashes) without
// changing what it points at. Idempotent: a clean address comes back unchanged.

import { urlConfig } from './config';

const HTTP_PREFIX = /^https?:\/\//i;
const ESCAPE_RUN = /(?:%[0-9a-f]{2})+/gi;
/**
 * Characters a path part keeps readable: unreserved (so ".m3u8"/".ts"
 * extensions stay as they are), sub-delims, ":" and "@" (legal in a path, and
 * signed CDN paths such as "/t=1,e=2/" must keep their bytes), and existing
 * %XX escapes that could not be decoded (so they are not encoded twice).
 */
const NEEDS_ENCODING = /%(?![0-9a-f]{2})|[^a-z0-9\-._~!$&'()*+,;=:@%]/giu;

/**
 * Decodes a run of %XX escapes one character at a time, so a malformed byte
 * only keeps itself encoded instead of blocking the whole part.
 */
function decodeRun(run: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < run.length; i += 3) bytes.push(parseInt(run.slice(i + 1, i + 3), 16));
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const len = utf8Length(bytes, i);
    const text = len > 0 ? tryDecode(run.slice(i * 3, (i + len) * 3)) : null;
    out += text ?? run.slice(i * 3, i * 3 + 3);
    i += text === null ? 1 : len;
  }
  return out;
}

/**
 * Length of the UTF-8 character starting at bytes[i] when its lead and
 * continuation bytes are well formed, else 0. Checked here rather than by
 * catching errors: hostile input full of broken escapes stays linear and fast.
 */
function utf8Length(bytes: readonly number[], i: number): number {
  const lead = bytes[i];
  const len = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
  if (len === 0 || i + len > bytes.length) return 0;
  for (let k = 1; k < len; k++) if (bytes[i + k] < 0x80 || bytes[i + k] > 0xbf) return 0;
  return len;
}

/** Overlong forms and surrogates pass the shape check above; the decoder rejects them. */
function tryDecode(escapes: string): string | null {
  try {
    return decodeURIComponent(escapes);
  } catch {
    return null;
  }
}

/** Up to maxDecodePasses passes, stopping as soon as a pass changes nothing. */
function decodeRepeatedly(part: string): string {
  let text = part;
  for (let pass = 0; pass < urlConfig.maxDecodePasses; pass++) {
    const next = text.replace(ESCAPE_RUN, decodeRun);
    if (next === text) break;
    text = next;
  }
  return text;
}

/** Any whitespace becomes %20; '"', Chinese characters and the like are percent-encoded. */
function encodePart(part: string): string {
  return part.replace(/\s/gu, ' ').replace(NEEDS_ENCODING, (ch) => encodeURIComponent(ch));
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Trim; then, for each path part after scheme and host: decode (up to 3
 * times), re-encode. Empty parts (duplicate slashes) are dropped, a trailing
 * slash is kept. Query and fragment are kept, with whitespace -> %20 and
 * '"' -> %22. Anything that is not an http(s) URL afterwards returns the input.
 */
export function repairStreamUrl(url: string): string {
  if (typeof url !== 'string') return url;
  try {
    const text = url.trim();
    if (!HTTP_PREFIX.test(text)) return url;
    const cut = text.search(/[?#]/);
    const head = cut < 0 ? text : text.slice(0, cut);
    const tail = cut < 0 ? '' : text.slice(cut);
    const parts = head.split('/');
    const path = parts.slice(urlConfig.keptLeadingParts);
    const cleanPath = path
      .filter((part, i) => part !== '' || i === path.length - 1)
      .map((part) => encodePart(decodeRepeatedly(part)));
    let result = parts.slice(0, urlConfig.keptLeadingParts).join('/');
    if (cleanPath.length > 0) result += '/' + cleanPath.join('/');
    result += tail.replace(/\s/gu, '%20').replace(/"/g, '%22');
    return isHttpUrl(result) ? result : url;
  } catch {
    // encodeURIComponent throws on lone surrogates: such an address cannot be cleaned.
    return url;
  }
}

/** How a playlist address failed, for the address rows of spec 3 §8's recovery table. */
export type AddressFailure = 'not-found' | 'decoding';

const PLAYLIST_NAME = /[^/]*\.m3u8$/i;

/** The same directory's index.m3u8 (spec 3 §8 "simplify the path"), or the input when its last part is no playlist name. */
function simplifiedToIndex(url: string): string {
  const cut = url.search(/[?#]/);
  const head = cut < 0 ? url : url.slice(0, cut);
  if (!HTTP_PREFIX.test(head) || !PLAYLIST_NAME.test(head) || head.split('/').length <= urlConfig.keptLeadingParts) return url;
  return head.replace(PLAYLIST_NAME, urlConfig.simplifiedPlaylistName) + (cut < 0 ? '' : url.slice(cut));
}

/**
 * The addresses to try, in order, after `url` failed (spec 3 §8): an HTTP 404
 * gets the repaired address (decoded, re-encoded), then its path simplified to
 * index.m3u8; a content-decoding failure the re-cleaned, re-encoded address.
 * Never the failed address itself, never one twice.
 */
export function repairCandidates(url: string, failure: AddressFailure): string[] {
  const repaired = repairStreamUrl(url);
  const candidates = failure === 'not-found' ? [repaired, simplifiedToIndex(repaired)] : [repaired];
  return [...new Set(candidates)].filter((candidate) => candidate !== url);
}
