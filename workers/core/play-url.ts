// Catalogue play addresses: the vod_play_url / vod_play_from format (spec 3 §3,
// spec 2 "Play URL"), stream-URL and video-id validation (spec 1 §5, spec 3 §5)
// and the feed item's address pick (spec 1 §3). Catalogue fields are untrusted:
// every function takes `unknown` and never throws.

import { adConfig, urlConfig } from './config';
import { EngineErrorCode, type EngineError, type Result } from './types';
import { hasQualityToken, urlQualityText } from './variant';

export interface PlayRoute {
  /** Trimmed route name; "online play" / "Line N" when the catalogue gave none. */
  name: string;
  url: string;
  isHls: boolean;
}

export interface PlaySource {
  /** This source's vod_play_from value ('' when missing). */
  from: string;
  hasEmbeddedAds: boolean;
  isSpecial: boolean;
  routes: PlayRoute[];
}

const INVALID_VIDEO_ID = '无效的视频ID';
const INVALID_URL = 'Invalid video URL';
const NOT_M3U8 = 'Not a valid m3u8 address';

function fail(code: EngineErrorCode, message: string): { ok: false; error: EngineError } {
  return { ok: false, error: { code, message, retryable: false } };
}

function lowerIncludesAny(value: unknown, needles: readonly string[]): boolean {
  if (typeof value !== 'string') return false;
  const v = value.toLowerCase();
  return needles.some((n) => v.includes(n));
}

/** Spec 3 §5: a URL is HLS if it contains m3u8 (any case: ".M3U8" is the same file type). */
export function isHlsUrl(url: unknown): boolean {
  return lowerIncludesAny(url, ['m3u8']);
}

/** vod_play_from values with embedded ads (sym3u8, 155m3u8, yun3u8), case-insensitive. */
export function isAdSource(from: unknown): boolean {
  return lowerIncludesAny(from, adConfig.adSources);
}

/** Sources needing special handling (wjm3u8, lemutv, zkm3u8, leshi, qiyi), case-insensitive. */
export function isSpecialSource(from: unknown): boolean {
  return lowerIncludesAny(from, adConfig.specialSources);
}

/** Spec 1 §5: a short URL is a string that, trimmed, is non-empty and contains m3u8. */
export function isShortUrl(x: unknown): x is string {
  return typeof x === 'string' && isHlsUrl(x.trim());
}

/** "name$url" split at the first "$"; a bare URL (its query may hold a "$") has no name. */
function splitRoute(entry: string): { name: string; url: string } {
  const at = entry.indexOf(urlConfig.nameSeparator);
  if (at < 0 || entry.slice(0, at).includes('://')) return { name: '', url: entry.trim() };
  return { name: entry.slice(0, at).trim(), url: entry.slice(at + urlConfig.nameSeparator.length).trim() };
}

/**
 * Sources split by "$$$" (paired by position with vod_play_from split the same
 * way), routes by "#", each "name$url" split at the first "$". Routes with an
 * empty URL and sources left without routes are dropped. Unnamed routes are
 * "online play" when one source exists, else "Line N", N counting routes
 * across all sources from 1 so names stay unique in a flattened list.
 */
export function parsePlayUrl(playUrl: unknown, playFrom?: unknown): PlaySource[] {
  if (typeof playUrl !== 'string') return [];
  const froms = typeof playFrom === 'string' ? playFrom.split(urlConfig.sourceSeparator) : [];
  const parsed = playUrl.split(urlConfig.sourceSeparator).map((text, i) => ({
    from: (froms[i] ?? '').trim(),
    routes: text
      .split(urlConfig.routeSeparator)
      .map(splitRoute)
      .filter((r) => r.url !== ''),
  }));
  const kept = parsed.filter((s) => s.routes.length > 0);
  const several = kept.length > 1;
  let number = 0;
  return kept.map(({ from, routes }) => ({
    from,
    hasEmbeddedAds: isAdSource(from),
    isSpecial: isSpecialSource(from),
    routes: routes.map(({ name, url }) => {
      number++;
      const fallback = several ? `${urlConfig.lineNamePrefix} ${number}` : urlConfig.defaultRouteName;
      return { name: name || fallback, url, isHls: isHlsUrl(url) };
    }),
  }));
}

