// The gesture library is not in the first download (issue 17): it loads
// after the first clip plays or at the first press. A swipe made while it is
// still on its way must move the feed all the same, whether the library
// arrives after the finger lifts (decided from press and release) or while
// the finger is down (the press is replayed to it and the drag goes on).

import { expect, test, type Page } from '@playwright/test';
import { baseUrl } from './support/demo';
import { expectPlaying, feedStatus, prepareContext } from './support/feed-page';

const GESTURE_CHUNK = /\/assets\/GestureBinder-[\w-]+\.js$/;

/** Holds the gesture chunk's download until the returned function is called. */
async function holdGestureChunk(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(GESTURE_CHUNK, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const DRAG_X = 195;
const DRAG_FROM_Y = 600;

/** A mouse press at the swipe's start point (the middle of the slide, low). */
async function pressAt(page: Page): Promise<void> {
  await page.mouse.move(DRAG_X, DRAG_FROM_Y);
  await page.mouse.down();
}

/** Drags the pressed mouse up in 8 steps of 40 px and lets go: a swipe to the next item. */
async function dragUpAndRelease(page: Page): Promise<void> {
  for (let step = 1; step <= 8; step++) await page.mouse.move(DRAG_X, DRAG_FROM_Y - step * 40);
  await page.mouse.up();
}

test.use({ viewport: { width: 390, height: 844 } });

test('a swipe made before the gesture library arrives moves the feed', async ({ page, context }) => {
  await prepareContext(context);
  const release = await holdGestureChunk(page);
  await page.goto(`${baseUrl()}/`);
  const first = await expectPlaying(page, 30_000);
  await pressAt(page);
  await dragUpAndRelease(page);
  await expect.poll(async () => (await feedStatus(page)).index, { timeout: 10_000 }).toBe(first.index + 1);
  release();
});

test('a press made before the gesture library arrives is finished with it', async ({ page, context }) => {
  await prepareContext(context);
  const release = await holdGestureChunk(page);
  await page.goto(`${baseUrl()}/`);
  const first = await expectPlaying(page, 30_000);
  await pressAt(page);
  const arrived = page.waitForResponse(GESTURE_CHUNK);
  release();
  await arrived;
  await dragUpAndRelease(page);
  await expect.poll(async () => (await feedStatus(page)).index, { timeout: 10_000 }).toBe(first.index + 1);
  // Settled on the new clip (touch within 100 ms of a swipe is ignored, spec 1 §5); later swipes go through the library.
  await expectPlaying(page, 20_000);
  await pressAt(page);
  await dragUpAndRelease(page);
  await expect.poll(async () => (await feedStatus(page)).index, { timeout: 10_000 }).toBe(first.index + 2);
});

test('back on the feed after another page, with the library already loaded: no failure, and a drag still swipes', async ({ page, context }) => {
  await prepareContext(context);
  const loaded = page.waitForResponse(GESTURE_CHUNK);
  await page.goto(`${baseUrl()}/`);
  await expectPlaying(page, 30_000);
  await page.mouse.move(195, 400);
  await page.mouse.down();
  await page.mouse.up();
  await loaded;
  const tabs = page.locator('nav.cf-tab-bar');
  await tabs.getByRole('button', { name: 'Descobrir' }).click();
  await expect(page).toHaveURL(/n=discover/);
  await tabs.getByRole('button', { name: 'Início' }).click();
  // The feed mounts again with the library in hand (it once handed React the component as a state initialiser).
  const back = await expectPlaying(page, 30_000);
  await expect(page.locator('.cf-fatal')).toHaveCount(0);
  await pressAt(page);
  await dragUpAndRelease(page);
  await expect.poll(async () => (await feedStatus(page)).index, { timeout: 10_000 }).toBe(back.index + 1);
});
