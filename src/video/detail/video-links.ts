// Where the video pages lead, as route parameters (spec 2 §2.1, §2.4): the
// discover origin state (q, c, pg) travels along so Back and the discover
// restore still work; vid and i both carry the video id.

import { backTarget } from '../../router/back-target';
import type { Page } from '../../router/pages';
import type { Route, RouteParams } from '../../router/route-params';

export type OriginParams = Pick<RouteParams, 'q' | 'c' | 'pg'>;

/** The discover origin state of the current video page. */
export function originOf(params: RouteParams): OriginParams {
  const origin: OriginParams = {};
  if (params.q !== undefined) origin.q = params.q;
  if (params.c !== undefined) origin.c = params.c;
  if (params.pg !== undefined) origin.pg = params.pg;
  return origin;
}

/** "Watch all" (route 0) or a chosen route: the play page from the detail page. */
export function playPageParams(vid: number, route: number, origin: OriginParams): RouteParams {
  return { vid, i: String(vid), route, episode: 0, from: 'video-detail', ...origin };
}

/** A related video opened from a video page (spec 2 §2.4 viewVideo: id and "video-detail"). */
export function detailPageParams(vid: number, origin: OriginParams): RouteParams {
  return { vid, i: String(vid), from: 'video-detail', ...origin };
}

/** "Random watch": the feed, opened at this video. */
export function feedParams(vid: number): RouteParams {
  return { i: String(vid) };
}

/** The page Back leads to: the previous in-app entry, else the inferred target (router-store goBack). */
export function backDestination(stack: readonly { route: Route }[], route: Route): Page | null {
  if (stack.length > 1) return stack[stack.length - 2].route.page;
  return backTarget(route)?.page ?? null;
}
