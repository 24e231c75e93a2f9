// Entry: boot (error monitor, router, startup with its fallbacks, health
// check) and the app services; then the app renders into #root.

import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { bootApp } from './shell/boot';
import { startAccountServices, startFeedServices } from './shell/services';
import { startAnalytics } from './analytics/start';
import { engineBridge } from './worker-bridge/bridge';
import { i18n } from './i18n';
import { setupLanguage } from './i18n/setup';
import { hlsLoaded } from './player/hls-load';
import { pageCapability } from './player/page-capability';
import { App } from './shell/App';
import './ui/tokens.css';

const root = document.getElementById('root') as HTMLElement;

function start() {
  startFeedServices(window);
  void bootApp(window, {
    root,
    setupLanguage: () => setupLanguage(i18n, document.documentElement),
    // Where hls.js is already here; otherwise (still on its way, or not fetched on this page) the first player detects it (src/player/hls-load.ts).
    detectDevice: () => {
      const probe = document.createElement('video');
      return hlsLoaded() ? pageCapability((type) => probe.canPlayType(type)) : null;
    },
    renderApp: (mode) => (
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <App minimal={mode === 'minimal'} />
        </I18nextProvider>
      </StrictMode>
    ),
    preload: () => {
      startAccountServices(window);
      // Start the engine worker while the first list loads: its first call then finds it warm.
      void engineBridge.ping();
    },
    // Non-critical, 100 ms after mount (spec 1 §4 "Startup").
    nonCritical: [() => startAnalytics(window), () => import('./shell/pwa/register').then((pwa) => pwa.registerServiceWorker(window))],
  });
}

// Not waiting for hls.js, even where it is on its way: only the code that makes an hls.js instance waits (src/player/hls-load.ts).
start();

