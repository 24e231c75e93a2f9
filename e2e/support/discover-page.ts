// Helpers for the Discover specs: the context kept on loopback with the
// first-time tip marked seen (unless a test wants it), screenshots saved
// under test-results/screenshots/, and a catalogue answer rewritten in
// flight to carry a hostile title.

import path from 'node:path';
import type { BrowserContext, Page, Route, TestInfo } from '@playwright/test';
import { prepareContext } from './feed-page';

/** The Discover first-time tip flag (src/discover/config.ts firstTipKey). */
const FIRST_TIP_KEY = 'discover_first_tip_seen';

export async function prepareDiscover(context: BrowserContext, options: { tipSeen?: boolean } = {}): Promise<void> {
  await prepareContext(context);
  if (options.tipSeen ?? true) {
    await context.addInitScript((key: string) => localStorage.setItem(key, '1'), FIRST_TIP_KEY);
  }
}

/** A 412x823 screenshot kept as a test artifact: test-results/screenshots/<name>.png. */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = path.join(testInfo.config.rootDir, '..', 'test-results', 'screenshots', `${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Holds every catalogue answer matching `pattern` until release() is called (to see loading states). */
export async function holdRequests(page: Page, pattern: RegExp): Promise<{ release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return { release };
}

/** Rewrites the titles of catalogue list/detail answers: `rewrite(title)` for every item. */
export async function rewriteTitles(page: Page, rewrite: (title: string) => string): Promise<void> {
  await page.route(/\/api\.php\/provide\/vod\/?\?/, async (route) => {
    // The app also times HEAD requests on this path: nothing to rewrite there.
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { list?: Record<string, unknown>[] };
    for (const item of body.list ?? []) {
      for (const key of ['vod_name', 'vod_name_pt', 'vod_content']) {
        if (typeof item[key] === 'string' && item[key] !== '') item[key] = rewrite(item[key] as string);
      }
    }
    await route.fulfill({ response, json: body });
  });
}
