// Issue 16 point 4, the server down mid-session, at 390x844 in real Chromium
// against the real server: the feed keeps the visitor's place, one calm
// message with a retry says so, a tab tapped meanwhile raises no fatal
// overlay and keeps the tab bar, and everything comes back by itself when the
// server answers again.
//
// How the server is cut off: context.route aborts every request to the
// server's origin with 'connectionrefused'. That is what a stopped server does
// to a phone: its connections are refused while the phone's own network stays
// up, so navigator.onLine stays true and no offline/online event fires; the
// page has to notice by itself and come back through its back-off probe.
// (context.setOffline would be the phone losing its network instead: the
// browser's events fire. That path, the `online` event, is tested apart.)
// The engine worker's fetches are cut too (context routes cover workers).

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { baseUrl } from './support/demo';
import { expectPlaying, feedStatus, prepareContext } from './support/feed-page';
import { saveScreenshot } from './support/video-pages-helpers';

test.use({ viewport: { width: 390, height: 844 } });

/** Cuts the server off while `down` is set; counts the health probes that reach the cut. */
async function serverSwitch(context: BrowserContext) {
  const origin = new URL(baseUrl()).origin;
  const cut = { down: false, probes: 0 };
  // Registered after prepareContext's route, so it is asked first; fallback() hands the request back to that one.
  await context.route(
    (url) => url.origin === origin,
    (route) => {
      if (!cut.down) return route.fallback();
      if (new URL(route.request().url()).pathname === '/healthz') cut.probes++;
      return route.abort('connectionrefused');
    },
  );
  return cut;
}

const banner = (page: Page) => page.getByTestId('connection-banner');
const tabBar = (page: Page) => page.locator('nav.cf-tab-bar');

/** What the visitor sees of the outage: exactly one message, with its retry, and nothing else piled up. */
async function expectOneCalmMessage(page: Page): Promise<void> {
  await expect(banner(page)).toHaveCount(1);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText('Sem conexão');
  await expect(banner(page).getByRole('button', { name: 'Tentar agora' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Tentar (agora|de novo)/ })).toHaveCount(1);
  await expect(page.locator('.cf-toast')).toHaveCount(0);
  await expect(page.locator('.cf-fatal')).toHaveCount(0);
  await expect(tabBar(page)).toBeVisible();
}

/** The banner's retry covers nothing: the centre of each tab and of the retry takes its own tap. */
async function expectNothingCovered(page: Page): Promise<void> {
  const covered = await page.evaluate(() => {
    const controls = [...document.querySelectorAll<HTMLElement>('nav.cf-tab-bar button, [data-testid=connection-retry], .cf-source-bar button, [data-testid=full-video-button]')];
    return controls
      .filter((el) => el.getBoundingClientRect().height > 0)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return !(hit && (hit === el || el.contains(hit)));
      })
      .map((el) => el.outerHTML.slice(0, 80));
  });
  expect(covered).toEqual([]);
}

