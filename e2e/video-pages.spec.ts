// The video detail and video play pages against the real server and its demo
// content, in Chromium (spec 2 §2.4, spec 3 §2-§4).

import { expect, test } from '@playwright/test';
import { baseUrl, demoAdSegmentUrls, demoVideoId } from './support/demo';
import { expectPlaying, feedStatus, prepareContext } from './support/feed-page';
import { demoSegments, playStatus, recordRequests, rewriteDetail, saveScreenshot, waitPlayingPast } from './support/video-pages-helpers';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test('detail shows the video; "watch all" plays the whole film without requesting a spliced ad segment; leaving stops it', async ({ page }) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const requests = recordRequests(page);
  const id = await demoVideoId('grid-city'); // pre-, mid- and post-roll ads
  await page.goto(`${baseUrl()}/?n=video-detail&vid=${id}`);

  const detail = page.getByTestId('video-detail');
  await expect(detail).toHaveAttribute('data-status', 'loaded');
  await expect(page).toHaveURL(new RegExp(`[?&]i=${id}(&|$)`)); // vid and i both carry the id
  await expect(page.getByTestId('detail-title')).toHaveText('A Cidade em Grade');
  const meta = page.getByTestId('detail-meta');
  await expect(meta.locator('[data-field=category] dd')).toHaveText('Ciência e tecnologia'); // the category list's name for pt-BR (type_names)
  await expect(meta.locator('[data-field=region] dd')).toHaveText('Brasil');
  await expect(meta.locator('[data-field=year] dd')).toHaveText('2024');
  await expect(meta.locator('[data-field=language] dd')).toHaveText('Português');
  await expect(meta.locator('[data-field=director] dd')).toHaveText('clipfeed');
  await expect(meta.locator('[data-field=actor]')).toHaveCount(0); // demo rows have no cast
  await expect(page.getByTestId('detail-plot')).toContainText('cidade feita de cores');
  await expect(page.getByTestId('route-item')).toHaveText(['Linha 1']);
  const related = page.getByTestId('related').getByTestId('video-card');
  await expect(related.first()).toBeVisible();
  expect(await related.count()).toBeLessThanOrEqual(8);
  await expect(page.getByTestId('related').locator(`[data-vid="${id}"]`)).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await saveScreenshot(page, 'video-detail');

  // A 1 s press on back shows a hint and stays on the page.
  const back = page.getByTestId('video-back');
  await back.hover();
  await page.mouse.down();
  await page.waitForTimeout(1200);
  await page.mouse.up();
  await expect(page.locator('.cf-center-tip')).toBeVisible();
  await expect(detail).toBeVisible();

  const playStart = requests.length;
  await page.getByTestId('watch-all').click();
  await expect(page).toHaveURL(/[?&]n=video-play(&|$)/);
  await expect(page).toHaveURL(/[?&]route=0(&|$)/);
  await expect(page).toHaveURL(/[?&]from=video-detail(&|$)/);
  await expect(page.getByTestId('play-title')).toHaveText('A Cidade em Grade');
  await waitPlayingPast(page, 1, 45_000);
  const started = await playStatus(page);
  expect(started!.time).toBeLessThan(15); // the whole video from its start
  expect(started!.duration).toBeGreaterThan(600); // the 12 min film...
  expect(started!.duration).toBeLessThan(721); // ...without the ads' seconds
  await expect(page.getByTestId('route-list')).toHaveCount(0); // one route: no tabs
  await saveScreenshot(page, 'video-play');

  // Past the first mid-roll (4:00 into the film): still no ad segment.
  await page.evaluate(() => ((document.querySelector('[data-testid=play-video]') as HTMLVideoElement).currentTime = 280));
  await waitPlayingPast(page, 282, 30_000);
  const { urls: adSegments } = await demoAdSegmentUrls();
  const played = demoSegments(requests.slice(playStart));
  expect(played.length, 'full-video segments loaded').toBeGreaterThan(3);
  expect(played.filter((u) => adSegments.has(u)), 'spliced ad segments requested').toEqual([]);

  // Back: the detail page again, and the play page's video is gone and loads nothing more.
  await page.getByTestId('video-back').click();
  await expect(detail).toHaveAttribute('data-status', 'loaded');
  await expect(page.getByTestId('play-video')).toHaveCount(0);
  const afterLeave = requests.length;
  await page.waitForTimeout(3000);
  expect(demoSegments(requests.slice(afterLeave)), 'segments requested after leaving').toEqual([]);
  expect(await page.evaluate(() => [...document.querySelectorAll('video')].filter((v) => !v.paused).length)).toBe(0);
  expect(errors).toEqual([]);
});

