// The service worker's registration (issue 17 "Repeat visit"), loaded by its
// own dynamic import after the first render: workbox-window and the
// worker's precache downloads wait until the page has loaded, the first clip
// plays (on pages without one, a while) and the page is idle, so the first
// visit's clip never shares the network with them. Only a built app
// has a worker (vite dev serves none).

import { Workbox } from 'workbox-window';
import { inIdle, whenFirstPlays } from '../../lib/first-play';
import { pwaConfig } from './config';

/** `load` (at once when it has passed). */
function loaded(win: Window): Promise<void> {
  if (win.document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => win.addEventListener('load', () => resolve(), { once: true }));
}

export function registerServiceWorker(win: Window): void {
  if (!import.meta.env.PROD || !('serviceWorker' in win.navigator)) return;
  // `load` does not wait for media (hls.js fetches them): on Slow 4G it can come before the first clip's fragment,
  // and the precache (the whole app, ~1.3 MB) would then share the network with it.
  const firstPlay = whenFirstPlays(win, pwaConfig.latestWithoutPlayMs);
  void Promise.all([loaded(win), firstPlay.done]).then(() =>
    inIdle(
      win,
      () => {
        const workbox = new Workbox(pwaConfig.scriptUrl, { scope: pwaConfig.scope });
        // No worker is no loss: the app works as before, only without the cached shell.
        workbox.register().catch(() => undefined);
      },
      pwaConfig.idleTimeoutMs,
    ),
  );
}