/** axe's WCAG 2.2 A/AA violations on the page as it is now (the banner included). */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test('server down mid-session: the place is kept, one calm message with a retry, a tab raises no fatal overlay; the server back, everything resumes by itself', async ({ page, context }) => {
  test.setTimeout(180_000);
  const cut = await serverSwitch(context);
  await page.goto(`${baseUrl()}/`);
  const start = await expectPlaying(page, 30_000);

  cut.down = true;
  // The first swipe may still land on the next clip (its start is preloaded); the page learns of the outage.
  await page.keyboard.press('ArrowDown');
  await expect(banner(page)).toBeVisible({ timeout: 20_000 });
  for (let k = 0; k < 3; k++) {
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(700); // the feed takes at most one switch per 500 ms: each press is a swipe of its own
  }
  const held = await feedStatus(page);
  expect(held.index - start.index, 'the index runs ahead by one at most').toBeLessThanOrEqual(1);
  await expectOneCalmMessage(page);
  await expectNothingCovered(page);
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'outage-feed-390x844');

  // A tab while the server is down: the page waits in words, the tab bar and the one message stay.
  await tabBar(page).getByRole('button', { name: 'Descobrir' }).click();
  await expect(page).toHaveURL(/n=discover/);
  await expect(page.getByTestId('load-waiting')).toBeVisible();
  await expectOneCalmMessage(page);
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'outage-discover-390x844');

  // A sheet (the profile tab) while the server is down: it says when it will open, and closes; nothing else is lost.
  await tabBar(page).getByRole('button', { name: 'Perfil' }).click();
  const sheetWaiting = page.locator('.cf-sheet-waiting');
  await expect(sheetWaiting.getByTestId('load-waiting')).toBeVisible();
  await saveScreenshot(page, 'outage-sheet-390x844');
  await sheetWaiting.getByRole('button', { name: 'Fechar' }).click();
  await expect(sheetWaiting).toHaveCount(0);
  await expectOneCalmMessage(page);

  // Back to the feed: the same place.
  await tabBar(page).getByRole('button', { name: 'Início' }).click();
  await expect.poll(async () => (await feedStatus(page)).index).toBe(held.index);
  await expectOneCalmMessage(page);

  // The server answers again: the message goes without a tap, the feed plays from where it was, and swipes move on.
  cut.down = false;
  await expect(banner(page)).toHaveCount(0, { timeout: 45_000 });
  const resumed = await expectPlaying(page, 30_000);
  expect(resumed.index).toBe(held.index);
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await feedStatus(page)).index, { timeout: 15_000 }).toBe(held.index + 1);
  await expect(page.locator('.cf-fatal')).toHaveCount(0);

  // The page that waited loads now.
  await tabBar(page).getByRole('button', { name: 'Descobrir' }).click();
  await expect(page.getByTestId('load-waiting')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Buscar vídeos' })).toBeVisible({ timeout: 20_000 });
  expect(cut.probes, 'the server was probed while it was down').toBeGreaterThan(0);
});

test('a tab tapped before the page knows the server is down: no fatal overlay, the tab bar stays, and the page loads when the server is back', async ({ page, context }) => {
  test.setTimeout(120_000);
  const cut = await serverSwitch(context);
  await page.goto(`${baseUrl()}/`);
  await expectPlaying(page, 30_000);
  cut.down = true;
  // The page's chunk fails to fetch at once (the browser keeps that failure for the document's life).
  await tabBar(page).getByRole('button', { name: 'Descobrir' }).click();
  await expect(page.getByTestId('load-waiting')).toBeVisible({ timeout: 20_000 });
  await expectOneCalmMessage(page);
  cut.down = false;
  // Loaded when the server answers (a reload of the same address: the failed chunk can load no other way).
  await expect(page.getByRole('combobox', { name: 'Buscar vídeos' })).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/n=discover/);
  await expect(banner(page)).toHaveCount(0);
  await expect(page.locator('.cf-fatal')).toHaveCount(0);
  await expect(tabBar(page)).toBeVisible();
});

test('the retry works at once: with the back-off clock stopped, a tap on it finds the server back', async ({ page, context }) => {
  test.setTimeout(120_000);
  const cut = await serverSwitch(context);
  // The page's timers run on a clock the test can stop: no back-off probe can run once it is paused.
  await page.clock.install();
  await page.goto(`${baseUrl()}/`);
  await expectPlaying(page, 30_000);
  cut.down = true;
  await page.keyboard.press('ArrowDown');
  await expect(banner(page)).toBeVisible({ timeout: 20_000 });
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
  cut.down = false;
  // With the clock stopped nothing asks the server by itself: the message stays until the visitor taps.
  await page.waitForTimeout(3000);
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Tentar agora' }).click();
  await expect(banner(page)).toHaveCount(0);
  await page.clock.resume();
  await expectPlaying(page, 30_000);
});

test("the phone's own network: offline at once, and back on the browser's online event without waiting for the back-off", async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await page.goto(`${baseUrl()}/`);
  await expectPlaying(page, 30_000);
  await context.setOffline(true);
  await expect(banner(page)).toBeVisible({ timeout: 10_000 });
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
  await context.setOffline(false);
  await expect(banner(page)).toHaveCount(0);
  await page.clock.resume();
  await expectPlaying(page, 30_000);
});
