// Issue 17 "CLS 0": nothing on the first screen moves once painted, on a
// first visit to the feed and to discover. The browser's own layout-shift
// entries are collected from the first paint until everything that arrives
// late has arrived (the server's app config, the identity and its points
// row after the first play, the discover tip, the slot ad, the rows); any
// entry fails the test and names the elements that moved. Also: the app
// config comes embedded in the page, so the first visit never asks for it.

import { expect, test, type Page } from '@playwright/test';
import { baseUrl } from './support/demo';
import { expectPlaying, prepareContext } from './support/feed-page';
import { prepareDiscover } from './support/discover-page';

interface Shift {
  at: number;
  value: number;
  moved: string[];
}

declare global {
  interface Window {
    __layoutShifts?: Shift[];
  }
}

async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__layoutShifts = [];
    const describe = (node: Node | null) => (node instanceof Element ? `${node.tagName.toLowerCase()}.${node.getAttribute('class') ?? ''}[${node.getAttribute('data-testid') ?? ''}]` : String(node?.nodeName));
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null }[] })[]) {
        if (!entry.hadRecentInput) window.__layoutShifts!.push({ at: Math.round(entry.startTime), value: entry.value, moved: (entry.sources ?? []).map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shifts = (page: Page): Promise<Shift[]> => page.evaluate(() => window.__layoutShifts ?? []);

function countConfigRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/app/config') count++;
  });
  return () => count;
}

test.describe('layout stability of a first visit', () => {
  test('the feed: nothing moves from the first paint to the points row after the first play', async ({ page, context }) => {
    await prepareContext(context);
    await recordShifts(page);
    const configRequests = countConfigRequests(page);
    await page.goto(`${baseUrl()}/`);
    await expectPlaying(page, 30_000);
    // The identity waits for the first play and idle time; its points row is the last thing to arrive.
    await expect(page.getByTestId('points-widget')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('topnav-credits')).toHaveAttribute('data-points', /\d/);
    expect(await shifts(page)).toEqual([]);
    expect(configRequests()).toBe(0);
  });

  test('discover: nothing moves from the first paint to the rows, the tip and the slot ad', async ({ page, context }) => {
    await prepareDiscover(context, { tipSeen: false });
    await recordShifts(page);
    const configRequests = countConfigRequests(page);
    await page.goto(`${baseUrl()}/?n=discover`);
    await expect(page.getByTestId('discover-home')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('discover-first-tip')).toBeVisible();
    await expect(page.getByTestId('ad-slot').first()).toBeVisible();
    await expect(page.locator('[data-testid="discover-recommended"][data-status="ready"]')).toBeVisible();
    // Every poster on the first screen decoded and painted.
    await expect.poll(() => page.evaluate(() => [...document.images].filter((img) => img.getBoundingClientRect().top < innerHeight).every((img) => img.complete))).toBe(true);
    expect(await shifts(page)).toEqual([]);
    expect(configRequests()).toBe(0);
  });
});
