// The Discover page against the real server and its demo catalogue, in
// Chromium at 412x823: the home's categories, search (and back from a
// video detail restoring it), a category with its first row of videos and the ad card after it, the
// empty and failure states, and hostile catalogue titles rendered inert. What each address fetches
// first: discover's chunk with the app's scripts, hls.js only where a page plays.
// Each sub-state is saved as a screenshot under test-results/screenshots/.
// Pagination pages through the demo's 22-episode series (server/demo/plan.ts:
// more than one page of 20, spec 2 §9).

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { firstScreenCards, sectionOnFirstScreen } from '../src/discover/first-screen';
import { baseUrl, demoVideoId } from './support/demo';
import { expectPlaying } from './support/feed-page';
import { waitPlayingPast } from './support/video-pages-helpers';
import { holdRequests, prepareDiscover, rewriteTitles, saveScreenshot } from './support/discover-page';

/** The demo categories (server/demo/plan.ts) by their pt-BR names (type_names; not MacCMS's type_name or type_en). */
const DEMO_CATEGORIES = ['Documentários', 'Ciência e tecnologia', 'Animação', 'Arte', 'Natureza'];

test('home: skeletons while loading, then the demo categories with rows of videos; the first-time tip shows once', async ({ context, page }, testInfo) => {
  await prepareDiscover(context, { tipSeen: false });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const held = await holdRequests(page, /get_all_categories/);
  await page.goto(`${baseUrl()}/?n=discover`);
  await expect(page.getByTestId('discover-home-loading')).toBeVisible();
  await saveScreenshot(page, testInfo, 'discover-home-loading');
  held.release();

  const sections = page.getByTestId('discover-section');
  await expect(sections).toHaveCount(DEMO_CATEGORIES.length);
  await expect(sections.locator('h2')).toHaveText(DEMO_CATEGORIES);
  // Every section fills its row from the catalogue (at most 6 cards).
  for (let i = 0; i < DEMO_CATEGORIES.length; i++) {
    const cards = sections.nth(i).getByTestId('video-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(6);
  }
  await expect(page.getByTestId('discover-first-tip')).toBeVisible();
  await expect(page.getByTestId('ad-slot').first()).toBeVisible();
  await saveScreenshot(page, testInfo, 'discover-home');

  await page.reload();
  await expect(sections).toHaveCount(DEMO_CATEGORIES.length);
  await expect(page.getByTestId('discover-first-tip')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a cold visit fetches the page\'s chunk, stylesheets and strings with the app\'s scripts and renders without the loading fallback', async ({ context, page }) => {
  await prepareDiscover(context);
  // Whether the page's loading fallback was ever in the document.
  await context.addInitScript(() => {
    const w = window as unknown as { __fallbackSeen: boolean };
    w.__fallbackSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid=page-loading]')) w.__fallbackSeen = true;
    }).observe(document.documentElement, { childList: true, subtree: true });
  });
  const finished: string[] = [];
  page.on('requestfinished', (request) => finished.push(new URL(request.url()).pathname));
  const app = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/);
  await page.goto(`${baseUrl()}/?n=discover`, { waitUntil: 'commit' });

  // Named by the served page (index.html's inline script, the build writes the addresses): fetched while the app's
  // entry is still held back, not one round trip after it.
  for (const asset of [/^\/assets\/DiscoverPage-[\w-]+\.js$/, /^\/assets\/DiscoverPage-[\w-]+\.css$/, /^\/assets\/AdSlot-[\w-]+\.js$/, /^\/assets\/pt-BR-[\w-]+\.js$/]) {
    await expect.poll(() => finished.some((url) => asset.test(url)), { message: String(asset), timeout: 20_000 }).toBe(true);
  }
  expect(await page.getByTestId('discover-page').count(), 'the app has not run yet').toBe(0);

  app.release();
  await expect(page.getByTestId('discover-section').first()).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { __fallbackSeen: boolean }).__fallbackSeen), 'the loading fallback never showed').toBe(false);
});

