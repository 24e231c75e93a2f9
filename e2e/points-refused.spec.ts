// The server refuses a new player (automation markers, a rate limit): the
// visitor is told points are unavailable, with a retry, and the feed plays on
// (issue 16 point 13).

import { expect, test } from '@playwright/test';
import { baseUrl } from './support/demo';
import { expectPlaying, prepareContext } from './support/feed-page';

test('a refused player: the feed plays, the points row says so, and its retry makes the player once the server agrees', async ({ page, context }) => {
  await prepareContext(context);
  let refuse = true;
  await context.route('**/api/v1/player/init', (route) =>
    refuse ? route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: 403, message: 'Suspicious client refused.' }) }) : route.continue(),
  );
  await page.goto(`${baseUrl()}/`);
  await expectPlaying(page, 30_000);
  const unavailable = page.getByTestId('points-unavailable');
  await expect(unavailable).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('points-widget')).toHaveCount(0);
  const retry = unavailable.getByRole('button');
  const box = await retry.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  refuse = false;
  await retry.click();
  await expect(page.getByTestId('points-widget')).toBeVisible({ timeout: 20_000 });
  await expect(unavailable).toHaveCount(0);
});
