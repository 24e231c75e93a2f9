// A first visit with the swipe guide on screen, and the feed's keys
// (issue 16 points 1 and 6; ../shared/UI.md): the gesture the guide teaches
// dismisses it and moves the feed; m mutes, Space pauses and plays.

import { expect, test, type Page } from '@playwright/test';
import { baseUrl } from './support/demo';
import { expectPlaying, feedStatus, prepareContext } from './support/feed-page';

async function dragUp(page: Page, fromY: number): Promise<void> {
  const { width } = page.viewportSize() ?? { width: 390 };
  const x = Math.round(width / 2);
  await page.mouse.move(x, fromY);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(x, fromY - step * 40);
  await page.mouse.up();
}

test.describe('first visit', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a swipe up on the guide dismisses it and moves to the next clip', async ({ page, context }) => {
    await prepareContext(context, { guideSeen: false });
    await page.goto(`${baseUrl()}/`);
    const first = await expectPlaying(page, 30_000);
    const guide = page.getByTestId('swipe-guide');
    await expect(guide).toBeVisible();
    await dragUp(page, 420);
    await expect(guide).toBeHidden();
    await expect.poll(async () => (await feedStatus(page)).index, { timeout: 10_000 }).toBe(first.index + 1);
    // Seen once: a reload shows no guide.
    await page.reload();
    await expectPlaying(page, 30_000);
    await expect(guide).toBeHidden();
  });

  test('ArrowDown with the guide on screen dismisses it and moves the feed', async ({ page, context }) => {
    await prepareContext(context, { guideSeen: false });
    await page.goto(`${baseUrl()}/`);
    const first = await expectPlaying(page, 30_000);
    await expect(page.getByTestId('swipe-guide')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('swipe-guide')).toBeHidden();
    await expect.poll(async () => (await feedStatus(page)).index, { timeout: 10_000 }).toBe(first.index + 1);
  });
});

test('m mutes and unmutes; Space pauses and plays again', async ({ page, context }) => {
  await prepareContext(context);
  await page.goto(`${baseUrl()}/`);
  const start = await expectPlaying(page, 30_000);
  await page.keyboard.press('m');
  await expect.poll(async () => (await feedStatus(page)).muted).toBe(!start.muted);
  await page.keyboard.press('m');
  await expect.poll(async () => (await feedStatus(page)).muted).toBe(start.muted);
  await page.keyboard.press(' ');
  await expect.poll(async () => (await feedStatus(page)).paused).toBe(true);
  await page.keyboard.press(' ');
  await expect.poll(async () => (await feedStatus(page)).paused).toBe(false);
});

test.describe('the thumb zone (issue 16 point 5)', () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 360, height: 640 }]) {
    test(`at ${viewport.width}x${viewport.height} a swipe that starts on the title or the points text moves the feed`, async ({ page, context }) => {
      await page.setViewportSize(viewport);
      await prepareContext(context);
      await page.goto(`${baseUrl()}/`);
      let status = await expectPlaying(page, 30_000);
      for (const testId of ['feed-title', 'points-widget']) {
        const box = await page.getByTestId(testId).boundingBox();
        expect(box, testId).not.toBeNull();
        if (!box) return;
        // The left part of the element: text, not a button inside it.
        const x = Math.round(box.x + Math.min(24, box.width / 4));
        const y = Math.round(box.y + box.height / 2);
        await page.mouse.move(x, y);
        await page.mouse.down();
        for (let step = 1; step <= 8; step++) await page.mouse.move(x, y - step * 30);
        await page.mouse.up();
        await expect.poll(async () => (await feedStatus(page)).index, { timeout: 10_000, message: testId }).toBe(status.index + 1);
        status = await expectPlaying(page, 20_000);
      }
    });
  }
});
