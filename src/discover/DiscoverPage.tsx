// The Discover page (n=discover, search, category; spec 2 §2.3): the search
// bar, the first-time tip, and the home, search or category view. The
// address says which; the page hands it to the store on every change and on
// the router's restore event (100 ms after coming back from a video page).

import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { routerConfig } from '../router/config';
import { isDiscoverPage } from '../router/pages';
import { routerState, type RestoreEventDetail } from '../router/router-store';
import { useRoute } from '../router/useRoute';
import { AdSlotId } from '../api/app-config';
import type { CatalogueVideo } from '../api/catalogue-schemas';
import { discoverConfig } from './config';
import { targetKey, targetOfRoute } from './discover-route';
import { currentPlatform } from '../lib/platform';
import { initFirstTip, openVideo } from './discover-actions';
import { discoverState } from './discover-state';
import { applyTarget } from './route-sync';
import { AdSlot } from './ads/AdSlot';
import { CategoryView } from './CategoryView';
import { FirstTip } from './FirstTip';
import { HomeView } from './HomeView';
import { rememberedScroll, rememberScroll } from './scroll-memory';
import { SearchBar } from './SearchBar';
import { SearchView } from './SearchView';
import './discover.css';

function startHome(route: ReturnType<typeof useRoute>): void {
  if (!isDiscoverPage(route.page)) return;
  const target = targetOfRoute(route);
  if (target.view === 'home') void applyTarget(target);
}

export default function DiscoverPage() {
  const route = useRoute();
  // Decided in the first render, before the snapshot it reads: a tip that appears a frame later (an effect's store
  // change re-renders after the first paint) pushes the whole page down, a layout shift on every first visit.
  useState(initFirstTip);
  // The home starts loading in the first render, not in the effect below (after the first paint): with index.html's
  // early answers already here, its first rows are then in the first paint, their posters preloaded (issue 17: LCP).
  useState(() => startHome(route));
  const { target, showFirstTip } = useSnapshot(discoverState);
  const scroller = useRef<HTMLDivElement>(null);
  const key = targetKey(target);
  const { page } = route;
  const { q, c, pg } = route.params;

  useEffect(() => {
    if (isDiscoverPage(page)) void applyTarget(targetOfRoute({ page, params: { q, c, pg } }));
  }, [page, q, c, pg]);

  // A new sub-state starts at its top.
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [key]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onRestore = (event: Event) => {
      const detail = (event as CustomEvent<RestoreEventDetail>).detail;
      if (!detail || !isDiscoverPage(detail.page)) return;
      const restored = targetOfRoute(detail);
      // The visitor moved on within the 100 ms (e.g. Back from the category): the address wins over the old restore.
      if (targetKey(targetOfRoute(routerState.route)) !== targetKey(restored)) return;
      void applyTarget(restored);
      const top = rememberedScroll(targetKey(restored));
      if (top === undefined) return;
      clearTimeout(timer);
      timer = setTimeout(() => scroller.current?.scrollTo({ top }), discoverConfig.restoreDelayMs[currentPlatform()]);
    };
    window.addEventListener(routerConfig.restoreEventName, onRestore);
    return () => {
      window.removeEventListener(routerConfig.restoreEventName, onRestore);
      clearTimeout(timer);
    };
  }, []);

  const onOpen = (video: CatalogueVideo) => {
    rememberScroll(key, scroller.current?.scrollTop ?? 0);
    openVideo(video);
  };

  return (
    <div className="cf-discover" ref={scroller} data-testid="discover-page" data-view={target.view}>
      <div className="cf-discover__top">
        <SearchBar />
      </div>
      <div className="cf-discover__body">
        {showFirstTip ? <FirstTip /> : null}
        {/* A category opens on its videos: no ad above its first row (issue 16 point 12). */}
        {target.view === 'category' ? null : <AdSlot slot={AdSlotId.SearchBarBottom} />}
        {target.view === 'search' ? <SearchView onOpen={onOpen} /> : target.view === 'category' ? <CategoryView onOpen={onOpen} /> : <HomeView onOpen={onOpen} />}
      </div>
    </div>
  );
}
