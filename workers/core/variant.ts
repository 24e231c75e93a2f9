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

/** The short side in pixels ("1080p" names it; portrait streams count too), when the playlist tells. */
function shortSide(v: Variant): number | undefined {
  const h = v.height;
  const w = v.width;
  return h !== undefined && w !== undefined && w > 0 && h > 0 ? Math.min(w, h) : h;
}

function matches(v: Variant, token: string): boolean {
  if (/^\d+$/.test(token) && shortSide(v) === Number(token)) return true;
  return hasQualityToken(v.name ?? '', token) || hasQualityToken(urlQualityText(v.url ?? ''), token);
}

function bandwidthOf(v: Variant): number {
  return Number.isFinite(v.bandwidth) ? v.bandwidth : 0;
}

/**
 * The variants the device may play (spec 1 §9 quality cap): those whose short
 * side is within `maxHeight`, or unknown. When every one is above it, the
 * smallest alone.
 */
function withinCap(variants: readonly Variant[], maxHeight: number): Variant[] {
  const within = variants.filter((v) => (shortSide(v) ?? 0) <= maxHeight);
  if (within.length > 0) return within;
  return [variants.reduce((a, b) => ((shortSide(b) ?? Infinity) < (shortSide(a) ?? Infinity) ? b : a))];
}

/**
 * Within the device's quality cap, the network's preference list first (the
 * first variant in playlist order that matches a token wins; a numeric token
 * above the cap is skipped); otherwise by bandwidth ascending: 1 stream -> it,
 * up to 3 -> the middle one, more -> the second lowest. Null only when the
 * master lists no variants.
 */
export function selectVariant(master: MasterPlaylist, network: NetworkClass, maxHeight: number = Infinity): Variant | null {
  const listed = Array.isArray(master?.variants) ? master.variants : [];
  if (listed.length === 0) return null;
  const variants = withinCap(listed, maxHeight);
  const prefs: readonly string[] = Object.hasOwn(variantConfig.preferences, network) ? variantConfig.preferences[network] : variantConfig.preferences.medium;
  for (const token of prefs) {
    if (/^\d+$/.test(token) && Number(token) > maxHeight) continue;
    const hit = variants.find((v) => matches(v, token));
    if (hit) return hit;
  }
  const sorted = [...variants].sort((a, b) => bandwidthOf(a) - bandwidthOf(b));
  if (sorted.length === 1) return sorted[0];
  if (sorted.length <= variantConfig.middlePickMaxStreams) return sorted[Math.floor(sorted.length / 2)];
  return sorted[1];
}

/** Save-Data's choice (issue 17 "Bytes"): the variant with the least bandwidth, the smaller picture on a tie. Null only without variants. */
export function lowestVariant(master: MasterPlaylist): Variant | null {
  const listed = Array.isArray(master?.variants) ? master.variants : [];
  if (listed.length === 0) return null;
  const size = (v: Variant) => shortSide(v) ?? Infinity;
  return listed.reduce((a, b) => (bandwidthOf(b) < bandwidthOf(a) || (bandwidthOf(b) === bandwidthOf(a) && size(b) < size(a)) ? b : a));
}