/** The posters of the home's first screen by the app's rule (src/discover/first-screen.ts), from the catalogue the page reads. */
async function firstScreenPosters(request: APIRequestContext): Promise<string[]> {
  const answer = (await (await request.get(`${baseUrl()}/api.php/type/get_all_categories`)).json()) as { info?: { all_categories?: { type_id: number }[] }; list?: { type_id: number }[] };
  const ids = (answer.info?.all_categories ?? answer.list ?? []).map((c) => Number(c.type_id)).sort((a, b) => a - b);
  const posters: string[] = [];
  for (const [index, id] of ids.entries()) {
    if (!sectionOnFirstScreen(index)) continue;
    const row = (await (await request.get(`${baseUrl()}/api.php/provide/vod/?ac=list&pg=1&limit=6&t=${id}&lang=pt`)).json()) as { list: { vod_pic: string }[] };
    posters.push(...row.list.slice(0, firstScreenCards).map((v) => v.vod_pic));
  }
  return posters;
}

test('the first screen\'s posters: preloaded by the page once the app\'s JavaScript is in and before its cards are, fetched once each, eager and first; the rest lazy', async ({ page, request }) => {
  // A first visit, as Lighthouse's: the first-time tip pushes the rows down. Not prepareDiscover: a route (its loopback
  // guard) turns Chromium's cache off, and with it the reuse of preloads; instead every request is checked to be local.
  const posters = await firstScreenPosters(request);
  expect(posters.length).toBeGreaterThan(0);
  const fetched = new Map<string, number>();
  page.on('request', (r) => fetched.set(r.url(), (fetched.get(r.url()) ?? 0) + 1));
  // When the app put its first category card in the page.
  await page.addInitScript({
    content: `new MutationObserver(function (changes, observer) {
      if (!document.querySelector('[data-testid=discover-section] [data-testid=video-card]')) return;
      window.__firstCardAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });`,
  });
  await page.goto(`${baseUrl()}/?n=discover`);
  const cards = page.getByTestId('discover-section').locator('.cf-image');
  await expect(page.getByTestId('discover-recommended').getByTestId('video-card').first()).toBeVisible({ timeout: 20_000 });
  for (const url of posters) await expect(cards.filter({ has: page.locator(`img[src="${url}"]`) }).first()).toHaveAttribute('data-state', 'loaded');
  await page.waitForLoadState('networkidle');
  // A preload in another request mode than the card's (crossorigin, referrer policy) would be a second download.
  expect(Object.fromEntries(posters.map((url) => [url, fetched.get(url)])), 'requests per poster').toEqual(Object.fromEntries(posters.map((url) => [url, 1])));
  const initiators = await page.evaluate((urls) => urls.map((url) => (performance.getEntriesByName(url) as PerformanceResourceTiming[]).map((e) => e.initiatorType)), posters);
  expect(initiators, 'one download each, the preload\'s').toEqual(posters.map(() => ['link']));
  expect([...fetched.keys()].filter((url) => new URL(url).origin !== baseUrl()), 'requests off the local server').toEqual([]);

  // Resource timings: after the app's entry has arrived (not sharing the link with it), before the app drew its cards.
  const timing = await page.evaluate((urls) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const entry = entries.find((e) => /\/assets\/index-[\w-]+\.js$/.test(new URL(e.name).pathname));
    return { entryArrived: entry?.responseEnd, firstCard: (window as unknown as { __firstCardAt?: number }).__firstCardAt, starts: urls.map((url) => entries.find((e) => e.name === url)?.startTime) };
  }, posters);
  expect(timing.entryArrived).toBeDefined();
  expect(timing.firstCard).toBeDefined();
  for (const start of timing.starts) {
    expect(start).toBeGreaterThanOrEqual(timing.entryArrived ?? Infinity);
    expect(start).toBeLessThan(timing.firstCard ?? -Infinity);
  }

  // The first screen is what the layout shows above the tab bar: every card whole on it loads eagerly and first, every
  // eager card is on it, and the preloaded ones are the category cards among them.
  const images = await page.locator('.cf-video-card img').evaluateAll((imgs) => {
    const bottom = document.querySelector('nav.cf-tab-bar')?.getBoundingClientRect().top ?? innerHeight;
    return imgs.map((img) => {
      const r = img.getBoundingClientRect();
      return {
        src: img.getAttribute('src'),
        category: !!img.closest('[data-testid=discover-section]'),
        whole: r.top >= 0 && r.bottom <= bottom && r.left >= 0 && r.right <= innerWidth,
        seen: r.top < bottom && r.bottom > 0 && r.left < innerWidth && r.right > 0,
        eager: img.getAttribute('loading') === 'eager' && img.getAttribute('fetchpriority') === 'high',
        lazy: img.getAttribute('loading') === 'lazy' && !img.hasAttribute('fetchpriority'),
      };
    });
  });
  expect(images.filter((i) => i.whole && !i.eager), 'whole on the first screen, not eager').toEqual([]);
  expect(images.filter((i) => i.eager && !i.seen), 'eager off the first screen').toEqual([]);
  expect(images.filter((i) => !i.eager && !i.lazy), 'neither eager nor lazy').toEqual([]);
  expect(images.filter((i) => i.whole).length).toBeGreaterThan(0);
  expect(images.filter((i) => i.category && i.eager).map((i) => i.src).sort()).toEqual([...posters].sort());
});