test('"random watch" opens the feed at the detail page\'s video, also when the feed was already running', async ({ page }) => {
  test.setTimeout(120_000);
  const id = await demoVideoId('life-bloom');
  await page.goto(`${baseUrl()}/?n=douyin`);
  const first = await expectPlaying(page, 30_000);
  test.skip(first.itemId === String(id), 'the feed happened to start at this video');

  // In-app navigation (no reload): the feed's store keeps its items.
  await page.evaluate((vid) => {
    history.pushState(null, '', `/?n=video-detail&vid=${vid}&from=douyin`);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, id);
  await expect(page.getByTestId('video-detail')).toHaveAttribute('data-status', 'loaded');
  await expect(page.getByTestId('detail-title')).toHaveText('Florescer');
  await page.getByTestId('random-watch').click();

  await expect(page).toHaveURL(/[?&]n=douyin(&|$)/);
  const playing = await expectPlaying(page, 30_000);
  expect(playing.itemId).toBe(String(id));
  expect((await feedStatus(page)).itemId).toBe(String(id));
  await expect(page.getByTestId('feed-title')).toHaveText('Florescer');
});

test('the play page switches routes keeping the time; a route that fails keeps the old one', async ({ page }) => {
  test.setTimeout(150_000);
  const id = await demoVideoId('grid-signal'); // 10 min, no ads
  // Two more routes: the same film under another address, and an address that answers 404 even after the
  // address repair of spec 3 §5 (a folder that does not exist: simplifying to index.m3u8 cannot rescue it).
  await rewriteDetail(page, (item) => {
    const url = String(item.vod_play_url).split('$').pop() as string;
    return { ...item, vod_play_url: `${item.vod_play_url}#Reserva$${url}?line=2#Quebrada$${url.replace(/\/[^/]+\/index\.m3u8$/, '/no-such-video/index.m3u8')}` };
  });
  const requests = recordRequests(page);
  await page.goto(`${baseUrl()}/?n=video-play&vid=${id}&route=0&episode=0`);
  const tabs = page.getByTestId('route-item');
  await expect(tabs).toHaveText(['Linha 1', 'Reserva', 'Quebrada']);
  await expect(tabs.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await waitPlayingPast(page, 1, 45_000);

  await page.evaluate(() => ((document.querySelector('[data-testid=play-video]') as HTMLVideoElement).currentTime = 120));
  await waitPlayingPast(page, 121, 30_000);
  await tabs.nth(1).click();
  await expect(page.getByTestId('play-stage')).toHaveAttribute('data-route', '1', { timeout: 30_000 });
  await expect(page).toHaveURL(/[?&]route=1(&|$)/);
  await expect(tabs.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await waitPlayingPast(page, 121, 30_000);
  const switched = await playStatus(page);
  expect(switched!.time, 'the time survives the switch').toBeGreaterThan(120);
  expect(switched!.time).toBeLessThan(150);
  expect(requests.some((u) => u.includes('index.m3u8?line=2')), 'the second route was loaded').toBe(true);
  await waitPlayingPast(page, switched!.time + 2, 15_000);
  await saveScreenshot(page, 'video-play-routes');

  // The broken route: the message, and the second route keeps playing where it was.
  const before = (await playStatus(page))!.time;
  await tabs.nth(2).click();
  await expect(page.locator('.cf-toast').filter({ hasText: 'Falha ao trocar de linha' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('play-stage')).toHaveAttribute('data-route', '1');
  await expect(page).toHaveURL(/[?&]route=1(&|$)/);
  await waitPlayingPast(page, before + 1, 15_000);
});

test('unknown and invalid ids: "video does not exist" and "invalid video ID", each with a way back', async ({ page }) => {
  await page.goto(`${baseUrl()}/?n=video-detail&vid=987654`);
  await expect(page.getByTestId('video-detail')).toHaveAttribute('data-status', 'missing');
  await expect(page.getByTestId('video-state')).toContainText('Este vídeo não existe.');
  await saveScreenshot(page, 'video-detail-missing');

  await page.goto(`${baseUrl()}/?n=video-play&vid=987654&route=0`);
  await expect(page.getByTestId('video-play')).toHaveAttribute('data-status', 'missing');
  await expect(page.getByTestId('video-state')).toContainText('Este vídeo não existe.');

  await page.goto(`${baseUrl()}/?n=video-play&vid=abc`);
  await expect(page.getByTestId('video-play')).toHaveAttribute('data-status', 'invalid');
  await expect(page.getByTestId('video-state')).toContainText('ID de vídeo inválido.');
  await page.getByTestId('video-state-action').click();
  await expect(page).toHaveURL(/[?&]n=discover(&|$)/); // nothing before it: Back's inferred target
});

test('a catalogue entry whose title and plot hold markup renders it as text and runs nothing', async ({ page }) => {
  const hostile = '<img src=x onerror="window.__pwned=1">';
  await rewriteDetail(page, (item) => ({
    ...item,
    vod_name: `${hostile}Título hostil`,
    vod_name_pt: `${hostile}Título hostil`,
    vod_content: `<p>${hostile}Enredo <script>window.__pwned=2</script>com &lt;b&gt;marcação&lt;/b&gt;</p>`,
    vod_actor: `${hostile}Elenco`,
  }));
  const id = await demoVideoId('life-garden');
  await page.goto(`${baseUrl()}/?n=video-detail&vid=${id}`);
  await expect(page.getByTestId('detail-title')).toHaveText('Título hostil');
  await expect(page.getByTestId('detail-plot')).toContainText('com <b>marcação</b>');
  await expect(page.getByTestId('detail-meta').locator('[data-field=actor] dd')).toHaveText('Elenco');
  expect(await page.locator('[data-testid=video-detail] img[src="x"]').count()).toBe(0);
  await page.getByTestId('watch-all').click();
  await expect(page.getByTestId('play-title')).toHaveText('Título hostil');
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('a failed detail load shows the error with a retry that asks the server again', async ({ page }) => {
  const id = await demoVideoId('life-colony');
  let failNext = true;
  let detailCalls = 0;
  await page.route(
    (url) => url.pathname === '/api.php/provide/vod/' && url.searchParams.get('ac') === 'detail',
    async (route) => {
      detailCalls++;
      if (failNext) {
        failNext = false;
        return route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":0,"msg":"busy"}' });
      }
      return route.continue();
    },
  );
  await page.goto(`${baseUrl()}/?n=video-detail&vid=${id}`);
  await expect(page.getByTestId('video-detail')).toHaveAttribute('data-status', 'error');
  await expect(page.getByTestId('video-state')).toContainText('Não foi possível carregar os detalhes do vídeo.');
  await expect(page.locator('.cf-toast').filter({ hasText: 'Não foi possível carregar os detalhes do vídeo.' })).toBeVisible();
  await saveScreenshot(page, 'video-detail-error');
  await page.getByTestId('video-state-action').click();
  await expect(page.getByTestId('video-detail')).toHaveAttribute('data-status', 'loaded');
  await expect(page.getByTestId('detail-title')).toHaveText('A Colônia');
  expect(detailCalls).toBe(2);
});
