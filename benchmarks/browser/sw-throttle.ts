// Network.emulateNetworkConditions on a page does not reach its service
// worker, which is a target of its own (puppeteer/puppeteer#4305, Lighthouse
// #709), and a running service worker keeps the network settings it started
// with. So the page's session auto-attaches to its service workers paused and
// gives each the same Slow 4G before it runs a line (checked: a fetch the
// worker makes then takes as long as the page's own). CPU throttling does not
// apply: a service worker is off the main thread, like the engine worker.

import type { CDPSession } from '@playwright/test';
import { benchConfig } from './config';

export async function throttleServiceWorkers(session: CDPSession): Promise<void> {
  let nextId = 1;
  // Not flattened: Playwright's CDP session cannot address a child session, but it can relay messages to it.
  const send = (sessionId: string, method: string, params: object = {}) =>
    session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: nextId++, method, params }) });
  session.on('Target.attachedToTarget', ({ sessionId, waitingForDebugger }) => {
    void (async () => {
      await send(sessionId, 'Network.enable');
      await send(sessionId, 'Network.emulateNetworkConditions', benchConfig.slow4g);
      if (waitingForDebugger) await send(sessionId, 'Runtime.runIfWaitingForDebugger');
    })().catch(() => undefined);
  });
  await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false, filter: [{ type: 'service_worker' }] });
}