test('the feed does not fetch the discover page\'s chunk', async ({ context, page }) => {
  await prepareDiscover(context);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto(`${baseUrl()}/`);
  await expect(page.getByTestId('current-slide')).toBeVisible({ timeout: 20_000 });
  expect(asked.filter((url) => /\/DiscoverPage-/.test(url))).toEqual([]);
});

/** hls.js's own script (vite.config.ts, hlsScript): index.html's inline script adds it where a page plays at once, src/player/hls-load.ts elsewhere on demand. */
const HLS_SCRIPT = /^\/assets\/hls\.light-[\w-]+\.js$/;

test('discover, search and a category fetch no hls.js; the feed tab fetches it, and the feed plays', async ({ context, page }) => {
  test.setTimeout(90_000);
  await prepareDiscover(context);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  for (const address of ['/?n=search&q=Cidade', '/?n=category&c=1', '/?n=discover']) {
    await page.goto(`${baseUrl()}${address}`);
    await expect(page.getByTestId('video-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(asked.filter((url) => HLS_SCRIPT.test(url)), 'hls.js on the pages that never play').toEqual([]);
  expect(await page.evaluate(() => 'Hls' in window)).toBe(false);

  await page.locator('nav.cf-tab-bar').getByRole('button', { name: 'Início' }).click();
  await expect(page).toHaveURL(/[?&]n=douyin(&|$)/);
  await expectPlaying(page, 30_000);
  expect(asked.filter((url) => HLS_SCRIPT.test(url)), 'hls.js once the feed needs it').toHaveLength(1);
  expect(errors).toEqual([]);
});

test('the feed and a video\'s play page fetch hls.js with the app\'s scripts, before the app\'s entry has arrived, and play', async ({ context }) => {
  test.setTimeout(120_000);
  await prepareDiscover(context);
  const id = await demoVideoId('grid-signal');
  const plays = { '/': (page: Page) => expectPlaying(page, 30_000), [`/?n=video-play&vid=${id}&route=0`]: (page: Page) => waitPlayingPast(page, 1, 45_000) };
  for (const [address, playing] of Object.entries(plays)) {
    const page = await context.newPage();
    const finished: string[] = [];
    page.on('requestfinished', (request) => finished.push(new URL(request.url()).pathname));
    const app = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/);
    await page.goto(`${baseUrl()}${address}`, { waitUntil: 'commit' });
    await expect.poll(() => finished.some((url) => HLS_SCRIPT.test(url)), { message: `hls.js at ${address}`, timeout: 20_000 }).toBe(true);
    expect(finished.filter((url) => /^\/assets\/index-[\w-]+\.js$/.test(url)), 'the app\'s entry is still held back').toEqual([]);
    app.release();
    await playing(page);
    await page.close();
  }
});

test('where a page plays at once, hls.js that cannot be fetched shows the failure page, which returns to the address without its accessToken', async ({ context, page }) => {
  await prepareDiscover(context);
  await page.route(/\/assets\/hls\.light-[\w-]+\.js$/, (route) => route.abort());
  await page.goto(`${baseUrl()}/?mute=1&accessToken=secret`);
  await expect(page).toHaveURL(/\/failure\.html\?from=hls\.js&return=%2F%3Fmute%3D1$/);
  await expect(page.locator('h1')).toHaveText('Não foi possível abrir o app');
});

test('search finds a demo title in pt; a card opens the detail page; Back restores the search', async ({ context, page }, testInfo) => {
  await prepareDiscover(context);
  await page.goto(`${baseUrl()}/?n=discover`);
  await expect(page.getByTestId('discover-section').first()).toBeVisible();

  const input = page.getByTestId('discover-search-input');
  // A blank query is ignored.
  await input.fill('   ');
  await input.press('Enter');
  await expect(page.getByTestId('discover-page')).toHaveAttribute('data-view', 'home');

  const held = await holdRequests(page, /[?&]wd=/);
  await input.fill('Cidade');
  await input.press('Enter');
  await expect(page.getByTestId('discover-search')).toHaveAttribute('data-status', 'loading');
  await saveScreenshot(page, testInfo, 'discover-search-loading');
  held.release();

  const search = page.getByTestId('discover-search');
  await expect(search).toHaveAttribute('data-status', 'ready');
  await expect(search.locator('h1')).toContainText('Cidade');
  const card = search.getByTestId('video-card').filter({ hasText: 'A Cidade em Grade' });
  await expect(card).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]n=discover&q=Cidade(&|$)/);
  await expect(page.getByTestId('pagination')).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'discover-search-results');

  const vid = await card.getAttribute('data-vid');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`[?&]n=video-detail&vid=${vid}&i=${vid}&from=discover&q=Cidade`));
  const saved = await page.evaluate(() => JSON.parse(sessionStorage.getItem('discover_search_state') ?? 'null'));
  expect(saved).toMatchObject({ lastSearchQuery: 'Cidade', showSearchResults: true, searchCurrentPage: 1, searchPagecount: 1, searchTotal: 1, pageState: 'search' });

  await page.goBack();
  await expect(page).toHaveURL(/[?&]n=discover&q=Cidade(&|$)/);
  await expect(page.getByTestId('discover-search').getByTestId('video-card').filter({ hasText: 'A Cidade em Grade' })).toHaveCount(1);
  await expect(input).toHaveValue('Cidade');

  // A reload of the address shows the same search.
  await page.reload();
  await expect(page.getByTestId('discover-search').getByTestId('video-card')).toHaveCount(1);

  // Clearing the box in search leaves search, clears the saved state and the address.
  await page.getByTestId('discover-search-clear').click();
  await expect(page.getByTestId('discover-page')).toHaveAttribute('data-view', 'home');
  await expect(page).toHaveURL(/[?&]n=discover(&|$)/);
  expect(page.url()).not.toContain('q=');
  expect(await page.evaluate(() => sessionStorage.getItem('discover_search_state'))).toBeNull();
});

