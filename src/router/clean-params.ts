// The address query for a route (spec 1 §2 address rules):
// - n always names the page;
// - only the target page's own parameters follow (anything else, including the
//   feed's i, t, mute, full and j when leaving the feed, is removed);
// - protected parameters of the current address are kept whatever the page:
//   ad-click ids (gclid, gbraid, wbraid, dclid, fbclid, msclkid, ttclid, twclid,
//   yclid), utm_* campaign tags, ref/referrer/channel/invite, and our own
//   debug, debug_mode, version and lang switches (list in config.ts);
// - accessToken is a one-time credential: it is consumed on entry
//   (router-store takeAccessToken) and never carried to another address.

import { protectedParamConfig, routerConfig } from './config';
import type { Page } from './pages';
import { paramsForPage, parseParams, serializeParams, type Route, type RouteParams } from './route-params';

const PROTECTED_NAMES: readonly string[] = protectedParamConfig.names;

export function isProtectedParam(name: string): boolean {
  return PROTECTED_NAMES.includes(name) || protectedParamConfig.prefixes.some((prefix) => name.startsWith(prefix));
}

/** The protected parameters of an address, in their order. */
export function protectedPairs(current: URLSearchParams, options: { keepAccessToken?: boolean } = {}): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of current) {
    if (isProtectedParam(name) || (options.keepAccessToken && name === routerConfig.accessTokenParam)) pairs.push([name, value]);
  }
  return pairs;
}

/**
 * Query string ('?n=...') for a route: n, the page's parameters, then the
 * current address's protected ones. keepAccessToken is only for the entry
 * address, before the identity module has taken the token.
 */
export function buildSearch(route: Route, current: URLSearchParams, options: { keepAccessToken?: boolean } = {}): string {
  const query = new URLSearchParams();
  query.set('n', route.page);
  for (const [name, value] of serializeParams(route.page, route.params)) query.append(name, value);
  for (const [name, value] of protectedPairs(current, options)) query.append(name, value);
  return `?${query.toString()}`;
}

/**
 * Parameters for the target of a navigation: the given ones restricted to the
 * page. Nothing else of the current route is carried over, so leaving the feed
 * drops i, t, mute, full and j unless the caller passes them on purpose (e.g.
 * i as the video id of a video page).
 */
export function targetParams(to: Page, params: RouteParams): RouteParams {
  return paramsForPage(to, params);
}

/** A change to the current parameters: undefined (or false for mute/full) removes one. */
export type ParamsPatch = Omit<RouteParams, 'mute' | 'full'> & { mute?: boolean; full?: boolean };

/**
 * Current parameters with a patch applied, restricted to the page. Patched
 * values pass the same validation as the address (an invalid one is dropped).
 */
export function mergeParams(page: Page, current: RouteParams, patch: ParamsPatch): RouteParams {
  const merged = new URLSearchParams(serializeParams(page, current));
  for (const [name, value] of Object.entries(patch) as [string, unknown][]) {
    if (value === undefined || value === false) merged.delete(name);
    else merged.set(name, value === true ? '1' : String(value));
  }
  return paramsForPage(page, parseParams(merged));
}
