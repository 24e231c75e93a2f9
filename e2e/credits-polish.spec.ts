// Issue 16 points 8 and 12 as a visitor meets them, at 390x844 and 360x640,
// in pt-BR and ja: the feed's points widget and the credits sheet name the
// one balance with one word; each task row of the sheet reads whole (nothing
// wider than its row, the text not squeezed beside its button, buttons
// 44 px); a category opens on a row of videos, ads only after it; every
// discover row keeps the page's margin; every diagnostics tab is on screen
// and takes its own tap. Screenshots go to test-results/screenshots/.

import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseUrl } from './support/demo';
import { prepareDiscover } from './support/discover-page';
import { expectPlaying } from './support/feed-page';
import { saveScreenshot } from './support/video-pages-helpers';
import { coverAt } from './support/hit-test';

const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
];
const TOUCH = 44;
/** Layout rounding: a 44 px box can measure 43.99999. */
const ROUNDING = 0.01;
/** The page's side margin is 16 px; a row or card closer to the edge than this touches it. */
const MIN_EDGE = 12;

/** The balance's one word per language, and the word the sheet used before (which must be gone). */
const WORDS = {
  'pt-BR': { word: 'Pontos', sheetTitle: 'Meus pontos', balanceLabel: 'Saldo de pontos', rival: /cr[ée]dito/i },
  ja: { word: 'ポイント', sheetTitle: 'マイポイント', balanceLabel: 'ポイント残高', rival: /クレジット/ },
} as const;
type Lang = keyof typeof WORDS;

test.beforeEach(async ({ context }) => {
  await prepareDiscover(context);
});

async function openCreditsFromFeed(page: Page, lang: Lang): Promise<Locator> {
  await page.goto(`${baseUrl()}/?lang=${lang}`);
  await expectPlaying(page, 30_000);
  await expect(page.getByTestId('points-value')).toHaveText('0', { timeout: 15_000 });
  await page.getByTestId('points-open-credits').click();
  await expect(page.getByTestId('credits-sheet')).toBeVisible();
  await expect(page.getByTestId('credits-balance')).toHaveAttribute('data-points', '0');
  return page.getByRole('dialog');
}

