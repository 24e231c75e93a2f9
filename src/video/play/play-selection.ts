// Which route the play page plays (spec 3 §2, §3, §4). The address's route is
// an integer >= 0 (the router drops anything else); one past the list falls
// back to the first. Each route of the play URL format is one address, so a
// route holds one episode (spec 3 §2: "in practice always one episode"): the
// episode parameter can only be 0 and there is no episode choice to offer.

import type { VideoRoute } from '../../feed';

export function initialRoute(routes: readonly VideoRoute[], route: number | undefined): number {
  return route !== undefined && route < routes.length ? route : 0;
}

/** Pool and player key of one route of one video: each route is its own hls.js instance. */
export function playKey(vid: number, route: number): string {
  return `play-${vid}-${route}`;
}

/** A tap on a route tab: switch, unless it is the route playing or a switch is under way. */
export function shouldSwitch(active: number, switching: number | null, target: number, count: number): boolean {
  if (!Number.isInteger(target) || target < 0 || target >= count) return false;
  return switching === null && target !== active;
}
