// Page-wide services. Before the first render: the feed store's toasts,
// short-clip client and ads (the feed page loads as soon as it mounts), and
// the network/device adaptation (the first clip is prepared for it). After
// mount: the identity (restored from an accessToken first), balance polling.

import { forcedVersion } from '../lib/debug';
import { parseRoute } from '../router/route-params';
import { takeAccessToken } from '../router/router-store';
import { createRttProbe, saveDataHeaderSeen, startAdaptation, type NavigatorLike } from '../player/adaptation';
import { captureInvite, initAccount, resetSsoOnReturn, resumeRecharge, setPageVisible, startBalancePolling } from '../account';
import { loadAppConfig } from '../server-config/store';
import { configureFeed, startFeed } from '../feed';
import { showToast } from '../notices/store';
import { connection } from '../notices/connection';
import { shortClipConfig } from '../api/config';
import { shortVideoClient as shortVideos } from '../api/short-videos';

/** Before boot: no router needed. Returns stop. */
export function startFeedServices(win: Window): () => void {
  configureFeed({
    notify: (key, params, type) => showToast(key, params as Record<string, string | number> | undefined, { type: type ?? 'info' }),
    shortVideos,
  });
  void loadAppConfig().then((config) => configureFeed({ ads: [...config.feedAds] }));
  // On the feed, its playback route starts now rather than after the first render (feed/playback/route.ts: the
  // first list, and the first clip prepared and preloaded while the page renders; the page's own start joins it).
  const route = parseRoute(new URLSearchParams(win.location.search));
  if (route.page === 'douyin') {
    const probe = win.document.createElement('video');
    void startFeed({ restoreId: route.params.i, clipRange: route.params.t }, (type) => probe.canPlayType(type));
  }
  // `version=premium|standard` forces the build variant for this session (spec 1 §2 "Address rules").
  const variant = forcedVersion(win.location, safeSession(win)) ?? undefined;
  const stopAdaptation = startAdaptation({
    navigator: win.navigator as Navigator & NavigatorLike,
    measureRtt: createRttProbe(),
    saveDataHeader: saveDataHeaderSeen(win.performance),
    ...(variant ? { variant } : {}),
  });
  const stopCacheSweep = shortVideos.cache.startCleanup(win, shortClipConfig.cleanupIntervalMs);
  // The browser's offline/online events reach the one connection state (notices/connection.ts) from the start.
  const stopConnection = connection.watch(win);
  return () => {
    stopAdaptation();
    stopCacheSweep();
    stopConnection();
  };
}

function safeSession(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null;
  }
}

/** After the router started (it holds the entry's accessToken). Returns stop. */
export function startAccountServices(win: Window): () => void {
  const accessToken = takeAccessToken() ?? undefined;
  // ?invite= is kept until the init has made a player with it, then leaves the address.
  const settleInvite = captureInvite(win);
  void initAccount(accessToken ? { accessToken } : {}).then(settleInvite);
  // Back from the payment provider (#recharge=...): the credits screen follows the payment.
  resumeRecharge(win);
  const stopPolling = startBalancePolling();
  const onVisibility = () => setPageVisible();
  win.document.addEventListener('visibilitychange', onVisibility);
  const stopSsoReset = resetSsoOnReturn(win);
  return () => {
    stopPolling();
    stopSsoReset();
    win.document.removeEventListener('visibilitychange', onVisibility);
  };
}
