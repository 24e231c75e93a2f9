// Ads that only the media reveals (issue 19), in the real app against the real
// server, in Chromium with hls.js. The demo's same-look videos splice ads with
// the film's directory, names and durations (the manifest's mediaAdSegments):
// - the feed: a video's first clip is the text-only one; once it is shown
//   (never when it is only preloaded) the engine worker probes the media
//   behind it (Range heads only), and the video's later playback through the
//   same worker never fetches one of those ads: full-video mode, and the feed
//   itself when the video comes back in a later round;
// - the short-video service: a clip made by the operator is cut without them
//   from the start, and the feed plays it.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { baseUrl, demoSameLookSegments, demoSameLookTimeline, demoVideoId } from './support/demo';
import { expectPlaying, feedStatus, prepareContext, type FeedStatus } from './support/feed-page';
import { mediaProbeConfig } from '../workers/engine/config';

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

// ---- the feed's own later clip ------------------------------------------

/** Where each ad was in the ad-free film: the clean indices on either side (before: null for a pre-roll). */
function splicesOf(timeline: { url: string; seconds: number; ad: boolean }[]) {
  const clean = timeline.filter((s) => !s.ad);
  const splices: { before: number | null; after: number }[] = [];
  let next = 0;
  let afterAd = false;
  for (const segment of timeline) {
    if (segment.ad) afterAd = true;
    else {
      if (afterAd) splices.push({ before: next > 0 ? next - 1 : null, after: next });
      afterAd = false;
      next++;
    }
  }
  return { clean, splices };
}

/** Moves the feed on by one (unless it already moved on by itself: a clip or an image ad ended) and waits for the landing. */
async function moveOn(page: Page, before: FeedStatus): Promise<void> {
  if ((await feedStatus(page)).index === before.index) await page.keyboard.press('ArrowDown');
  await page.waitForFunction((index) => Number(document.querySelector<HTMLElement>('[data-testid=feed]')?.dataset.index) > index, before.index, { timeout: 15_000 });
}

/** The item on screen once it plays (an ad: once it is there). */
async function landed(page: Page): Promise<FeedStatus> {
  await page.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid=feed-video]');
    const id = video?.dataset.itemId ?? '';
    return id.startsWith('ad_') || (id !== '' && video?.dataset.playingId === id && !video.paused);
  }, null, { timeout: 30_000 });
  return feedStatus(page);
}

