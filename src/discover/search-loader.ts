// Discover search results (spec 2 §2.3, §8): one page of a query, shown at
// once from the saved search when coming back from a video, and saved to the
// session when loaded. A page past the last one goes through `redirect`
// (route-sync.ts's showTarget, passed in because route sync calls this).

import { d, tickets } from './discover-deps';
import type { DiscoverTarget } from './discover-route';
import { DATA_LOAD_FAILED, discoverState } from './discover-state';
import { loadSearchSession, saveSearchSession } from './search-session';

export async function runSearch(query: string, page: number, force: boolean, redirect: (target: DiscoverTarget) => Promise<void>): Promise<void> {
  const s = discoverState.search;
  if (!force && s.query === query && s.page === page && (s.status === 'loading' || s.status === 'ready')) return;
  const ticket = ++tickets.search;
  // Back from a video: the saved results show at once (spec 2 §2.3).
  const saved = force ? null : loadSearchSession(d().session());
  if (saved && saved.showSearchResults && saved.lastSearchQuery === query && saved.searchCurrentPage === page) {
    Object.assign(s, { query, page, status: 'ready', videos: saved.searchResults, pagecount: saved.searchPagecount, total: saved.searchTotal });
    return;
  }
  Object.assign(s, { query, page, status: 'loading', videos: [] });
  const r = await d().service.searchVideos(query, page);
  if (ticket !== tickets.search) return;
  if (!r.ok) {
    // Spec 2 §8: results emptied, page and total reset, the toast.
    d().log(`search: ${r.error.message}`);
    Object.assign(s, { status: 'error', videos: [], page: 1, pagecount: 1, total: 0 });
    d().toast(DATA_LOAD_FAILED);
    return;
  }
  const { videos, pagecount, total } = r.value;
  if (videos.length === 0 && total > 0 && page > pagecount) {
    // An address past the last page shows the last page.
    await redirect({ view: 'search', query, page: pagecount });
    return;
  }
  Object.assign(s, { status: 'ready', videos, pagecount, total });
  saveCurrentSearch();
}

export function saveCurrentSearch(): void {
  const s = discoverState.search;
  saveSearchSession(
    {
      lastSearchQuery: s.query,
      searchResults: s.videos,
      showSearchResults: true,
      searchCurrentPage: s.page,
      searchPagecount: s.pagecount,
      searchTotal: s.total,
      pageState: 'search',
    },
    d().session(),
  );
}
