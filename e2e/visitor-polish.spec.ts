// Issue 16, points 9, 12 and 14 as a visitor meets them, at 390x844 and
// 360x640: the points row in words with 44 px targets on one line, the round
// buttons whole on the black around the picture, one toast of a kind that
// never covers the top bar or a sheet's title and close button, no feed
// spinner on a cold load of the detail page, slot ads inside the video pages'
// margins, the running time not called a status, and the partner site's
// balance and its 44 px way back. Screenshots go to test-results/screenshots/
// (and SHOTS_DIR when set).

import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { baseUrl, demoVideoId } from './support/demo';
import { expectPlaying, feedStatus, prepareContext } from './support/feed-page';
import { saveScreenshot } from './support/video-pages-helpers';
import { coverAt } from './support/hit-test';

const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
];
const TOUCH = 44;

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await saveScreenshot(page, name);
  const extra = process.env.SHOTS_DIR;
  if (extra) {
    mkdirSync(extra, { recursive: true });
    await page.screenshot({ path: path.join(extra, `${name}.png`) });
  }
}

async function expectTarget(control: Locator, name: string): Promise<void> {
  const box = await control.boundingBox();
  expect(box, name).not.toBeNull();
  expect(box!.height, `${name} height`).toBeGreaterThanOrEqual(TOUCH);
  expect(box!.width, `${name} width`).toBeGreaterThanOrEqual(TOUCH);
}

