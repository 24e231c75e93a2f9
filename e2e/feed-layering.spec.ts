// The feed's layers as a visitor on a phone meets them (issue 16, points 2,
// 3 and 12), at 390x844 and 360x640 against the real server: the feed's image
// ad and video ad show their panel clear of the feed's controls, nothing
// (a waiting spinner, a side button, the points row) takes its button's tap;
// the source selector opens above everything of the feed (progress bar, side
// buttons, points row, tab bar) with its title and every option reachable,
// focus inside, closing on Escape and on the backdrop. Hit tests ask
// document.elementFromPoint, which answers the way a finger's tap lands.
// Screenshots: test-results/screenshots/layering-<size>-<step>.png.

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseUrl } from './support/demo';
import { expectPlaying, feedStatus, prepareContext } from './support/feed-page';
import { expectOnTop, tapCentre } from './support/hit-test';
import { saveScreenshot } from './support/video-pages-helpers';

const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
];
const TOUCH = 44;
/** axe's WCAG 2.2 A/AA rules (as e2e/accessibility.spec.ts runs them on the pages). */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/** Most switches it may take to meet both demo feed ads (one after every 5th switch: the image, then the video). */
const MAX_SWITCHES = 14;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The boxes of the visible elements `locator` matches. */
async function boxesOf(locator: Locator): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const one of await locator.all()) {
    if (!(await one.isVisible())) continue;
    const box = await one.boundingBox();
    if (box) boxes.push(box);
  }
  return boxes;
}

/** The ad on screen: its title and button take a tap at their centres, and its panel lies clear of every feed control. */
async function expectAdClear(page: Page, type: 'image' | 'video'): Promise<void> {
  const ad = page.getByTestId('feed-ad');
  await expect(ad).toHaveAttribute('data-ad-type', type);
  await expectOnTop(page, ad.locator('.cf-ad__title'), `the ${type} ad's title`);
  await expectOnTop(page, ad.getByRole('button'), `the ${type} ad's button`);
  const panel = await ad.locator('.cf-ad__panel').boundingBox();
  expect(panel, 'the ad panel has a box').not.toBeNull();
  const viewport = page.viewportSize()!;
  expect(panel!.y + panel!.height, 'the ad panel ends above the bottom of the screen').toBeLessThanOrEqual(viewport.height);
  const controls: [string, Locator][] = [
    ['the points widget', page.getByTestId('points-widget')],
    ['the points notice', page.getByTestId('points-unavailable')],
    ['a side button', page.locator('.cf-side-actions button')],
    ['the progress bar', page.getByTestId('feed').locator('[role=slider]')],
    ['the top bar', page.locator('[data-top-bar] > *')],
    ['the tab bar', page.locator('nav.cf-tab-bar')],
  ];
  for (const [name, locator] of controls) {
    for (const box of await boxesOf(locator)) expect(intersects(panel!, box), `the ${type} ad's panel overlaps ${name}`).toBe(false);
  }
}

/** Switches with ArrowDown until the current item is an ad of `type`, checking it the moment it lands (before a spinner could leave). */
async function reachAd(page: Page, type: 'image' | 'video'): Promise<void> {
  for (let n = 0; n < MAX_SWITCHES; n++) {
    const before = await feedStatus(page);
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await feedStatus(page)).index, { timeout: 15_000 }).toBe(before.index + 1);
    const now = await feedStatus(page);
    if (now.itemId.startsWith('ad_')) {
      const shown = await page.getByTestId('feed-ad').getAttribute('data-ad-type');
      if (shown === type) return;
      continue;
    }
    await expectPlaying(page, 20_000);
  }
  throw new Error(`no ${type} ad within ${MAX_SWITCHES} switches`);
}

