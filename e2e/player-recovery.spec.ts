// Player recovery through the real feed, against the real server and its demo
// content, in Chromium (spec 3 §4 start strategies and error loop guard, §8
// recovery by error):
// - a play address that answers 404 plays after the engine repairs it:
//   decoded and re-encoded (a double-encoded folder name), or its path
//   simplified to index.m3u8. The catalogue's answer is rewritten in the
//   browser to carry the broken address; the 404s come from the real server.
// - a clip whose own segments keep failing (the browser answers them 404, as a
//   CDN that lost part of a video) lands on its emergency clip, 0-60 s.
// - hls.js failing at run time (Media Source Extensions refusing the stream's
//   codecs, as on a phone without that decoder) hands the feed to the
//   browser's own HLS player, which Chromium has (canPlayType "maybe").

import { expect, test, type Page, type Route } from '@playwright/test';
import { baseUrl, demoVideoId } from './support/demo';
import { expectPlaying, feedStatus, prepareContext } from './support/feed-page';

/** A demo video without ads: its clean segment i is its playlist's segment i. */
const SLUG = 'grid-signal';
const ADDRESS = `/media/demo/${SLUG}/index.m3u8`;

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

/** Every string of a JSON value with `from` replaced by `to`. */
function replaceDeep(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return value.split(from).join(to);
  if (Array.isArray(value)) return value.map((v) => replaceDeep(v, from, to));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceDeep(v, from, to)]));
  return value;
}

/** The catalogue's answers (list and detail pages) name `broken` wherever the demo video's address was. */
async function catalogueNames(page: Page, broken: string): Promise<void> {
  await page.route(
    (url) => url.pathname === '/api.php/provide/vod/',
    async (route: Route) => {
      // The network probe's HEAD requests have no body to rewrite.
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      await route.fulfill({ response, json: replaceDeep(await response.json(), ADDRESS, broken) });
    },
  );
}

/** Playlist answers the page and its workers got: path and status, in order. */
function playlistAnswers(page: Page): { path: string; status: number }[] {
  const seen: { path: string; status: number }[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith(`/media/demo/`) && pathname.endsWith('.m3u8')) seen.push({ path: pathname, status: response.status() });
  });
  return seen;
}

/** Segment URIs of the demo video's playlist, in order (absolute). */
async function segmentUrls(): Promise<string[]> {
  const url = `${baseUrl()}${ADDRESS}`;
  const text = await (await fetch(url)).text();
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((uri) => new URL(uri, url).href);
}

for (const [name, broken] of [
  ['a double-encoded folder name: decoded and re-encoded', `/media/demo/${SLUG.replace('-', '%252D')}/index.m3u8`],
  ['a playlist name the server does not have: the path simplified to index.m3u8', `/media/demo/${SLUG}/playlist.m3u8`],
] as const) {
  test(`a play address that answers 404 plays after repair (${name})`, async ({ page }) => {
    test.setTimeout(90_000);
    const id = await demoVideoId(SLUG);
    const direct = await fetch(`${baseUrl()}${broken}`);
    expect(direct.status, 'the real server does not know the broken address').toBe(404);
    await catalogueNames(page, broken);
    const answers = playlistAnswers(page);
    await page.goto(`${baseUrl()}/?n=douyin&i=${id}`);
    const status = await expectPlaying(page, 45_000);
    expect(status.itemId).toBe(String(id));
    // The engine asked for the address as the catalogue gave it, was told 404, and loaded the repaired one.
    expect(answers).toContainEqual({ path: broken, status: 404 });
    expect(answers).toContainEqual({ path: ADDRESS, status: 200 });
    expect(answers.findIndex((a) => a.path === broken)).toBeLessThan(answers.findIndex((a) => a.path === ADDRESS));
  });
}

test('a clip whose own segments keep failing lands on its emergency clip (the first 60 s) and plays', async ({ page }) => {
  test.setTimeout(120_000);
  const id = await demoVideoId(SLUG);
  const segments = await segmentUrls();
  // Segments 20 on fail (a CDN that lost the middle of the video): the clip asked for (20-27) cannot play.
  const lost = new Set(segments.slice(20));
  const failed: string[] = [];
  await page.route(
    (url) => lost.has(url.href),
    (route) => {
      failed.push(route.request().url());
      return route.fulfill({ status: 404, body: '' });
    },
  );
  await page.goto(`${baseUrl()}/?n=douyin&i=${id}&t=20-27`);
  const status = await expectPlaying(page, 60_000);
  expect(status.itemId).toBe(String(id));
  // The same segment failed 3 times within 5 s (the error loop guard), then the emergency clip: 0-60 s, 6 s segments.
  expect(failed.filter((u) => u === segments[20]).length).toBeGreaterThanOrEqual(3);
  await expect.poll(() => new URL(page.url()).searchParams.get('t')).toBe('0-9');
  await expect.poll(async () => (await feedStatus(page)).time, { timeout: 30_000 }).toBeGreaterThan(2);
  expect(await page.evaluate(() => (document.querySelector('[data-testid=feed-video]') as HTMLVideoElement).duration)).toBeCloseTo(60, 0);
});

test("hls.js failing at run time hands the feed to the browser's own HLS player, for this clip and the next", async ({ page }) => {
  test.setTimeout(120_000);
  const id = await demoVideoId(SLUG);
  // Media Source Extensions refuse the stream's codecs; the browser's own player does not use them.
  await page.addInitScript(() => {
    MediaSource.prototype.addSourceBuffer = () => {
      throw new DOMException('The type provided is not supported.', 'NotSupportedError');
    };
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${baseUrl()}/?n=douyin&i=${id}`);
  const first = await expectPlaying(page, 60_000);
  expect(first.itemId).toBe(String(id));
  const source = () => page.evaluate(() => (document.querySelector('[data-testid=feed-video]') as HTMLVideoElement).currentSrc);
  expect(await source()).toContain('/api/v2/hls/clean.m3u8?src=');

  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await feedStatus(page)).index, { timeout: 10_000 }).toBe(first.index + 1);
  if ((await feedStatus(page)).itemId.startsWith('ad_')) await page.keyboard.press('ArrowDown');
  const next = await expectPlaying(page, 60_000);
  expect(next.itemId).not.toBe(first.itemId);
  expect(await source(), 'the page kept the native player').toContain('/api/v2/hls/clean.m3u8?src=');
  expect(errors).toEqual([]);
});
