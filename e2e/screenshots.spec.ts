// Screenshots of every page and sheet at 390x844 and 360x640, in pt-BR and ja,
// into test-results/screenshots/ (issue 16: look at them before calling a UI
// change done). Each shot first checks its page or sheet is really there and
// no failure overlay stands over it.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, demoVideoId } from './support/demo';
import { prepareContext } from './support/feed-page';

const dir = fileURLToPath(new URL('../test-results/screenshots', import.meta.url));

async function shot(page: Page, name: string, testId: string): Promise<void> {
  await expect(page.getByTestId(testId).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.cf-fatal')).toHaveCount(0);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

for (const viewport of [{ width: 390, height: 844 }, { width: 360, height: 640 }]) {
  for (const lang of ['pt-BR', 'ja']) {
    test(`every page and sheet at ${viewport.width}x${viewport.height} in ${lang}`, async ({ page, context }) => {
      test.setTimeout(180_000);
      mkdirSync(dir, { recursive: true });
      await page.setViewportSize(viewport);
      await prepareContext(context);
      const tag = `${viewport.width}x${viewport.height}-${lang}`;
      const vid = await demoVideoId('grid-city');
      const pages: [string, string, string][] = [
        ['feed', `/?lang=${lang}`, 'feed'],
        ['discover', `/?n=discover&lang=${lang}`, 'discover-page'],
        ['search', `/?n=search&q=a&lang=${lang}`, 'discover-search'],
        ['category', `/?n=category&c=1&lang=${lang}`, 'discover-page'],
        ['video-detail', `/?n=video-detail&vid=${vid}&lang=${lang}`, 'video-detail'],
        ['video-play', `/?n=video-play&vid=${vid}&route=0&episode=0&lang=${lang}`, 'play-stage'],
        ['promotion', `/?n=navigation&lang=${lang}`, 'promotion-page'],
      ];
      for (const [name, address, testId] of pages) {
        await page.goto(`${baseUrl()}${address}`);
        await page.waitForLoadState('networkidle');
        await shot(page, `${tag}-${name}`, testId);
      }
      for (const sheet of ['credits', 'help'] as const) {
        await page.getByTestId(`open-${sheet}`).click();
        await page.waitForTimeout(600);
        await shot(page, `${tag}-sheet-${sheet}`, sheet === 'credits' ? 'credits-sheet' : 'open-diagnostics');
        if (sheet === 'help') {
          await page.getByTestId('open-diagnostics').click();
          await page.waitForTimeout(1500);
          await page.screenshot({ path: path.join(dir, `${tag}-sheet-diagnostics.png`) });
        }
        await page.keyboard.press('Escape');
      }
    });
  }
}
