// Something on screen early (issue 17): on a cold visit the first item's
// poster shows before the app's JavaScript and before any segment has
// arrived (the server names it in the page, index.html's inline script paints
// it, the feed's slide takes it over in place), and it is the poster of the
// item that then plays. After a swipe, the landed slide shows its poster at
// once, loaded before the slide landed, even when its media never came.

import { expect, test, type Page } from '@playwright/test';
import { baseUrl } from './support/demo';
import { expectPlaying, prepareContext } from './support/feed-page';

const APP_ENTRY = /\/assets\/index-[\w-]+\.js$/;
const SEGMENT = /\/media\/.*\.ts(\?.*)?$/;
const FIRST_PAGE = '/api.php/provide/vod/?ac=detail&pg=1&limit=20&lang=pt';

interface CatalogueItem {
  vod_id: number;
  vod_pic: string;
  [field: string]: unknown;
}

/** Holds every request matching `pattern` until the returned function is called; `count()` says how many came. */
async function hold(page: Page, pattern: RegExp | ((url: URL) => boolean)): Promise<{ release: () => void; count: () => number }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  await page.route(pattern, async (route) => {
    count++;
    await released;
    await route.continue().catch(() => undefined);
  });
  return { release, count: () => count };
}

async function firstPage(page: Page): Promise<CatalogueItem[]> {
  const answer = (await (await page.request.get(`${baseUrl()}${FIRST_PAGE}`)).json()) as { list: CatalogueItem[] };
  return answer.list;
}

/** Every playlist address a catalogue item names (its play addresses, short clip included), without queries. */
function playlistAddresses(item: CatalogueItem): Set<string> {
  const out = new Set<string>();
  for (const value of Object.values(item)) {
    if (typeof value !== 'string') continue;
    for (const part of value.split(/[$#,]/)) {
      const text = part.trim();
      if (/^https?:\/\//.test(text) && /m3u8/i.test(text)) out.add(text.split('?')[0]);
    }
  }
  return out;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

test.use({ viewport: { width: 390, height: 844 } });

test('a cold visit shows the first poster before the app and any segment, and plays that item', async ({ page, context }) => {
  await prepareContext(context);
  const app = await hold(page, APP_ENTRY);
  const media = await hold(page, SEGMENT);
  await page.goto(`${baseUrl()}/`, { waitUntil: 'commit' });

  // Before the app's JavaScript: the page's own layer, its picture loaded.
  const layer = page.locator('#cf-first-poster');
  await expect
    .poll(() => layer.evaluate((el) => { const img = el.querySelector('img'); return !!img && img.complete && img.naturalWidth > 0; }).catch(() => false), { timeout: 20_000 })
    .toBe(true);
  const early = await layer.evaluate((el) => ({ id: el.getAttribute('data-item-id') ?? '', src: el.querySelector('img')!.src, feed: document.querySelector('[data-testid=feed]') !== null }));
  expect(early.feed, 'the app has not rendered yet').toBe(false);
  const layerBox = (await layer.boundingBox()) as Box;
  expect(layerBox.width).toBeGreaterThan(300);
  expect(layerBox.height).toBeGreaterThan(600);
  await expect(layer.locator('img')).toBeVisible();

  // It is the feed's first item's poster, as the catalogue gives it.
  const list = await firstPage(page);
  expect(early.id).toBe(String(list[0].vod_id));
  expect(early.src).toBe(new URL(list[0].vod_pic, baseUrl()).href);

  // The app arrives: its current slide is the same item, in the same box, showing the same poster; the layer is gone.
  app.release();
  const slide = page.locator(`[data-testid=current-slide][data-item-id="${early.id}"]`);
  await expect(slide).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => slide.evaluate((el) => { const img = el.querySelector<HTMLImageElement>('img.cf-slide__poster'); return img && img.complete && img.naturalWidth > 0 ? img.src : ''; }), { timeout: 10_000 })
    .toBe(early.src);
  await expect(layer).toHaveCount(0);
  const slideBox = (await slide.boundingBox()) as Box;
  for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(slideBox[key] - layerBox[key]), key).toBeLessThanOrEqual(1);
  expect(await slide.locator('video').evaluate((v: HTMLVideoElement) => v.readyState), 'no frame yet').toBeLessThan(2);

  // The media arrive: that item plays.
  media.release();
  const playing = await expectPlaying(page, 30_000);
  expect(playing.itemId).toBe(early.id);
});

test('after a swipe, the landed slide shows its poster at once while its media are held back', async ({ page, context }) => {
  await prepareContext(context);
  // What each landing found the moment the slide landed (the feed writes its timeline then).
  await context.addInitScript(() => {
    const landings: { id: string; poster: string; frame: boolean }[] = [];
    (window as unknown as { __landings: typeof landings }).__landings = landings;
    const timeline = window.__clipfeedTimeline ?? [];
    timeline.push = function (...entries) {
      for (const entry of entries) {
        const slide = document.querySelector(`.cf-slide[data-item-id="${CSS.escape(entry.id)}"]`);
        const img = slide?.querySelector<HTMLImageElement>('img.cf-slide__poster');
        const video = slide?.querySelector('video');
        landings.push({ id: entry.id, poster: img && img.complete && img.naturalWidth > 0 ? img.src : '', frame: !!video && video.readyState >= 2 });
      }
      return Array.prototype.push.apply(timeline, entries);
    };
    window.__clipfeedTimeline = timeline;
  });
  const list = await firstPage(page);
  const next = list[1];
  const held = playlistAddresses(next);
  expect(held.size, 'the next item names its playlists').toBeGreaterThan(0);
  const media = await hold(page, (url) => held.has(url.href.split('?')[0]));

  await page.goto(`${baseUrl()}/`);
  const first = await expectPlaying(page, 30_000);
  expect(first.itemId).toBe(String(list[0].vod_id));
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __landings: { id: string }[] }).__landings.map((l) => l.id))).toContain(String(next.vod_id));
  const landing = await page.evaluate((id) => (window as unknown as { __landings: { id: string; poster: string; frame: boolean }[] }).__landings.find((l) => l.id === id), String(next.vod_id));
  expect(media.count(), 'the next item asked for its playlist').toBeGreaterThan(0);
  expect(landing?.frame, 'no frame of its own: its media were held back').toBe(false);
  expect(landing?.poster, 'its poster was loaded when the slide landed').toBe(new URL(next.vod_pic, baseUrl()).href);
  media.release();
});

test('the served page names its stylesheets before any script or modulepreload, after the inline start-up script', async ({ request }) => {
  const html = await (await request.get(`${baseUrl()}/`)).text();
  const stylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m.index ?? -1);
  expect(stylesheets.length, 'the build links its stylesheets').toBeGreaterThan(0);
  const firstScript = html.search(/<script[^>]*\ssrc=|<link rel="modulepreload"/);
  const inlineStart = html.indexOf('__clipfeedEarly');
  expect(firstScript).toBeGreaterThan(0);
  // Over HTTP/1.1 a stylesheet named after a dozen module fetches queued behind them and held the first paint back.
  for (const at of stylesheets) {
    expect(at, 'a stylesheet comes before the first script').toBeLessThan(firstScript);
    expect(at, 'a stylesheet comes after the inline start-up script').toBeGreaterThan(inlineStart);
  }
});