test("feed: in the next round the same video's clip is cut from the ad-free film (the probe's verdict) and fetches none of its ads", async ({ context, page }) => {
  test.setTimeout(300_000);
  await prepareContext(context);
  // Science & Tech: five videos, one more than the feed prepares ahead on a fast network (3 + 1), so the video's copy in
  // the next round is prepared after its first showing's probe. A 12 s pre-roll and an 18 s mid-roll, no tag anywhere.
  const slug = 'counter-loop';
  const [id, startId, rampsId, ramps, timeline] = await Promise.all([
    demoVideoId(slug),
    demoVideoId('life-bloom'), // a start outside Science & Tech
    demoVideoId('ramps-turn'),
    demoSameLookSegments('ramps-turn'),
    demoSameLookTimeline(slug),
  ]);
  const all = new Set(timeline.map((s) => s.url));
  const ads = new Set(timeline.filter((s) => s.ad).map((s) => s.url));
  const { clean, splices } = splicesOf(timeline);
  expect(splices.map((x) => x.before === null), 'a pre-roll and a mid-roll').toEqual([true, false]);
  const seen = recordRequests(page);
  const rangeReads = (urls: Set<string>, from = 0, to = seen.length) => seen.slice(from, to).filter((s) => urls.has(s.url) && s.range !== undefined);
  const plays = (from: number) => seen.slice(from).filter((s) => all.has(s.url) && s.range === undefined);
  const shown = new Set<string>();
  // Long enough on each item before the video's first showing for a probe started by a mere preparation to have begun.
  const dwellMs = 2 * mediaProbeConfig.startDelayMs;

  await page.goto(`${baseUrl()}/?n=douyin&lang=en&i=${startId}`);
  shown.add((await expectPlaying(page, 30_000)).itemId);
  await page.getByTestId('source-button').click();
  let landedAt = seen.length;
  await page.getByRole('option', { name: 'Science & Tech', exact: true }).click();
  await expect(page.getByTestId('source-sheet')).toHaveCount(0);

  let firstIndex = -1;
  let laterFrom = -1;
  let later: { start: number; end: number; crossed: boolean } | null = null;
  for (let step = 0; step < 40 && !later; step++) {
    const now = await landed(page);
    shown.add(now.itemId);
    if (now.itemId === String(id) && firstIndex < 0) {
      // The first showing: text-only; the probe reads heads behind it, none before it was shown (its preparation did not probe).
      firstIndex = now.index;
      expect(rangeReads(all, 0, landedAt), 'Range reads of the video before it was shown').toEqual([]);
      await settled(() => rangeReads(all).length, 1_500, 20_000);
      expect(rangeReads(all).some((s) => ads.has(s.url)), 'the probe looked at the ads').toBe(true);
    } else if (now.itemId === String(id)) {
      // The next round's showing, prepared anew: its window is in clean-segment indices. Cut from the ad-free film, its
      // first segment is clean[start]; cut from the text-only timeline (the pre-roll still in it) it would be another one.
      const t = /^(\d+)-(\d+)$/.exec(new URL(page.url()).searchParams.get('t') ?? '');
      expect(t, 'the clip window in the address').not.toBeNull();
      const [start, end] = [Number(t![1]), Number(t![2])];
      expect(timeline[start].url, 'the two timelines differ at every start').not.toBe(clean[start].url);
      await expect.poll(() => plays(laterFrom)[0]?.url, { timeout: 10_000 }).toBe(clean[start].url);
      // When the window spans the mid-roll's place (about half the draws): played across it, from 2 s before to 2 s after.
      const splice = splices.find((x) => x.before !== null && start <= x.before && end >= x.after);
      if (splice) {
        const at = clean.slice(start, splice.after).reduce((sum, s) => sum + s.seconds, 0);
        await page.evaluate((time) => ((document.querySelector('[data-testid=feed-video]') as HTMLVideoElement).currentTime = time), at - 2);
        await page.waitForFunction((time) => (document.querySelector('[data-testid=feed-video]') as HTMLVideoElement).currentTime > time, at + 2, { timeout: 20_000 });
        expect(plays(laterFrom).map((s) => s.url), 'the film on both sides of the removed ad was played').toEqual(expect.arrayContaining([clean[splice.before!].url, clean[splice.after].url]));
      }
      later = { start, end, crossed: !!splice };
      break;
    } else if (firstIndex < 0) {
      await page.waitForTimeout(dwellMs);
    }
    const before = await feedStatus(page);
    await moveOn(page, before);
    landedAt = seen.length;
    if (before.itemId === String(id) && laterFrom < 0) {
      // The first clip is left: once its own fetches are over, every fetch of the video's segments is a later clip's.
      await settled(() => plays(0).length, 2_000, 20_000);
      laterFrom = seen.length;
    }
  }
  expect(firstIndex, 'the video was shown').toBeGreaterThanOrEqual(0);
  expect(later, 'the video came back in the next round').not.toBeNull();
  test.info().annotations.push({ type: 'later clip', description: `clean segments ${later!.start}-${later!.end}${later!.crossed ? ', across the mid-roll' : ''}` });
  expect(plays(laterFrom).filter((s) => ads.has(s.url)).map((s) => s.url), 'same-look ad segments fetched by the later clip').toEqual([]);
  // The other same-look video was at most prepared (it is not in this category): never probed unless it was shown.
  if (!shown.has(String(rampsId))) expect(rangeReads(ramps.all), 'Range reads of a video never shown').toEqual([]);
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
