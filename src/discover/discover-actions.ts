// What the Discover page's controls do (spec 2 §2.3, §4, §5): search box,
// paging, entering and leaving a category, reload, opening a video, the
// first-time tip. Each moves through the address (route-sync.ts).

import type { CatalogueVideo } from '../api/catalogue-schemas';
import { d, tickets } from './discover-deps';
import { detailParams, sameTarget, type DiscoverTarget } from './discover-route';
import { discoverState, emptyList } from './discover-state';
import { markFirstTipShown, shouldShowFirstTip } from './first-tip';
import { applyTarget, showTarget } from './route-sync';
import { saveCurrentSearch } from './search-loader';
import { clearSearchSession } from './search-session';

export function setSearchInput(text: string): void {
  discoverState.input = text;
  // Spec 2 §4: clearing the box while in search leaves search.
  if (text.trim() === '' && discoverState.target.view === 'search') exitSearch();
}

/** Enter in the search box: a blank query is ignored (spec 2 §5); the same query again reloads. */
export function submitSearch(text: string = discoverState.input): Promise<void> {
  const query = text.trim();
  if (!query) return Promise.resolve();
  const target: DiscoverTarget = { view: 'search', query, page: 1 };
  return showTarget(target, { force: sameTarget(target, discoverState.target) });
}

/** Back from search (or clearing the box): home, results reset, saved search cleared (spec 2 §4). */
export function exitSearch(): Promise<void> {
  tickets.search++;
  clearSearchSession(d().session());
  Object.assign(discoverState.search, { ...emptyList(), query: '' });
  discoverState.input = '';
  return showTarget({ view: 'home' });
}

export function openCategory(categoryId: number): Promise<void> {
  return showTarget({ view: 'category', categoryId, page: 1 });
}

export function exitCategory(): Promise<void> {
  tickets.category++;
  return showTarget({ view: 'home' });
}

export function goToPage(page: number): Promise<void> {
  const t = discoverState.target;
  if (t.view === 'search') return showTarget({ ...t, page });
  if (t.view === 'category') return showTarget({ ...t, page });
  return Promise.resolve();
}

/** Reload of the current sub-state (the empty state's button). */
export function reload(): Promise<void> {
  return applyTarget(discoverState.target, { force: true });
}

/** A card click: the search is saved first when in search, then the detail page opens (spec 2 §2.3). */
export function openVideo(video: Pick<CatalogueVideo, 'vod_id'>): void {
  const target = discoverState.target;
  if (target.view === 'search') saveCurrentSearch();
  d().navigation.open('video-detail', detailParams(video.vod_id, target));
}

// ---- first-time tip --------------------------------------------------------

/** Shows the tip on the first visit only; the flag is written as it shows. */
export function initFirstTip(): void {
  if (discoverState.showFirstTip || !shouldShowFirstTip()) return;
  discoverState.showFirstTip = true;
  markFirstTipShown();
}

export function dismissFirstTip(): void {
  discoverState.showFirstTip = false;
}
