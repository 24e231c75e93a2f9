// An AES-128 video whose key tag has no IV (issue 12), against the real server
// and its demo content, in Chromium: 'vault-cipher' (server/demo/videos.ts) has
// a clear pre-roll and a clear mid-roll at 30 s spliced into encrypted film, so
// removing them renumbers the film after the mid-roll, and each of those
// segments must keep its original number as an explicit IV. A wrong IV only
// garbles a segment's first 16 bytes (CBC), which hls.js never notices in
// MPEG-TS (see support/aes-hls.ts): so besides playback, each test checks the
// IV hls.js actually derived for every fragment it loaded against the
// upstream playlist, and decrypts those fragments with it.

import { expect, test } from '@playwright/test';
import { baseUrl, demoVideoId } from './support/demo';
import { ENCRYPTED_SLUG, expectFrames, expectLoadedFragmentsDecrypt, expectNoAdsNorErrors, expectSameIvs, servedPlaylist, upstream, watchPage } from './support/encrypted-video';
import { expectPlaying, feedStatus, prepareContext } from './support/feed-page';
import { installHlsProbe, readHlsProbe } from './support/hls-probe';
import { recordRequests, waitPlayingPast } from './support/video-pages-helpers';

/** Film seconds before the mid-roll: where the renumbered film starts on the clean timeline. */
const CUT_SECONDS = 30;
/** Clean-segment indices (inclusive) of a feed clip from 24 s to the end: one segment before the cut, seven after. */
const CLIP_PARAM = '4-11';
/** Where the cut falls in that clip, seconds. */
const CLIP_CUT_SECONDS = 6;
/** Media seconds that must play after the cut. */
const PLAYED_SECONDS = 4;

test.beforeEach(async ({ context, page }) => {
  await prepareContext(context);
  await installHlsProbe(page);
});

test('the play page plays the clean full playlist past the removed mid-roll, every renumbered segment with its own IV', async ({ page }) => {
  test.setTimeout(180_000);
  const watch = watchPage(page);
  const requests = recordRequests(page);
  const original = await upstream();
  const id = await demoVideoId(ENCRYPTED_SLUG);
  await page.goto(`${baseUrl()}/?n=video-play&vid=${id}&route=0&episode=0`);
  await waitPlayingPast(page, 1, 45_000);

  // Into the film after the mid-roll: those segments were renumbered by the removal.
  await page.evaluate((t) => ((document.querySelector('[data-testid=play-video]') as HTMLVideoElement).currentTime = t), CUT_SECONDS + 1);
  await waitPlayingPast(page, CUT_SECONDS + 1 + PLAYED_SECONDS, 60_000);
  await expectFrames(page, '[data-testid=play-video]');

  const probe = await readHlsProbe(page);
  const served = servedPlaylist(probe);
  const film = [...original.values()].filter((s) => s.method !== 'NONE');
  expect(served.filter((s) => s.method !== 'NONE').length, 'the whole film').toBe(film.length);
  expectSameIvs(served, original);
  await expectLoadedFragmentsDecrypt(probe, original, served);
  await expectNoAdsNorErrors(page, requests, probe, watch, '[data-testid=play-video]');
});

test('a feed clip across the removed mid-roll plays, its renumbered segments decrypting with their own IVs', async ({ page }) => {
  test.setTimeout(180_000);
  const watch = watchPage(page);
  const requests = recordRequests(page);
  const original = await upstream();
  const id = await demoVideoId(ENCRYPTED_SLUG);
  await page.goto(`${baseUrl()}/?n=douyin&i=${id}&t=${CLIP_PARAM}`);
  const status = await expectPlaying(page, 45_000);
  expect(status.itemId).toBe(String(id));
  expect(new URL(page.url()).searchParams.get('t'), 'the clip window the address asked for').toBe(CLIP_PARAM);

  await expect.poll(async () => (await feedStatus(page)).time, { timeout: 60_000 }).toBeGreaterThan(CLIP_CUT_SECONDS + PLAYED_SECONDS);
  await expectFrames(page, '[data-testid=feed-video]');

  const probe = await readHlsProbe(page);
  const served = servedPlaylist(probe);
  expectSameIvs(served, original);
  await expectLoadedFragmentsDecrypt(probe, original, served);
  await expectNoAdsNorErrors(page, requests, probe, watch, '[data-testid=feed-video]');
});