for (const size of SIZES) {
  const tag = `${size.width}x${size.height}`;

  test.describe(`feed layers at ${tag}`, () => {
    test.use({ viewport: size, hasTouch: true, isMobile: true, locale: 'pt-BR' });

    test.beforeEach(async ({ context }) => {
      await prepareContext(context);
    });

    test('the image ad and the video ad: their panel is clear of the controls and their button takes the tap', async ({ page }) => {
      test.setTimeout(240_000);
      await page.goto(`${baseUrl()}/`);
      await expectPlaying(page, 30_000);

      await reachAd(page, 'image');
      await expectAdClear(page, 'image');
      await saveScreenshot(page, `layering-${tag}-image-ad`);

      await reachAd(page, 'video');
      // At once (the clip may still be on its way, its spinner up) and once its picture plays.
      await expectAdClear(page, 'video');
      await page.waitForFunction(() => {
        const video = document.querySelector('[data-testid=feed-video]') as HTMLVideoElement | null;
        return !!video && video.readyState >= 2 && !video.paused;
      }, null, { timeout: 20_000 });
      await expectAdClear(page, 'video');
      await expect(page.getByTestId('mute-toggle'), 'a video ad keeps its sound control').toBeVisible();
      await saveScreenshot(page, `layering-${tag}-video-ad`);

      // The button's tap is the ad's: the sign-on leaves for the partner site.
      await tapCentre(page, page.getByTestId('feed-ad').getByRole('button'));
      await page.waitForURL(/\/partner\//, { timeout: 20_000 });
    });

    test('the source selector opens above the feed and the tab bar; its title and options take taps; a category switches the feed', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto(`${baseUrl()}/`);
      const first = await expectPlaying(page, 30_000);
      const pill = page.getByTestId('source-button');
      await expect(pill).toHaveText(/Geral/);

      await tapCentre(page, pill);
      const sheet = page.getByRole('dialog', { name: 'Fonte de reprodução' });
      await expect(sheet).toBeVisible();
      const options = sheet.getByRole('option');
      await expect(options.nth(1)).toBeVisible({ timeout: 15_000 });
      await expect.poll(() => sheet.evaluate((el) => el.contains(document.activeElement)), { message: 'focus moved into the sheet' }).toBe(true);

      // Whole on screen, its title on top.
      const viewport = page.viewportSize()!;
      const panel = (await sheet.boundingBox())!;
      expect(panel.y).toBeGreaterThanOrEqual(0);
      expect(panel.y + panel.height).toBeLessThanOrEqual(viewport.height + 1);
      await expectOnTop(page, sheet.locator('.cf-sheet__title'), "the selector's title");
      // What lay over it before (the progress bar, the tab bar, the side buttons, the points row) is now under it.
      for (const [name, locator] of [
        ['the tab bar', page.locator('nav.cf-tab-bar')],
        ['the progress bar', page.getByTestId('feed').locator('[role=slider]')],
        ['the mute button', page.getByTestId('mute-toggle')],
        ['the points row', page.getByTestId('points-open-credits')],
      ] as const) {
        const covered = await locator.first().evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return !!hit?.closest('[data-testid=source-sheet]');
        });
        expect(covered, `${name} lies under the sheet`).toBe(true);
      }
      // Every option: 44 px tall, on top at its centre (scrolled into the panel when the list is long).
      const count = await options.count();
      expect(count).toBeGreaterThan(2);
      for (let k = 0; k < count; k++) {
        const option = options.nth(k);
        await option.scrollIntoViewIfNeeded();
        const box = (await option.boundingBox())!;
        expect(box.height, `option ${k + 1} height`).toBeGreaterThanOrEqual(TOUCH);
        expect(box.x, `option ${k + 1} starts on screen`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `option ${k + 1} ends on screen`).toBeLessThanOrEqual(viewport.width);
        await expectOnTop(page, option, `option ${k + 1} of ${count}`);
      }
      await saveScreenshot(page, `layering-${tag}-selector`);
      const axe = await new AxeBuilder({ page }).include('[data-testid=source-sheet]').withTags(WCAG).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`), 'axe on the open selector').toEqual([]);

      // Keys in the sheet are the sheet's: ArrowDown does not move the feed; Escape closes, focus back on the pill.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Escape');
      await expect(sheet).toHaveCount(0);
      await expect(pill).toBeFocused();
      expect((await feedStatus(page)).index).toBe(first.index);

      // The backdrop closes it (a tap above the panel).
      await tapCentre(page, pill);
      await expect(options.nth(1)).toBeVisible({ timeout: 15_000 });
      const top = (await sheet.boundingBox())!.y;
      await page.touchscreen.tap(Math.round(viewport.width / 2), Math.max(1, Math.round(top / 2)));
      await expect(sheet).toHaveCount(0);

      // A category: the sheet closes, the pill names it, the feed plays from it.
      await tapCentre(page, pill);
      const choice = sheet.locator('[role=option][aria-selected=false]').first();
      await expect(choice).toBeVisible({ timeout: 15_000 });
      const name = ((await choice.textContent()) ?? '').trim();
      expect(name).not.toBe('');
      const lists: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.searchParams.get('ac') === 'list' && url.searchParams.has('t')) lists.push(r.url());
      });
      await choice.scrollIntoViewIfNeeded();
      await tapCentre(page, choice);
      await expect(sheet).toHaveCount(0);
      await expect(pill).toContainText(name);
      const switched = await expectPlaying(page, 30_000);
      expect(switched.index).toBe(0);
      expect(lists.length, "the feed read the category's list").toBeGreaterThan(0);
      // With the category's longer name in the pill, the top bar's pills stay clear of the points chip and whole.
      const chip = await page.getByTestId('topnav-credits').boundingBox();
      expect(chip, 'the points chip has a box').not.toBeNull();
      for (const id of ['source-button', 'random-toggle']) {
        const control = page.getByTestId(id);
        const box = await control.boundingBox();
        expect(intersects(box!, chip!), `${id} runs under the points chip`).toBe(false);
        expect(await control.evaluate((el) => el.scrollWidth <= el.clientWidth), `${id}'s text is cut`).toBe(true);
        await expectOnTop(page, control, id);
      }
    });
  });
}
