// The feed's start does not wait for hls.js (issue 17, cold first frame): the
// served page fetches hls.js beside the app's JavaScript, and when hls.js comes
// last the app still renders the feed (its tab bar, the first item's title and
// poster, no loading page, no error), and only the player waits for it.

import { expect, test } from '@playwright/test';
import { baseUrl } from './support/demo';
import { holdRequests } from './support/discover-page';
import { expectPlaying, prepareContext } from './support/feed-page';

/** hls.js's own script (vite.config.ts, hlsScript), added by index.html's inline script on the feed. */
const HLS_SCRIPT = /\/assets\/hls\.light-[\w-]+\.js$/;

test('with hls.js held back the feed renders its first item, and the clip plays once hls.js arrives', async ({ context, page }) => {
  await prepareContext(context);
  // Whether the page's loading fallback or an error panel was ever in the document while hls.js was held back.
  await context.addInitScript(() => {
    const w = window as unknown as { __seen: string[] };
    w.__seen = [];
    new MutationObserver(() => {
      for (const selector of ['[data-testid=page-loading]', '[role=alert]']) {
        if (!w.__seen.includes(selector) && document.querySelector(selector)) w.__seen.push(selector);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const hls = await holdRequests(page, HLS_SCRIPT);
  await page.goto(`${baseUrl()}/`, { waitUntil: 'commit' });

  await expect(page.getByTestId('feed')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('nav.cf-tab-bar')).toBeVisible();
  await expect(page.getByTestId('feed-title')).not.toBeEmpty();
  await expect(page.locator('.cf-slide--current .cf-slide__poster')).toBeVisible();
  expect(await page.evaluate(() => 'Hls' in window), 'hls.js is still held back').toBe(false);
  expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen), 'no loading page, no error').toEqual([]);

  hls.release();
  await expectPlaying(page, 30_000);
  expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen), 'no loading page, no error').toEqual([]);
  expect(errors).toEqual([]);
});
