// Query string -> typed route (spec 1 §5 validation). An invalid value is
// dropped as if it were absent; nothing here throws.

import { routerConfig } from './config';
import { FromPage, isPage, pageParams, type Page, type ParamName } from './pages';

export interface RouteParams {
  /** Current feed video id (also the video id on video pages). */
  i?: string;
  /** Clip range 'start-end', digits-digits. */
  t?: string;
  /** Present only when true. */
  mute?: true;
  /** Full-video mode; present only when true. */
  full?: true;
  /** Progress-bar usage count, integer >= 0. */
  j?: number;
  /** Search text, trimmed, never blank. */
  q?: string;
  /** Category id, integer > 0. */
  c?: number;
  /** Page number, integer > 0. */
  pg?: number;
  /** Video id, integer > 0. */
  vid?: number;
  from?: FromPage;
  /** Play route index, integer >= 0. */
  route?: number;
  /** Episode index, integer >= 0. */
  episode?: number;
  /** Promotion page tab. */
  tab?: string;
}

export interface Route {
  page: Page;
  params: RouteParams;
}

const DIGITS = /^\d+$/;
const CLIP_RANGE = /^(\d+)-(\d+)$/;
const ID = new RegExp(`^[A-Za-z0-9_-]{1,${routerConfig.maxIdParamLength}}$`);
const FROM_VALUES: readonly string[] = Object.values(FromPage);

export function parseNonNegativeInt(raw: string | null): number | undefined {
  if (raw === null || !DIGITS.test(raw)) return undefined;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : undefined;
}

export function parsePositiveInt(raw: string | null): number | undefined {
  const n = parseNonNegativeInt(raw);
  return n !== undefined && n > 0 ? n : undefined;
}

/** mute/full: true only for 'true' or '1'. */
export function parseFlag(raw: string | null): true | undefined {
  return raw === 'true' || raw === '1' ? true : undefined;
}

export function parseClipRangeParam(raw: string | null): string | undefined {
  return raw !== null && CLIP_RANGE.test(raw) ? raw : undefined;
}

/** The numbers of a valid t value, for the feed's clip restore. */
export function clipRange(t: string): { start: number; end: number } | null {
  const m = CLIP_RANGE.exec(t);
  return m ? { start: Number(m[1]), end: Number(m[2]) } : null;
}

export function parseFrom(raw: string | null): FromPage | undefined {
  return raw !== null && FROM_VALUES.includes(raw) ? (raw as FromPage) : undefined;
}

function parseId(raw: string | null): string | undefined {
  return raw !== null && ID.test(raw) ? raw : undefined;
}

function parseText(raw: string | null): string | undefined {
  const text = raw?.trim();
  return text ? text : undefined;
}

const parsers: { [K in ParamName]: (raw: string | null) => RouteParams[K] } = {
  i: parseId,
  t: parseClipRangeParam,
  mute: parseFlag,
  full: parseFlag,
  j: parseNonNegativeInt,
  q: parseText,
  c: parsePositiveInt,
  pg: parsePositiveInt,
  vid: parsePositiveInt,
  from: parseFrom,
  route: parseNonNegativeInt,
  episode: parseNonNegativeInt,
  tab: parseId,
};

/** Every known parameter with a valid value, whatever the page. */
export function parseParams(search: URLSearchParams): RouteParams {
  const params: Record<string, unknown> = {};
  for (const name of Object.keys(parsers) as ParamName[]) {
    const value = parsers[name](search.get(name));
    if (value !== undefined) params[name] = value;
  }
  return params as RouteParams;
}

/** Only the parameters the page allows, without undefined values. */
export function paramsForPage(page: Page, params: RouteParams): RouteParams {
  const kept: Record<string, unknown> = {};
  for (const name of pageParams[page]) {
    if (params[name] !== undefined) kept[name] = params[name];
  }
  return kept as RouteParams;
}

/** The route an address shows: n if valid, else inferred from the parameters (spec 1 §2). */
export function parseRoute(search: URLSearchParams): Route {
  const all = parseParams(search);
  const n = search.get('n');
  const page = isPage(n) ? n : inferPage(all);
  return { page, params: paramsForPage(page, all) };
}

/** Address form of route parameters, in the page's order; true flags as '1'. */
export function serializeParams(page: Page, params: RouteParams): [string, string][] {
  const pairs: [string, string][] = [];
  for (const name of pageParams[page]) {
    const value = params[name];
    if (value === undefined) continue;
    pairs.push([name, value === true ? '1' : String(value)]);
  }
  return pairs;
}

export function sameRoute(a: Route, b: Route): boolean {
  if (a.page !== b.page) return false;
  const pa = serializeParams(a.page, a.params);
  const pb = serializeParams(b.page, b.params);
  return pa.length === pb.length && pa.every(([k, v], idx) => pb[idx][0] === k && pb[idx][1] === v);
}

/** The page shown when the address has no valid n (spec 1 §2, the 8 rules in order). Works on validated parameters: an invalid vid counts as absent. */
export function inferPage(p: RouteParams): Page {
  if (p.vid !== undefined && (p.route !== undefined || p.episode !== undefined)) return 'video-play';
  if (p.vid !== undefined) return 'video-detail';
  if (p.q !== undefined) return 'search';
  if (p.c !== undefined) return 'category';
  if (p.tab !== undefined) return 'navigation';
  if (p.i !== undefined) return 'douyin'; // vid is absent here (rules 1-2)
  if (p.pg !== undefined) return 'discover'; // q and c are absent here (rules 3-4)
  return 'douyin';
}
