// axe-core (WCAG 2.2 A/AA rules) on every page and sheet, in pt-BR and in a
// CJK language (issue 16). Zero violations; an exception would be written
// here with its reason.

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, demoVideoId } from './support/demo';
import { prepareContext } from './support/feed-page';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** The violations on the page as it is now, one line each (so a failure lists every page's at once). */
async function audit(page: Page, what: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return result.violations.map((v) => `${what}: ${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const lang of ['pt-BR', 'ja']) {
  test.describe(`accessibility in ${lang}`, () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test.beforeEach(async ({ context }) => {
      await prepareContext(context);
    });

    test('pages', async ({ page }) => {
      test.setTimeout(180_000);
      const vid = await demoVideoId('grid-city');
      const pages: [string, string][] = [
        ['feed', `/?lang=${lang}`],
        ['discover', `/?n=discover&lang=${lang}`],
        ['search', `/?n=search&q=a&lang=${lang}`],
        ['category', `/?n=category&c=1&lang=${lang}`],
        ['video-detail', `/?n=video-detail&vid=${vid}&lang=${lang}`],
        ['video-play', `/?n=video-play&vid=${vid}&route=0&episode=0&lang=${lang}`],
      ];
      const found: string[] = [];
      for (const [name, path] of pages) {
        await page.goto(`${baseUrl()}${path}`);
        await page.waitForLoadState('networkidle');
        found.push(...(await audit(page, name)));
      }
      expect(found).toEqual([]);
    });

    test('sheets', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto(`${baseUrl()}/?n=navigation&lang=${lang}`);
      await page.waitForLoadState('networkidle');
      const found = await audit(page, 'promotion page');
      await page.getByTestId('open-credits').click();
      await page.waitForTimeout(500);
      found.push(...(await audit(page, 'credits sheet')));
      await page.keyboard.press('Escape');
      await page.getByTestId('open-help').click();
      await page.waitForTimeout(500);
      found.push(...(await audit(page, 'help sheet')));
      await page.getByTestId('open-diagnostics').click();
      await page.waitForTimeout(1500);
      found.push(...(await audit(page, 'diagnostics sheet')));
      expect(found).toEqual([]);
    });
  });
}
