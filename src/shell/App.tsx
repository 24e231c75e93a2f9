// The page shell: the page the address names, the bottom tab bar, the
// connection banner, and the app-wide overlays (toasts, centre tip, sign-on
// redirect). Identity and other services were started by services.ts before
// the first render.

import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Sheets } from './SheetHost';
import { sheetsState } from '../router/sheets';
import { TabBar } from './TabBar';
import type { Page } from '../router/pages';
import { navigateTo } from '../router/router-store';
import { useRoute } from '../router/useRoute';
import { FeedPage } from '../feed';
import { SsoRedirectOverlay } from '../feed';
import { promotionBadgeCount } from '../promotion';
import { startSso } from '../account';
import { accountState, dismissNotice, dismissToast } from '../account';
import { appConfigState } from '../server-config/store';
import { pauseFeed, resumeFeed } from '../feed';
import { openSheet } from '../router/sheets';
import { showToast } from '../notices/store';
import { CenterTip } from './CenterTip';
import { Spinner } from '../ui/Spinner';
import { Toasts } from './Toasts';
import { ConnectionBanner } from './ConnectionBanner';
import { LoadBoundary, LoadWaiting } from './LoadBoundary';
import { preloadableWhenOnline, type PreloadableLazy } from '../notices/lazy-when-online';
import { withAllStrings } from '../i18n';
import { withHls } from '../player/hls-load';
import { useHlsReady } from '../player/useHlsReady';
import { connectionState } from '../notices/connection';
import { startupConfig } from './config';
import '../ui/tokens.css';
import '../ui/ui.css';
import './shell.css';

// Route-level code splitting (issue 5): the feed and the shell are in the
// first-visit bundle; every other page is its own chunk, fetched on first use
// (while the server cannot be reached, when it answers again: lazy-when-online.ts).
const lazyPages: Record<Exclude<Page, 'douyin'>, PreloadableLazy<object>> = (() => {
  const discover = preloadableWhenOnline(withAllStrings(() => import('../discover/DiscoverPage')));
  return {
    discover,
    search: discover,
    category: discover,
    'video-detail': preloadableWhenOnline(withAllStrings(() => import('../video/detail/VideoDetailPage'))),
    'video-play': preloadableWhenOnline(withAllStrings(withHls(() => import('../video/play/VideoPlayPage')))),
    navigation: preloadableWhenOnline(withAllStrings(() => import('../promotion/PromotionPage'))),
  };
})();

/**
 * The page the address names at start waits for its chunk (at most
 * startupConfig.firstPageWaitMs) with nothing in its place instead of its
 * loading fallback: React reveals content that replaces a fallback it has just
 * shown no sooner than 300 ms after it, which held discover's posters back
 * (issue 17). Its chunk is usually here by then (index.html's inline script
 * fetched discover's with the app's scripts). The page then renders in an update
 * of its own, after the shell's. Pages visited later show the fallback as before.
 */
let startPending = true;

function useStartHold(page: Page): boolean {
  const [heldPage, setHeldPage] = useState<Exclude<Page, 'douyin'> | null>(() => (startPending && page !== 'douyin' && !lazyPages[page].loaded() ? page : null));
  useEffect(() => {
    startPending = false;
    if (!heldPage) return;
    let live = true;
    const release = () => {
      if (live) startTransition(() => setHeldPage(null));
    };
    const timer = setTimeout(release, startupConfig.firstPageWaitMs);
    lazyPages[heldPage].preload().then(release, release);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [heldPage]);
  // The visitor moved on meanwhile: the next page loads as any later one.
  return heldPage === page;
}

const PAGE_LOADING_STAGES = ['ui:loading.generic'] as const;

function PageView({ page }: { page: Page }) {
  const held = useStartHold(page);
  if (page === 'douyin') return <PlaysVideo><FeedPage /></PlaysVideo>;
  if (held) return null;
  const LazyPage = lazyPages[page].Component;
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyPage />
    </Suspense>
  );
}

/** The feed plays at once: hls.js first where this visit began on a page without it (src/player/hls-load.ts). */
function PlaysVideo({ children }: { children: ReactNode }) {
  return useHlsReady() ? children : <PageLoading />;
}

/** A page's chunk is on its way: a plain "loading", not the video-loading stages (no video is being connected); offline, when it will come. */
function PageLoading() {
  const { offline } = useSnapshot(connectionState);
  if (offline) return <LoadWaiting />;
  return <div className="cf-app__page-loading" data-testid="page-loading"><Spinner stages={PAGE_LOADING_STAGES} /></div>;
}

/**
 * `minimal`: the startup's fallback after a failed or late full mount (spec 1
 * §4 "Startup"): the page and its messages only, without the tab bar and the
 * app-wide overlays, so the visitor still gets the feed.
 */
const promotionBadge = { navigation: promotionBadgeCount() };

export function App({ minimal = false }: { minimal?: boolean }) {
  const route = useRoute();
  const { config } = useSnapshot(appConfigState);
  const account = useSnapshot(accountState);
  const onFeed = route.page === 'douyin';
  const sheet = useSnapshot(sheetsState).open;

  // Leaving the feed pauses random play and timers; coming back resumes (the feed page loads when empty).
  useEffect(() => {
    if (!onFeed || sheet) return pauseFeed();
    void resumeFeed();
  }, [onFeed, sheet]);

  // The account store's messages become toasts.
  useEffect(() => {
    if (!account.toast) return;
    showToast(account.toast.key, account.toast.params as Record<string, string | number> | undefined, { type: 'warning' });
    dismissToast();
  }, [account.toast]);
  useEffect(() => {
    if (!account.notice) return;
    showToast(account.notice.key, account.notice.params as Record<string, string | number> | undefined, { type: 'credits' });
    dismissNotice();
  }, [account.notice]);

  return (
    <div className="cf-app">
      <ConnectionBanner />
      <main className="cf-app__page">
        {/* A chunk that cannot be fetched is an outage: the tab bar and the banner stay (LoadBoundary.tsx). */}
        <LoadBoundary resetKey={route.page}>
          <PageView page={route.page} />
        </LoadBoundary>
      </main>
      {!minimal && (
        <TabBar
          page={route.page}
          flags={{ promotionTab: config.flags.promotionTab, ssoTab: config.flags.ssoTab, profileTab: config.flags.creditsDisplay }}
          win667Status={account.win667Status ?? ''}
          onNavigate={(page) => navigateTo(page)}
          onSso={() => void startSso()}
          onProfile={() => openSheet('credits')}
          badges={config.flags.promotionBadge ? promotionBadge : undefined}
        />
      )}
      <Sheets />
      <Toasts />
      {!minimal && <CenterTip />}
      {!minimal && <SsoRedirectOverlay visible={account.sso.status !== 'idle'} />}
    </div>
  );
}
