// Closing the full video returns to the clip where the visitor left it,
// playing (issue 16 point 10).

import { expect, test } from '@playwright/test';
import { baseUrl } from './support/demo';
import { expectPlaying, feedStatus, prepareContext } from './support/feed-page';

test('the clip plays on from where it was when the full video closes', async ({ page, context }) => {
  test.setTimeout(120_000);
  await prepareContext(context);
  await page.goto(`${baseUrl()}/`);
  const start = await expectPlaying(page, 30_000);
  await page.waitForFunction(() => ((document.querySelector('[data-testid=feed-video]') as HTMLVideoElement | null)?.currentTime ?? 0) > 3, null, { timeout: 20_000 });
  const before = await feedStatus(page);
  await page.getByTestId('full-video-button').click();
  await expect(page.getByTestId('full-video')).toBeVisible();
  await page.waitForFunction(() => {
    const v = document.querySelector('[data-testid=full-video-element]') as HTMLVideoElement | null;
    return !!v && !v.paused && v.currentTime > 1;
  }, null, { timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('full-video')).toBeHidden();
  // Playing again (not paused, time moving): the first position seen is where the visitor was, not the clip's start.
  await page.waitForFunction(() => {
    const v = document.querySelector('[data-testid=feed-video]') as HTMLVideoElement | null;
    return !!v && !v.paused && !v.seeking && v.readyState >= 3 && v.currentTime > 0.5;
  }, null, { timeout: 20_000 });
  const after = await feedStatus(page);
  expect(after.itemId).toBe(start.itemId);
  expect(after.time).toBeGreaterThanOrEqual(before.time - 1);
  expect(after.time).toBeLessThan(before.time + 6);
});
