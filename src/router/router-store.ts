// The query-string router (spec 1 §2): routerState holds the route the
// address shows and the in-app history stack; actions change both and the
// browser address. The browser is reached only through a RouterHost (window
// in the app, a fake in tests).

import { proxy } from 'valtio/vanilla';
import { backTarget } from './back-target';
import { buildSearch, mergeParams, targetParams, type ParamsPatch } from './clean-params';
import { routerConfig } from './config';
import { moveToEntry, pushEntry, replaceEntry, type HistoryEntry } from './history';
import { isDiscoverPage, type Page } from './pages';
import { parseRoute, sameRoute, type Route, type RouteParams } from './route-params';

export interface RouterHost {
  location: { pathname: string; search: string; hash: string };
  history: {
    readonly state: unknown;
    pushState(data: unknown, unused: string, url?: string | null): void;
    replaceState(data: unknown, unused: string, url?: string | null): void;
    back(): void;
  };
  addEventListener(type: 'popstate', listener: (event: { state: unknown }) => void): void;
  removeEventListener(type: 'popstate', listener: (event: { state: unknown }) => void): void;
  dispatchEvent(event: Event): boolean;
}

export interface RouterState {
  route: Route;
  /** In-app history, oldest first; the last entry is the current page. */
  stack: HistoryEntry[];
}

export const routerState = proxy<RouterState>({ route: { page: 'douyin', params: {} }, stack: [] });

/** Detail of the 'clipfeed:restore' window event. */
export type RestoreEventDetail = Route;

interface Session {
  host: RouterHost;
  nextKey: number;
  accessToken: string | null;
  restoreTimer: ReturnType<typeof setTimeout> | null;
}

let session: Session | null = null;

const STATE_KEY = 'clipfeedKey';

function keyOf(state: unknown): number | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const key = (state as Record<string, unknown>)[STATE_KEY];
  return typeof key === 'number' && Number.isSafeInteger(key) ? key : undefined;
}

function urlFor(host: RouterHost, search: string): string {
  return `${host.location.pathname}${search}${host.location.hash}`;
}

function currentQuery(host: RouterHost): URLSearchParams {
  return new URLSearchParams(host.location.search);
}

function cancelRestore(s: Session): void {
  if (s.restoreTimer !== null) clearTimeout(s.restoreTimer);
  s.restoreTimer = null;
}

/** After returning to discover, search or category: the restore event 100 ms later. */
function scheduleRestore(s: Session, route: Route): void {
  cancelRestore(s);
  if (!isDiscoverPage(route.page)) return;
  const detail: RestoreEventDetail = { page: route.page, params: { ...route.params } };
  s.restoreTimer = setTimeout(() => {
    s.restoreTimer = null;
    s.host.dispatchEvent(new CustomEvent<RestoreEventDetail>(routerConfig.restoreEventName, { detail }));
  }, routerConfig.restoreEventDelayMs);
}

function requireSession(): Session {
  if (!session) throw new Error('The router is not started (startRouter).');
  return session;
}

function topKey(): number {
  const top = routerState.stack[routerState.stack.length - 1];
  return top ? top.key : 0;
}

/**
 * Reads the address (an invalid n is inferred, invalid values dropped), writes
 * its clean form back with replaceState, and follows popstate. An accessToken
 * stays in the address until takeAccessToken. Returns the stop function.
 */
export function startRouter(host: RouterHost): () => void {
  if (session) cancelRestore(session);
  const query = currentQuery(host);
  const route = parseRoute(query);
  const key = keyOf(host.history.state) ?? 1; // a reload keeps the entry's key, older entries have smaller ones
  const s: Session = { host, nextKey: key + 1, accessToken: query.get(routerConfig.accessTokenParam) || null, restoreTimer: null };
  session = s;
  host.history.replaceState({ [STATE_KEY]: key }, '', urlFor(host, buildSearch(route, query, { keepAccessToken: true })));
  routerState.route = route;
  routerState.stack = [{ key, route }];

  const onPopState = (event: { state: unknown }) => {
    if (session !== s) return;
    const popped = parseRoute(currentQuery(host));
    let entryKey = keyOf(event.state);
    if (entryKey === undefined) {
      // An entry the app did not create (e.g. a hash change): adopt it as new.
      entryKey = s.nextKey++;
      host.history.replaceState({ [STATE_KEY]: entryKey }, '', urlFor(host, buildSearch(popped, currentQuery(host))));
    }
    const moved = moveToEntry(routerState.stack, { key: entryKey, route: popped });
    routerState.stack = [...moved.stack];
    routerState.route = popped;
    if (moved.back) scheduleRestore(s, popped);
    else cancelRestore(s);
  };
  host.addEventListener('popstate', onPopState);

  return () => {
    host.removeEventListener('popstate', onPopState);
    cancelRestore(s);
    if (session === s) session = null;
  };
}

/**
 * Show a page: history push (or replace), the address holding only the page's
 * own parameters plus the protected ones. Navigating to the route already
 * shown replaces instead of stacking a duplicate.
 */
export function navigateTo(page: Page, params: RouteParams = {}, options: { replace?: boolean } = {}): void {
  const s = requireSession();
  const route: Route = { page, params: targetParams(page, params) };
  const url = urlFor(s.host, buildSearch(route, currentQuery(s.host)));
  cancelRestore(s);
  if (options.replace || sameRoute(route, routerState.route)) {
    const key = topKey();
    s.host.history.replaceState({ [STATE_KEY]: key }, '', url);
    routerState.stack = [...replaceEntry(routerState.stack, { key, route })];
  } else {
    const key = s.nextKey++;
    s.host.history.pushState({ [STATE_KEY]: key }, '', url);
    routerState.stack = [...pushEntry(routerState.stack, { key, route })];
  }
  routerState.route = route;
}

/** Update the current page's parameters with replaceState (e.g. the feed's i, t, mute, full, j). */
export function replaceParams(patch: ParamsPatch): void {
  const s = requireSession();
  const { page, params } = routerState.route;
  const route: Route = { page, params: mergeParams(page, params, patch) };
  if (sameRoute(route, routerState.route)) return;
  const key = topKey();
  s.host.history.replaceState({ [STATE_KEY]: key }, '', urlFor(s.host, buildSearch(route, currentQuery(s.host))));
  routerState.stack = [...replaceEntry(routerState.stack, { key, route })];
  routerState.route = route;
}

/**
 * Back: through the browser when the in-app history has a previous entry,
 * otherwise to the inferred target (replacing the current entry). False when
 * there is nowhere to go (the feed opened directly).
 */
export function goBack(): boolean {
  const s = requireSession();
  if (routerState.stack.length > 1) {
    s.host.history.back();
    return true;
  }
  const target = backTarget(routerState.route);
  if (!target) return false;
  navigateTo(target.page, target.params, { replace: true });
  scheduleRestore(s, routerState.route);
  return true;
}

/**
 * The accessToken of the entry address, once (null afterwards or when there
 * was none); removes it from the address.
 */
export function takeAccessToken(): string | null {
  const s = requireSession();
  const token = s.accessToken;
  s.accessToken = null;
  const query = currentQuery(s.host);
  if (query.has(routerConfig.accessTokenParam)) {
    s.host.history.replaceState({ [STATE_KEY]: topKey() }, '', urlFor(s.host, buildSearch(routerState.route, query)));
  }
  return token;
}