test('a search with more than 20 results pages ("current / total"), and Back from a video restores its page', async ({ context, page }, testInfo) => {
  await prepareDiscover(context);
  await page.goto(`${baseUrl()}/?n=discover`);
  await expect(page.getByTestId('discover-section').first()).toBeVisible();
  const input = page.getByTestId('discover-search-input');
  await input.fill('Crônicas');
  await input.press('Enter');
  const search = page.getByTestId('discover-search');
  await expect(search).toHaveAttribute('data-status', 'ready');
  await expect(search.getByTestId('video-card')).toHaveCount(20);
  await expect(page.getByTestId('pagination-status')).toHaveText('1 / 2');
  await expect(page.getByTestId('pagination-prev')).toBeDisabled();

  await page.getByTestId('pagination-next').click();
  await expect(page.getByTestId('pagination-status')).toHaveText('2 / 2');
  await expect(search.getByTestId('video-card')).toHaveCount(2);
  await expect(page.getByTestId('pagination-next')).toBeDisabled();
  await expect(page).toHaveURL(/[?&]n=discover&q=Cr%C3%B4nicas&pg=2(&|$)/);
  await saveScreenshot(page, testInfo, 'discover-search-page-2');

  const card = search.getByTestId('video-card').first();
  const vid = await card.getAttribute('data-vid');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`[?&]n=video-detail&vid=${vid}&`));
  await page.goBack();
  await expect(page.getByTestId('pagination-status')).toHaveText('2 / 2');
  await expect(page.getByTestId('discover-search').getByTestId('video-card')).toHaveCount(2);
  await expect(input).toHaveValue('Crônicas');
});

test('a search without results says so; back returns home', async ({ context, page }, testInfo) => {
  await prepareDiscover(context);
  await page.goto(`${baseUrl()}/?n=search&q=zzzzzz`);
  await expect(page.getByTestId('discover-no-results')).toBeVisible();
  await expect(page.getByTestId('discover-no-results')).toContainText('zzzzzz');
  await saveScreenshot(page, testInfo, 'discover-search-empty');
  await page.getByTestId('discover-back').click();
  await expect(page.getByTestId('discover-section').first()).toBeVisible();
  await expect(page).toHaveURL(/[?&]n=discover(&|$)/);
});

