// The page shell's wiring for main.tsx: error listeners, router, startup with
// its fallbacks, the fatal overlay in its own React root (so it survives a
// crashed app tree) and the 5 s health check. All rules live in the modules
// it calls; this file only connects them to the real window.

import { createElement, startTransition, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { fatalState, installErrorMonitor, reportError } from '../errors/error-monitor';
import { FatalOverlay } from './FatalOverlay';
import { showFailurePage } from './failure-page';
import { domHealthProbe, startHealthCheck } from './health-check';
import { startRouter } from '../router/router-store';
import { runStartup, type StartupMode, type StartupState } from './startup';

export interface BootOptions<Device> {
  /** The element the app renders into (#root). */
  root: HTMLElement;
  setupLanguage(): void | Promise<void>;
  /** Device detection and the streaming support check. */
  detectDevice(): Device | Promise<Device>;
  /** The app's tree for a mode; read startupState.minimal inside for minimal mode. */
  renderApp(mode: StartupMode, device: Device | null): ReactNode;
  preload?(device: Device): void | Promise<void>;
  /** Analytics and the like, 100 ms after mount. */
  nonCritical?: ReadonlyArray<() => void | Promise<void>>;
}

/** Starts everything; resolves with the startup phase and a stop function (for tests and hot reload). */
export async function bootApp<Device>(win: Window, options: BootOptions<Device>): Promise<{ phase: StartupState['phase']; stop: () => void }> {
  const stops: (() => void)[] = [installErrorMonitor(win), startRouter(win)];

  const overlayHost = win.document.createElement('div');
  overlayHost.id = 'cf-fatal-root';
  win.document.body.appendChild(overlayHost);
  const overlayRoot = createRoot(overlayHost);
  overlayRoot.render(createElement(FatalOverlay));
  stops.push(() => {
    overlayRoot.unmount();
    overlayHost.remove();
  });

  let appRoot: Root | null = null;
  const mount = (mode: StartupMode, device: Device | null) => {
    // A crash that tears the app tree down is a runtime_error: the overlay shows.
    appRoot ??= createRoot(options.root, { onUncaughtError: (error) => reportError(error, 'runtime_error') });
    // A transition renders in slices: the first clip's worker answer and hls.js's loading steps run between
    // them instead of waiting for the whole first render on a slow phone.
    const tree = options.renderApp(mode, device);
    startTransition(() => appRoot!.render(tree));
  };

  const phase = await runStartup({
    setupLanguage: options.setupLanguage,
    detectDevice: options.detectDevice,
    mount,
    preload: options.preload,
    nonCritical: options.nonCritical,
    showFailurePage: (reason) => showFailurePage(win.location, reason),
    onStepError: (step, error) => reportError(error, step === 'preload' || step === 'non-critical' ? 'resource' : 'unknown'),
  });

  if (phase !== 'failed') {
    stops.push(
      startHealthCheck(domHealthProbe(options.root), (issue) => {
        // With the overlay up, the empty root is expected: the overlay offers the reload.
        if (issue.kind === 'unmounted') {
          if (!fatalState.error) showFailurePage(win.location, 'unmounted');
        }
        else reportError(new Error(`Main thread blocked for ${Math.round(issue.lagMs)} ms`), 'unknown');
      }),
    );
  }
  return {
    phase,
    stop: () => {
      for (const stop of stops.reverse()) stop();
      appRoot?.unmount();
    },
  };
}
