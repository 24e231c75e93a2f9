// A fresh browser context on the emulated low-end phone: the probe installed,
// and the throttling applied on a same-origin page first, so the measured
// navigation stays in this renderer and starts throttled and cold (the page's
// service workers too, once they exist).

import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { benchConfig } from './config';
import { probeScript, type PageProbe } from './probe';
import { throttleServiceWorkers } from './sw-throttle';

export interface PhoneSession {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
}

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', benchConfig.slow4g);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: benchConfig.cpuThrottle });
  await throttleServiceWorkers(cdp);
}

export async function openPhone(browser: Browser, base: string): Promise<PhoneSession> {
  const context = await browser.newContext({ viewport: benchConfig.viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  await context.addInitScript({ content: probeScript });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${base}/robots.txt`);
  await throttle(cdp);
  return { context, page, cdp };
}

export const probeOf = (page: Page): Promise<PageProbe> => page.evaluate(() => window.__benchProbe as PageProbe);
