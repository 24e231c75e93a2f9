// Points and the partner site, end to end: five counted watches award the
// cycle's points with the reward UI; with the partner threshold reached
// (100 on the e2e server) the SSO tab lands on the demo partner site, whose
// link brings the visitor back signed in as the same player.

import { expect, test } from '@playwright/test';
import { baseUrl } from './support/demo';
import { expectPlaying, feedStatus, prepareContext } from './support/feed-page';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test('five counted watches award points, then the SSO tab reaches the partner site and its link brings the visitor back', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const watches: { valid: boolean; points: number }[] = [];
  page.on('response', async (res) => {
    if (!res.url().endsWith('/api/v1/player/video/watch')) return;
    const body = (await res.json().catch(() => null)) as { data?: { is_valid_watch: boolean; points: number } } | null;
    if (body?.data) watches.push({ valid: body.data.is_valid_watch, points: body.data.points });
  });
  await page.goto(`${baseUrl()}/`);
  await expectPlaying(page, 30_000);
  await expect(page.getByTestId('points-value')).toHaveText('0', { timeout: 15_000 });
  const playerId = await page.evaluate(() => JSON.parse(localStorage.getItem('clipfeed_credential') ?? 'null')?.playerId ?? null);

  // Watch each clip a little over 5 s, then move on; skip past feed ads.
  for (let n = 0; n < 12 && watches.filter((w) => w.valid).length < 5; n++) {
    await page.waitForTimeout(6_500);
    const before = await feedStatus(page);
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await feedStatus(page)).index, { timeout: 10_000 }).toBe(before.index + 1);
    if (!(await feedStatus(page)).itemId.startsWith('ad_')) await expectPlaying(page, 20_000);
  }
  await expect.poll(() => watches.filter((w) => w.valid).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
  await expect(page.getByTestId('points-value')).toHaveText('100', { timeout: 10_000 });
  await expect(page.locator('.cf-center-tip')).toContainText('100', { timeout: 5_000 }); // the reward tip
  await expect(page.getByTestId('partner-button')).toHaveAttribute('data-partner', 'eligible');
  await page.screenshot({ path: testInfo.outputPath('reward.png') });

  // The SSO tab: the partner account is created and the visitor lands on the partner site.
  await page.getByRole('navigation').getByRole('button').last().click();
  await page.waitForURL(/\/partner\//, { timeout: 20_000 });
  await expect(page.locator('body')).toContainText(/conta|account/i);
  await page.screenshot({ path: testInfo.outputPath('partner.png') });

  // Back to the app on a fresh device: the partner's link restores the same player.
  const back = await page.locator('#back').getAttribute('href');
  expect(back).toContain('accessToken=');
  await page.evaluate(() => localStorage.clear());
  await page.locator('#back').click();
  await page.waitForURL((url) => url.origin === new URL(baseUrl()).origin && !url.pathname.startsWith('/partner'));
  await expect.poll(() => page.url()).not.toContain('accessToken');
  await expectPlaying(page, 30_000);
  await expect(page.getByTestId('partner-button')).toHaveAttribute('data-partner', 'ready', { timeout: 15_000 });
  const restoredId = await page.evaluate(() => JSON.parse(localStorage.getItem('clipfeed_credential') ?? 'null')?.playerId ?? null);
  if (playerId) expect(restoredId).toBe(playerId);
});
