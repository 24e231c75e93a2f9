// Ads that only the media reveals (issue 19), in the real app against the real
// server, in Chromium with hls.js. The demo's same-look videos splice ads with
// the film's directory, names and durations (the manifest's mediaAdSegments):
// - the feed: a video's first clip is the text-only one; the engine worker
//   probes the media behind it (Range heads only), and the video's later
//   playback through the same worker (full-video mode) never fetches one of
//   those ads;
// - the short-video service: a clip made by the operator is cut without them
//   from the start, and the feed plays it.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { baseUrl, demoSameLookSegments, demoVideoId } from './support/demo';
import { expectPlaying, feedStatus, prepareContext } from './support/feed-page';

interface Seen {
  url: string;
  range?: string;
}

/** Every request the page and its workers make, with its Range header (the probe's reads carry one, playback's do not). */
function recordRequests(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on('request', (r: Request) => void seen.push({ url: r.url(), range: r.headers()['range'] }));
  return seen;
}


/** Waits until `count()` is above zero and has not changed for `quietMs`. */
async function settled(count: () => number, quietMs: number, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  let last = -1;
  let since = Date.now();
  while (Date.now() < deadline) {
    const now = count();
    if (now !== last) [last, since] = [now, Date.now()];
    else if (now > 0 && Date.now() - since >= quietMs) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no settled count within ${timeout} ms (last ${last})`);
}

test('feed: after its first clip, a same-look video plays through the worker without the ads only its media reveals', async ({ context, page }) => {
  test.setTimeout(60_000);
  await prepareContext(context);
  const slug = 'counter-loop'; // a 12 s pre-roll and an 18 s mid-roll, no tag anywhere
  const [id, { all, ads }] = await Promise.all([demoVideoId(slug), demoSameLookSegments(slug)]);
  expect(ads.size).toBe(5);
  const seen = recordRequests(page);

  await page.goto(`${baseUrl()}/?n=douyin&i=${id}`);
  expect((await expectPlaying(page, 30_000)).itemId).toBe(String(id));

  // The worker's probe, behind the first clip: Range heads of the video's segments, the ads' included; then quiet.
  const probeReads = () => seen.filter((s) => all.has(s.url) && s.range !== undefined);
  await settled(() => probeReads().length, 1_500, 20_000);
  expect(probeReads().every((s) => /^bytes=(\d+-\d+|-\d+)$/.test(s.range!)), 'probe reads are byte ranges').toBe(true);
  expect(probeReads().some((s) => ads.has(s.url)), 'the probe looked at the ads').toBe(true);

  // The later playback of the same video: full-video mode, prepared by the same worker, from 0.
  const laterFrom = seen.length;
  await page.getByTestId('full-video-button').click();
  await page.waitForFunction(() => {
    const v = document.querySelector('[data-testid=full-video-element]') as HTMLVideoElement | null;
    return !!v && !v.paused && v.currentTime > 1;
  }, null, { timeout: 20_000 });
  const duration = await page.evaluate(() => (document.querySelector('[data-testid=full-video-element]') as HTMLVideoElement).duration);
  expect(duration, 'the 2 min film without its 30 s of ads').toBeLessThan(121);
  expect(duration).toBeGreaterThan(110);
  // Across the film's 60 s, where the mid-roll was spliced.
  await page.evaluate(() => ((document.querySelector('[data-testid=full-video-element]') as HTMLVideoElement).currentTime = 56));
  await page.waitForFunction(() => (document.querySelector('[data-testid=full-video-element]') as HTMLVideoElement).currentTime > 63, null, { timeout: 20_000 });
  const played = seen.slice(laterFrom).filter((s) => all.has(s.url) && s.range === undefined);
  expect(played.length, 'full-video segments loaded').toBeGreaterThan(5);
  expect(played.filter((s) => ads.has(s.url)).map((s) => s.url), 'same-look ad segments fetched by the later playback').toEqual([]);
});

// ---- the short-video service --------------------------------------------

function operatorHeaders(): Record<string, string> {
  const dir = process.env.CLIPFEED_E2E_DATA;
  if (!dir) throw new Error('CLIPFEED_E2E_DATA is not set');
  return { authorization: `Bearer ${readFileSync(path.join(dir, 'admin-token'), 'utf8').trim()}` };
}

/** Holds the original playlist back a moment, so the feed's race between it and the service's clip goes to the clip. */
async function delayOriginal(context: BrowserContext, slug: string): Promise<void> {
  await context.route(`**/media/demo/${slug}/index.m3u8`, async (route) => {
    await new Promise((r) => setTimeout(r, 2_500));
    await route.fallback();
  });
}

test('short-video service: the clip is cut without the same-look ads, and the feed plays it', async ({ context, page, request }) => {
  test.setTimeout(60_000);
  const slug = 'ramps-turn'; // an audio-rate ad and an other-encoder ad with a PTS jump, between DISCONTINUITY tags
  const [id, { all, ads }] = await Promise.all([demoVideoId(slug), demoSameLookSegments(slug)]);
  expect(ads.size).toBe(5);
  const made: number[] = [];
  try {
    // 30-100 s of the clean timeline: text alone keeps both ads in it (36-48 s and 96-114 s of the playlist).
    const res = await request.post(`${baseUrl()}/api/v2/videos/${id}/short-videos/generate`, { headers: operatorHeaders(), data: { config: { start: 30, end: 100 } } });
    expect(res.status()).toBe(202);
    const task = ((await res.json()) as { data: { task_id: number } }).data.task_id;
    await expect
      .poll(async () => ((await (await request.get(`${baseUrl()}/api/v2/short-videos/tasks/${task}/status`)).json()) as { data: { status: string } }).data.status, { timeout: 30_000, intervals: [500] })
      .toBe('completed');
    const list = (await (await request.get(`${baseUrl()}/api/v2/short-videos?original_id=${id}&page=1&page_size=10`)).json()) as { data: { id: number; m3u8_url: string }[] };
    expect(list.data.length).toBeGreaterThan(0);
    made.push(...list.data.map((c) => c.id));
    const clip = list.data[0];
    const clipUrl = new URL(clip.m3u8_url, baseUrl()).href;
    const text = await (await request.get(clipUrl)).text();
    const segments = text.split('\n').filter((l) => l && !l.startsWith('#')).map((u) => new URL(u, clipUrl).href);
    expect(segments.length, 'the clip has segments').toBeGreaterThan(3);
    expect(segments.filter((u) => ads.has(u)), 'same-look ad segments in the service clip').toEqual([]);

    // The feed plays that clip (a play is recorded for it) and fetches none of the ads.
    await prepareContext(context);
    await delayOriginal(context, slug);
    const seen = recordRequests(page);
    await page.goto(`${baseUrl()}/?n=douyin&i=${id}`);
    expect((await expectPlaying(page, 30_000)).itemId).toBe(String(id));
    await expect.poll(() => seen.some((s) => s.url.endsWith(`/api/v2/short-videos/${clip.id}/play`)), { timeout: 10_000 }).toBe(true);
    await page.waitForTimeout(2_000);
    const played = seen.filter((s) => all.has(s.url) && s.range === undefined);
    expect(played.length, 'clip segments loaded').toBeGreaterThan(0);
    expect(played.filter((s) => ads.has(s.url)).map((s) => s.url)).toEqual([]);
    expect((await feedStatus(page)).playingId).toBe(String(id));
  } finally {
    for (const clipId of made) await request.delete(`${baseUrl()}/api/v2/short-videos/${clipId}`, { headers: operatorHeaders() });
  }
});