for (const size of SIZES) {
  const tag = `${size.width}x${size.height}`;

  test.describe(`at ${tag}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(size);
    });

    for (const lang of Object.keys(WORDS) as Lang[]) {
      const w = WORDS[lang];

      test(`${lang}: the feed widget and the credits sheet name the balance with one word`, async ({ page }) => {
        await page.goto(`${baseUrl()}/?lang=${lang}`);
        await expectPlaying(page, 30_000);
        await expect(page.getByTestId('points-value')).toHaveText('0', { timeout: 15_000 });
        await expect(page.getByTestId('points-open-credits')).toHaveText(new RegExp(`^${w.word}\\s*0$`));
        await page.getByTestId('points-open-credits').click();
        const dialog = page.getByRole('dialog');
        await expect(page.getByTestId('credits-sheet')).toBeVisible();
        await expect(dialog).toHaveAccessibleName(w.sheetTitle);
        await expect(dialog.locator('#cf-balance-title')).toHaveText(w.balanceLabel);
        // The figure under the label is the feed's figure, read out with the same word.
        await expect(page.getByTestId('credits-balance')).toHaveText('0');
        await expect(page.getByTestId('credits-balance')).toHaveAttribute('aria-label', new RegExp(w.word, 'i'));
        await expect(page.getByTestId('task-daily_checkin').locator('.cf-task__reward')).toHaveText(new RegExp(`^\\+10\\s*${w.word}$`, 'i'));
        await expect(page.getByTestId('recharge-amount-10')).toContainText(new RegExp(w.word, 'i'));
        const text = await dialog.innerText();
        expect(text).not.toMatch(w.rival);
        expect(text.toLowerCase()).toContain(w.word.toLowerCase());
        await saveScreenshot(page, `credits-polish-words-${tag}-${lang}`);
      });

      test(`${lang}: every task row reads whole, its button 44 px`, async ({ page }) => {
        await openCreditsFromFeed(page, lang);
        const rows = page.locator('[data-testid^="task-"]');
        await expect(rows).toHaveCount(4);
        for (const row of await rows.all()) {
          await row.scrollIntoViewIfNeeded();
          const id = (await row.getAttribute('data-testid'))!;
          const layout = await row.evaluate((li) => {
            const box = li.getBoundingClientRect();
            const overflowing: string[] = [];
            for (const el of [li, ...li.querySelectorAll<HTMLElement>('*')]) {
              const r = el.getBoundingClientRect();
              if (r.width === 0) continue;
              const name = `${el.tagName.toLowerCase()}.${String(el.className)}`;
              if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline') overflowing.push(`${name} scrolls ${el.scrollWidth}>${el.clientWidth}`);
              if (r.left < box.left - 0.5 || r.right > box.right + 0.5) overflowing.push(`${name} leaves the row`);
            }
            const text = li.querySelector('.cf-task__text')!.getBoundingClientRect();
            return { overflowing, textShare: text.width / box.width };
          });
          expect(layout.overflowing, id).toEqual([]);
          // The title and description have the row's width, not what a button beside them leaves.
          expect(layout.textShare, `${id} text width share`).toBeGreaterThan(0.9);
          for (const button of await row.getByRole('button').all()) {
            const b = (await button.boundingBox())!;
            expect(b.height, `${id} button height`).toBeGreaterThanOrEqual(TOUCH - ROUNDING);
            expect(b.width, `${id} button width`).toBeGreaterThanOrEqual(TOUCH - ROUNDING);
            expect(await coverAt(button), `${id} button`).toBeNull();
          }
        }
        await page.getByTestId('task-watch_videos').scrollIntoViewIfNeeded();
        await saveScreenshot(page, `credits-polish-tasks-${tag}-${lang}`);
      });
    }

    test('a category opens on a row of videos: every ad comes after it', async ({ page }) => {
      await page.goto(`${baseUrl()}/?n=category&c=2`);
      const content = page.getByTestId('category-content');
      await expect(content).toBeVisible({ timeout: 20_000 });
      // The ads are configured (the demo's app config): they are on the page, only not first.
      await expect(content.getByTestId('ad-slot').first()).toBeVisible();
      const first = content.locator(':scope > *').first();
      await expect(first).toHaveAttribute('data-testid', 'category-first-row');
      await expect(first.getByTestId('ad-slot')).toHaveCount(0);
      expect(await first.getByTestId('video-card').count()).toBeGreaterThanOrEqual(1);
      // Nothing on the whole page that is an ad stands before the first video card.
      const adsBefore = await page.getByTestId('discover-page').evaluate((root) => {
        const card = root.querySelector('[data-testid=video-card]')!;
        return [...root.querySelectorAll('[data-testid=ad-slot]')].filter((ad) => ad.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).length;
      });
      expect(adsBefore).toBe(0);
      // The first row is a whole row: it lies above every ad.
      const rowBox = (await first.boundingBox())!;
      for (const ad of await page.getByTestId('ad-slot').all()) {
        const box = await ad.boundingBox();
        if (box) expect(box.y).toBeGreaterThanOrEqual(rowBox.y + rowBox.height);
      }
      await saveScreenshot(page, `credits-polish-category-${tag}`);
    });

    for (const address of ['/?n=discover', '/?n=discover&lang=ja', '/?n=category&c=2', '/?n=search&q=a']) {
      test(`every discover row keeps the page margin: ${address}`, async ({ page }) => {
        await page.goto(`${baseUrl()}${address}`);
        await page.waitForLoadState('networkidle');
        await expect(page.getByTestId('video-card').first()).toBeVisible({ timeout: 20_000 });
        const scroller = page.getByTestId('discover-page');
        const height = await scroller.evaluate((el) => el.scrollHeight);
        const found = new Map<string, number>();
        for (let top = 0; top < height; top += size.height / 2) {
          await scroller.evaluate((el, y) => el.scrollTo({ top: y }), top);
          const lefts = await scroller.evaluate((root) => {
            const out: [string, number][] = [];
            const name = (el: Element, i: number) => `${(el as HTMLElement).dataset.testid ?? el.className}#${i}`;
            // Each row's and grid's first cell, each section, each ad and each tip: where it starts on screen.
            root.querySelectorAll('.cf-discover-row, .cf-discover-grid').forEach((list, i) => {
              const cell = list.firstElementChild;
              if (cell) out.push([`first card of ${name(list, i)}`, cell.getBoundingClientRect().x]);
            });
            root.querySelectorAll('.cf-discover-section, [data-testid=ad-slot], [data-testid=discover-first-tip], .cf-discover-search').forEach((el, i) => out.push([name(el, i), el.getBoundingClientRect().x]));
            return out;
          });
          for (const [key, x] of lefts) found.set(key, Math.min(found.get(key) ?? Infinity, x));
        }
        expect(found.size).toBeGreaterThan(1);
        const touching = [...found].filter(([, x]) => x < MIN_EDGE).map(([key, x]) => `${key} at x=${x}`);
        expect(touching).toEqual([]);
      });
    }

    for (const lang of Object.keys(WORDS) as Lang[]) {
      test(`${lang}: every diagnostics tab is on screen whole and takes its tap`, async ({ page }) => {
        await page.goto(`${baseUrl()}/?n=navigation&lang=${lang}`);
        await page.getByTestId('open-help').click();
        await page.getByTestId('open-diagnostics').click();
        await expect(page.getByTestId('diagnostics-sheet')).toBeVisible();
        const tabs = page.getByRole('tab');
        await expect(tabs).toHaveCount(6);
        for (const tab of await tabs.all()) {
          const name = await tab.innerText();
          const box = (await tab.boundingBox())!;
          expect(box.x, `${name} left`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${name} right`).toBeLessThanOrEqual(size.width);
          expect(box.height, `${name} height`).toBeGreaterThanOrEqual(TOUCH - ROUNDING);
          expect(box.width, `${name} width`).toBeGreaterThanOrEqual(TOUCH - ROUNDING);
          expect(await coverAt(tab), name).toBeNull();
          await tab.click();
          await expect(tab).toHaveAttribute('aria-selected', 'true');
        }
        await saveScreenshot(page, `credits-polish-diagnostics-${tag}-${lang}`);
      });
    }
  });
}
