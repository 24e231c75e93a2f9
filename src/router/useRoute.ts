// React access to the router: the current route as a snapshot.

import { useSnapshot } from 'valtio';
import type { Route } from './route-params';
import { routerState } from './router-store';

/** The route the address shows; re-renders when it changes. */
export function useRoute(): Readonly<Route> {
  return useSnapshot(routerState).route as Readonly<Route>;
}