test('"more" opens the category: its name, a first row of videos, the ad card at index 1 of the grid after it, and Back from a video restores it', async ({ context, page }, testInfo) => {
  await prepareDiscover(context);
  await page.goto(`${baseUrl()}/?n=discover`);
  const section = page.getByTestId('discover-section').filter({ has: page.locator('h2', { hasText: 'Ciência e tecnologia' }) });
  await expect(section.getByTestId('video-card').first()).toBeVisible();
  const typeId = await section.getAttribute('data-type-id');

  const held = await holdRequests(page, new RegExp(`[?&]t=${typeId}(&|$)`));
  await section.getByTestId('discover-more').click();
  await expect(page.getByTestId('discover-category-loading')).toBeVisible();
  await saveScreenshot(page, testInfo, 'discover-category-loading');
  held.release();

  const category = page.getByTestId('discover-category');
  await expect(category).toHaveAttribute('data-status', 'ready');
  await expect(category.locator('h1')).toHaveText('Ciência e tecnologia');
  await expect(page).toHaveURL(new RegExp(`[?&]n=discover&c=${typeId}(&|$)`));
  // Issue 16 point 12: the first row is videos only; the rest of the grid follows with its ad card.
  await expect(category.getByTestId('category-first-row').getByTestId('ad-slot')).toHaveCount(0);
  const cells = category.getByTestId('video-grid').locator(':scope > li');
  await expect(cells.nth(1)).toHaveAttribute('data-testid', 'grid-ad-cell');
  await expect(cells.nth(1).getByTestId('ad-slot')).toBeVisible();
  await expect(cells.nth(0).getByTestId('video-card')).toBeVisible();
  await expect(category.getByTestId('ad-slot').first()).toBeVisible();
  await saveScreenshot(page, testInfo, 'discover-category');

  await cells.nth(0).getByTestId('video-card').click();
  await expect(page).toHaveURL(new RegExp(`[?&]n=video-detail&vid=\\d+&i=\\d+&from=discover&c=${typeId}`));
  await page.goBack();
  await expect(page.getByTestId('discover-category').locator('h1')).toHaveText('Ciência e tecnologia');
  await page.getByTestId('discover-back').click();
  await expect(page.getByTestId('discover-section')).toHaveCount(DEMO_CATEGORIES.length);
});

test('a failing catalogue: the home shows the empty state with reload and the error toast; reload recovers', async ({ context, page }, testInfo) => {
  await prepareDiscover(context);
  let fail = true;
  await page.route(/get_all_categories/, (route) => (fail ? route.fulfill({ status: 503, json: { msg: 'down' } }) : route.continue()));
  await page.goto(`${baseUrl()}/?n=discover`);
  await expect(page.getByTestId('discover-home-empty')).toBeVisible();
  await expect(page.locator('.cf-toast')).toContainText('Falha ao carregar os dados');
  await saveScreenshot(page, testInfo, 'discover-home-empty');
  fail = false;
  await page.getByTestId('discover-home-empty').getByRole('button').click();
  await expect(page.getByTestId('discover-section')).toHaveCount(DEMO_CATEGORIES.length);
});

test('hostile catalogue titles render as text and run nothing', async ({ context, page }, testInfo) => {
  await prepareDiscover(context);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  // One title carries live markup, its neighbours carry it entity-encoded (which must show as the literal text).
  let n = 0;
  await rewriteTitles(page, (title) => (n++ % 2 === 0 ? `<img src=x onerror="window.__xss=1;alert(1)">${title}` : `&lt;img src=x onerror=alert(2)&gt;${title}`));
  await page.goto(`${baseUrl()}/?n=search&q=a`);
  const cards = page.getByTestId('discover-search').getByTestId('video-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasText: '<img src=x onerror=alert(2)>' }).first()).toBeVisible();
  await saveScreenshot(page, testInfo, 'discover-hostile-titles');
  await page.waitForTimeout(500);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('in Chinese (?lang=zh in debug mode) the home names the categories in Chinese and a search finds a Chinese title', async ({ context, page }, testInfo) => {
  await prepareDiscover(context);
  await page.goto(`${baseUrl()}/?n=discover&lang=zh&debug=true`);
  await expect(page.getByTestId('discover-section').locator('h2')).toHaveText(['纪录片', '科技', '动画', '艺术', '自然']);
  const input = page.getByTestId('discover-search-input');
  await expect(input).toHaveAttribute('placeholder', '搜索视频');
  await input.fill('城');
  await input.press('Enter');
  const search = page.getByTestId('discover-search');
  await expect(search).toHaveAttribute('data-status', 'ready');
  await expect(search.getByTestId('video-card').filter({ hasText: '网格之城' })).toHaveCount(1);
  await saveScreenshot(page, testInfo, 'discover-search-zh');
});
