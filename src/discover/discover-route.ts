// The Discover page's sub-state from the address and back (spec 2 §2.1,
// §2.3, §4): n=discover with q or c, n=search, n=category; and the address
// parameters each sub-state writes, so a reload shows the same thing.

import type { Page } from '../router/pages';
import type { Route, RouteParams } from '../router/route-params';

export type DiscoverView = 'home' | 'search' | 'category';

export type DiscoverTarget =
  | { view: 'home' }
  | { view: 'search'; query: string; page: number }
  | { view: 'category'; categoryId: number; page: number };

const HOME: DiscoverTarget = { view: 'home' };

/** What the address shows: search wins over category when both are given (the inference order of spec 2 §2.1). */
export function targetOfRoute(route: Pick<Route, 'page' | 'params'>): DiscoverTarget {
  const { q, c, pg } = route.params;
  const page = pg ?? 1;
  const query = q?.trim();
  if (route.page === 'search') return query ? { view: 'search', query, page } : HOME;
  if (route.page === 'category') return c !== undefined ? { view: 'category', categoryId: c, page } : HOME;
  if (route.page !== 'discover') return HOME;
  if (query) return { view: 'search', query, page };
  if (c !== undefined) return { view: 'category', categoryId: c, page };
  return HOME;
}

/** The address for a sub-state: page 1 is left out of the address. */
export function routeOfTarget(target: DiscoverTarget, current: Page): { page: Page; params: RouteParams } {
  const pg = (page: number) => (page > 1 ? { pg: page } : {});
  switch (target.view) {
    case 'home':
      return { page: 'discover', params: {} };
    case 'search':
      return { page: current === 'search' ? 'search' : 'discover', params: { q: target.query, ...pg(target.page) } };
    case 'category':
      return { page: current === 'category' ? 'category' : 'discover', params: { c: target.categoryId, ...pg(target.page) } };
  }
}

export function sameTarget(a: DiscoverTarget, b: DiscoverTarget): boolean {
  if (a.view !== b.view) return false;
  if (a.view === 'search' && b.view === 'search') return a.query === b.query && a.page === b.page;
  if (a.view === 'category' && b.view === 'category') return a.categoryId === b.categoryId && a.page === b.page;
  return true;
}

/** Parameters of the video detail page opened from a card: the origin state rides along for Back (spec 2 §2.4). */
export function detailParams(vid: number, target: DiscoverTarget): RouteParams {
  const base: RouteParams = { vid, i: String(vid), from: 'discover' };
  if (target.view === 'search') return { ...base, q: target.query, pg: target.page };
  if (target.view === 'category') return { ...base, c: target.categoryId, pg: target.page };
  return base;
}

/** A stable name for a sub-state (e.g. to remember its scroll position). */
export function targetKey(target: DiscoverTarget): string {
  if (target.view === 'search') return `search|${target.page}|${target.query}`;
  if (target.view === 'category') return `category|${target.page}|${target.categoryId}`;
  return 'home';
}
