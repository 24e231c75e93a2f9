// The Discover sub-state follows the address, its source of truth: user
// actions write it (showTarget), and the page hands every route it shows to
// applyTarget, which loads only what is missing.

import { runCategory } from './category-loader';
import { d } from './discover-deps';
import { routeOfTarget, type DiscoverTarget } from './discover-route';
import { discoverState } from './discover-state';
import { loadHome } from './home-loader';
import { runSearch } from './search-loader';

/** Show what the address says (on every route change and on the router's restore event). */
export function applyTarget(target: DiscoverTarget, options: { force?: boolean } = {}): Promise<void> {
  const force = options.force ?? false;
  discoverState.target = target;
  switch (target.view) {
    case 'home':
      return loadHome({ force });
    case 'search':
      discoverState.input = target.query;
      return runSearch(target.query, target.page, force, showTarget);
    case 'category':
      return runCategory(target.categoryId, target.page, force, showTarget);
  }
}

/** A user action: write the sub-state into the address, then show it. */
export function showTarget(target: DiscoverTarget, options: { force?: boolean } = {}): Promise<void> {
  const nav = d().navigation;
  const route = routeOfTarget(target, nav.currentPage());
  nav.replace(route.page, route.params);
  return applyTarget(target, options);
}