for (const size of SIZES) {
  const tag = `${size.width}x${size.height}`;

  test.describe(`at ${tag}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(size);
    });

    test('the points row says what its numbers are, its targets are 44 px, on one line; the round buttons are whole on black', async ({ page }) => {
      await page.goto(`${baseUrl()}/`);
      await expectPlaying(page, 30_000);
      const widget = page.getByTestId('points-widget');
      await expect(page.getByTestId('points-value')).toHaveText('0', { timeout: 15_000 });
      // Words, not a bare "0 0/5": the balance is labelled, the progress counts videos.
      await expect(page.getByTestId('points-open-credits')).toHaveText(/Pontos\s*0/);
      await expect(page.getByTestId('watch-progress')).toContainText(/\d+\/\d+ vídeos/);
      await expectTarget(page.getByTestId('points-open-credits'), 'points button');
      await expectTarget(page.getByTestId('partner-button'), 'partner button');
      await expect(page.getByTestId('partner-button')).toHaveAccessibleName('Conhecer o site parceiro');
      // One row: the lower stack is no heavier than one 44 px line for points and partner together.
      const row = await widget.boundingBox();
      expect(row!.height).toBeLessThanOrEqual(TOUCH + 4);
      // Nothing lies over the widget's buttons (side actions, ad panel, tab bar).
      expect(await coverAt(page.getByTestId('points-open-credits'))).toBeNull();
      expect(await coverAt(page.getByTestId('partner-button'))).toBeNull();

      // The round buttons carry an opaque face and a ring: a see-through scrim vanished on the letterbox's black,
      // so the circle looked cut where the picture ends.
      const mute = page.getByTestId('mute-toggle');
      await expectTarget(mute, 'mute');
      const face = await mute.evaluate((el) => {
        const s = getComputedStyle(el);
        return { background: s.backgroundColor, ring: s.boxShadow };
      });
      expect(face.background).toMatch(/^rgb\(/); // rgb(): opaque; rgba(..., 0.55) was the scrim
      expect(face.ring).not.toBe('none');
      expect(await coverAt(mute)).toBeNull();
      await shot(page, `visitor-feed-${tag}`);
    });

    test('one toast of a kind, below the top bar: its controls stay tappable', async ({ page }) => {
      await page.goto(`${baseUrl()}/`);
      const status = await expectPlaying(page, 30_000);
      expect(status.index).toBe(0);
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      const toasts = page.locator('.cf-toast');
      await expect(toasts.filter({ hasText: 'Não há vídeo anterior' })).toHaveCount(1);
      await expect(toasts).toHaveCount(1);
      for (const id of ['source-button', 'random-toggle']) expect(await coverAt(page.getByTestId(id)), id).toBeNull();
      const bar = await page.getByTestId('source-button').boundingBox();
      const toast = await toasts.first().boundingBox();
      expect(toast!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
      await shot(page, `visitor-feed-toast-${tag}`);
      expect((await feedStatus(page)).index).toBe(0);
    });

    test("with a sheet open a toast covers neither the sheet's title nor its close button", async ({ page }) => {
      // A check-in that fails says so in a toast while the credits sheet is open.
      await page.route('**/api/v1/player/points/add', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":503,"message":"down"}' }));
      await page.goto(`${baseUrl()}/`);
      await expectPlaying(page, 30_000);
      await page.getByTestId('points-open-credits').click();
      const dialog = page.getByRole('dialog');
      await expect(page.getByTestId('credits-sheet')).toBeVisible();
      await page.getByTestId('checkin-button').click();
      await expect(page.locator('.cf-toast').first()).toBeVisible({ timeout: 30_000 });
      expect(await coverAt(dialog.locator('.cf-modal__title-button'))).toBeNull();
      expect(await coverAt(dialog.locator('.cf-modal__close'))).toBeNull();
      await shot(page, `visitor-credits-toast-${tag}`);
    });

    test('a cold load of the detail page never shows the feed spinner; its ads sit inside the margins; the running time is not a status', async ({ page }) => {
      // Everything that ever reads "Conectando ao vídeo" on the page is recorded, from the first byte.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __feedSpinnerSeen: string[] }).__feedSpinnerSeen = seen;
        new MutationObserver(() => {
          const text = document.body?.innerText ?? '';
          if (text.includes('Conectando ao vídeo')) seen.push(text.slice(0, 80));
          if (document.querySelector('[data-testid=feed]')) seen.push('feed mounted');
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      // The page's chunk arrives late, so the loading fallback shows for a while.
      let delayed = false;
      await page.route(/\/assets\/VideoDetailPage[^/]*\.js$/, async (route) => {
        delayed = true;
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      const id = await demoVideoId('grid-city');
      await page.goto(`${baseUrl()}/?n=video-detail&vid=${id}`);
      await expect(page.getByTestId('page-loading')).toContainText('Carregando');
      await expect(page.getByTestId('video-detail')).toHaveAttribute('data-status', 'loaded');
      expect(delayed).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __feedSpinnerSeen: string[] }).__feedSpinnerSeen)).toEqual([]);

      const meta = page.getByTestId('detail-meta');
      await expect(meta.locator('[data-field=duration] dd')).toHaveText('12 min');
      await expect(meta.locator('[data-field=status]')).toHaveCount(0);
      await expect(meta).not.toContainText('Status');
      await expect(meta.locator('[data-field=updated] dd')).not.toContainText(':'); // a day, not "2025-01-01 09:00:00"

      await expectAdsInset(page, size.width);
      await shot(page, `visitor-detail-${tag}`);

      await page.getByTestId('watch-all').click();
      await expect(page.getByTestId('video-play')).toHaveAttribute('data-status', 'loaded');
      await expectAdsInset(page, size.width);
      await shot(page, `visitor-play-${tag}`);
    });

    test("a toast on the detail page leaves its back button free", async ({ page }) => {
      await page.route(
        (url) => (url.pathname === '/api.php/provide/vod/' && url.searchParams.get('ac') === 'detail') || url.pathname.startsWith('/api/v2/videos/'),
        (route) => route.abort('failed'),
      );
      await page.goto(`${baseUrl()}/?n=video-detail&vid=1`);
      await expect(page.locator('.cf-toast').first()).toBeVisible({ timeout: 30_000 });
      expect(await coverAt(page.getByTestId('video-back'))).toBeNull();
      await shot(page, `visitor-detail-toast-${tag}`);
    });

    test("a toast on the promotion page starts below its header's actions, taller than the usual top bar", async ({ page }) => {
      // The page's clock is held, so the toast stays for as long as the test looks (it moves only when told).
      await page.clock.install();
      await page.clock.pauseAt(new Date(Date.now() + 1000));
      await page.route(
        (url) => (url.pathname === '/api.php/provide/vod/' && url.searchParams.get('ac') === 'detail') || url.pathname.startsWith('/api/v2/videos/'),
        (route) => route.abort('failed'),
      );
      await page.goto(`${baseUrl()}/?n=video-detail&vid=1`);
      const toast = page.locator('.cf-toast').first();
      // Timers move in steps far shorter than a toast's life, until the failure's toast is up.
      await expect(async () => {
        await page.clock.runFor(250);
        expect(await toast.isVisible()).toBe(true);
      }).toPass({ timeout: 30_000 });
      await page.getByRole('navigation').getByRole('button', { name: /^Promoções/ }).click();
      // The page's chunk and language pack arrive on timers too: small steps again, well inside the toast's life.
      await expect(async () => {
        await page.clock.runFor(100);
        expect(await page.getByTestId('promotion-page').isVisible()).toBe(true);
      }).toPass({ timeout: 30_000 });
      await expect(toast).toBeVisible();
      for (const id of ['open-credits', 'open-help', 'bookmark']) expect(await coverAt(page.getByTestId(id)), id).toBeNull();
      await shot(page, `visitor-promotion-toast-${tag}`);
    });

    test('the partner site shows the balance and a 44 px way back to the app', async ({ page }) => {
      await page.goto(`${baseUrl()}/`);
      await expectPlaying(page, 30_000);
      await expect(page.getByTestId('points-value')).toHaveText('0', { timeout: 15_000 });
      await page.getByTestId('partner-button').click();
      await page.waitForURL(/\/partner\/\?visit=/, { timeout: 20_000 });
      await expect(page.locator('[data-field=points]')).toHaveText('0');
      await expect(page.locator('[data-field=needed]')).toHaveText('100'); // the e2e server's threshold
      const back = page.getByRole('link', { name: 'Voltar ao app' });
      const box = await back.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(TOUCH);
      expect(box!.width).toBeGreaterThanOrEqual(TOUCH);
      await shot(page, `visitor-partner-${tag}`);
      await back.click();
      await page.waitForURL((url) => !url.pathname.startsWith('/partner'));
      await expectPlaying(page, 30_000);
    });
  });
}

/** Every slot ad on the page lies within the content's 16 px margins, as the sections do. */
async function expectAdsInset(page: Page, width: number): Promise<void> {
  const ads = page.getByTestId('ad-slot');
  await expect(ads.first()).toBeVisible();
  for (const ad of await ads.all()) {
    const box = await ad.boundingBox();
    if (!box) continue;
    expect(box.x).toBeGreaterThanOrEqual(16 - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(width - 16 + 0.5);
  }
}