const IMAGE_PATH = new RegExp(`\\.(?:${urlConfig.imageExtensions.join('|')})$`, 'i');

/**
 * Spec 1 §5: http(s), contains m3u8, and not an image. The image check looks
 * at the path only, so "cover.jpg?fmt=m3u8" is rejected while
 * "index.m3u8?poster=a.jpg" is accepted. The value is the trimmed URL.
 */
export function validateStreamUrl(url: unknown): Result<string> {
  if (typeof url !== 'string' || url.trim() === '') return fail(EngineErrorCode.InvalidPlayUrl, INVALID_URL);
  const text = url.trim();
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return fail(EngineErrorCode.InvalidPlayUrl, INVALID_URL);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return fail(EngineErrorCode.InvalidPlayUrl, INVALID_URL);
  if (!isHlsUrl(text) || IMAGE_PATH.test(parsed.pathname)) return fail(EngineErrorCode.InvalidPlayUrl, NOT_M3U8);
  return { ok: true, value: text };
}

function validOrNull(url: unknown): string | null {
  const r = validateStreamUrl(url);
  return r.ok ? r.value : null;
}

/** Valid stream URLs first matching 1080, then 720, hd, high (as words of the path); else the first valid one. */
export function pickByQuality(urls: unknown): string | null {
  if (!Array.isArray(urls)) return null;
  const valid = urls.map(validOrNull).filter((u): u is string => u !== null);
  for (const token of urlConfig.qualityPreference) {
    const hit = valid.find((u) => hasQualityToken(urlQualityText(u), token));
    if (hit) return hit;
  }
  return valid[0] ?? null;
}

/** The feed's route of a vod_play_url: source by source, the preferred quality first (pickByQuality). */
export function preferredPlayRoute(playUrl: unknown): string | null {
  for (const source of parsePlayUrl(playUrl)) {
    const hit = pickByQuality(source.routes.map((r) => r.url));
    if (hit) return hit;
  }
  return null;
}

/** Spec 3 §5: a positive integer; digit strings ("42") are accepted, anything else is 无效的视频ID. */
export function validateVideoId(id: unknown): Result<number> {
  let n = Number.NaN;
  if (typeof id === 'number') n = id;
  else if (typeof id === 'string' && /^\d+$/.test(id.trim())) n = Number(id.trim());
  if (!Number.isSafeInteger(n) || n <= 0) return fail(EngineErrorCode.InvalidVideoId, INVALID_VIDEO_ID);
  return { ok: true, value: n };
}

/** A field as the catalogue gives it: strings, finite numbers as text, anything else (a hostile getter too) ''. */
function fieldText(record: Record<string, unknown>, field: string): string {
  try {
    const value = record[field];
    if (typeof value === 'string') return value;
    return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
  } catch {
    return '';
  }
}

/**
 * The play address of a catalogue item (spec 1 §3, §5): the first valid stream URL among its address fields,
 * in order, vod_play_url read by preferredPlayRoute. The one picker of the page (feed items), the worker
 * (the warm start's first item) and the server (short-video generation). Never throws.
 */
export function itemPlayAddress(item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const record = item as Record<string, unknown>;
  for (const field of urlConfig.addressFields) {
    const value = fieldText(record, field);
    const hit = field === 'vod_play_url' ? preferredPlayRoute(value) : validOrNull(value);
    if (hit) return hit;
  }
  return null;
}

/** The item's short-clip address (spec 1 §5: a trimmed string containing m3u8) when it is a valid stream URL; else null. */
export function itemShortAddress(record: Record<string, unknown>): string | null {
  for (const field of urlConfig.shortFields) {
    const value = fieldText(record, field);
    if (isShortUrl(value)) {
      const hit = validOrNull(value);
      if (hit) return hit;
    }
  }
  return null;
}
