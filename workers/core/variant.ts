// Sub-stream choice from a master playlist (spec 3 §5) and the network class
// that drives it (spec 1 §9).

import { variantConfig } from './config';
import type { MasterPlaylist, NetworkClass, Variant } from './types';

const ALNUM_BEFORE = '(?<![a-z0-9])';
const ALNUM_AFTER = '(?![a-z0-9])';

/**
 * Does `text` carry a quality token as a word of its own? Numeric tokens also
 * match with a trailing p (and frame rate): "1080" matches "1080", "1080p",
 * "_1080p60/", not "10800" or "bw=1080000". "hd" matches "HD" or "/hd/", not
 * "fhd" or "hdr".
 */
export function hasQualityToken(text: string, token: string): boolean {
  const word = token.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (!word) return false;
  const suffix = /^\d+$/.test(word) ? '(?:p\\d*)?' : '';
  return new RegExp(ALNUM_BEFORE + word + suffix + ALNUM_AFTER, 'i').test(text);
}

/**
 * URL text without scheme and host: a host such as "hd.cdn.example" says
 * nothing about one variant, and would make every variant match "hd".
 */
export function urlQualityText(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
}

function matches(v: Variant, token: string): boolean {
  if (/^\d+$/.test(token)) {
    // "1080p" names the short side; portrait streams (1080x1920) count too.
    const h = v.height;
    const w = v.width;
    const side = h !== undefined && w !== undefined && w > 0 && h > 0 ? Math.min(w, h) : h;
    if (side === Number(token)) return true;
  }
  return hasQualityToken(v.name ?? '', token) || hasQualityToken(urlQualityText(v.url ?? ''), token);
}

function bandwidthOf(v: Variant): number {
  return Number.isFinite(v.bandwidth) ? v.bandwidth : 0;
}

/**
 * The network's preference list first (the first variant in playlist order
 * that matches a token wins); otherwise by bandwidth ascending: 1 stream ->
 * it, up to 3 -> the middle one, more -> the second lowest. Null only when the
 * master lists no variants.
 */
export function selectVariant(master: MasterPlaylist, network: NetworkClass): Variant | null {
  const variants = Array.isArray(master?.variants) ? master.variants : [];
  if (variants.length === 0) return null;
  const prefs: readonly string[] = Object.hasOwn(variantConfig.preferences, network) ? variantConfig.preferences[network] : variantConfig.preferences.medium;
  for (const token of prefs) {
    const hit = variants.find((v) => matches(v, token));
    if (hit) return hit;
  }
  const sorted = [...variants].sort((a, b) => bandwidthOf(a) - bandwidthOf(b));
  if (sorted.length === 1) return sorted[0];
  if (sorted.length <= variantConfig.middlePickMaxStreams) return sorted[Math.floor(sorted.length / 2)];
  return sorted[1];
}
