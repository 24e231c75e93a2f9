// The service worker's registration (issue 17 "Repeat visit"), loaded by its
// own dynamic import after the first render: workbox-window and the
// worker's precache downloads wait until the page has loaded and is idle, so
// the first visit's clip never shares the network with them. Only a built app
// has a worker (vite dev serves none).

import { Workbox } from 'workbox-window';
import { pwaConfig } from './config';

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

/** Runs `task` once the page has loaded and the main thread is idle (or the time-out passed). */
function afterLoadIdle(win: IdleWindow, task: () => void): void {
  const idle = () => (win.requestIdleCallback ? win.requestIdleCallback(task, { timeout: pwaConfig.idleTimeoutMs }) : win.setTimeout(task, 0));
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

export function registerServiceWorker(win: Window): void {
  if (!import.meta.env.PROD || !('serviceWorker' in win.navigator)) return;
  afterLoadIdle(win, () => {
    const workbox = new Workbox(pwaConfig.scriptUrl, { scope: pwaConfig.scope });
    // No worker is no loss: the app works as before, only without the cached shell.
    workbox.register().catch(() => undefined);
  });
}
