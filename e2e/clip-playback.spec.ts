import { expect, test } from '@playwright/test';

interface DemoInfo {
  state: string;
  clip: { url: string; clipPlaylist: string; clip: { start: number; end: number; clipStartIdx: number; clipEndIdx: number } } | null;
  error: unknown;
}
type DemoWindow = Window & { __clipfeedDemo?: DemoInfo };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function baseUrl(): string {
  const url = process.env.CLIPFEED_E2E_URL;
  if (!url) throw new Error('CLIPFEED_E2E_URL is not set: run through e2e/playwright.config.ts (global setup)');
  return url;
}

test.beforeEach(async ({ context }) => {
  // No network beyond loopback.
  await context.route('**/*', (route) => {
    const { protocol, hostname } = new URL(route.request().url());
    const local = protocol === 'data:' || protocol === 'blob:' || LOOPBACK.has(hostname);
    return local ? route.continue() : route.abort('blockedbyclient');
  });
});

test('plays the worker-prepared clip through hls.js and never requests an ad segment', async ({ page, context }, testInfo) => {
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  await page.goto(`${baseUrl()}/`);
  await page.waitForFunction(() => {
    const demo = (window as DemoWindow).__clipfeedDemo;
    return demo?.state === 'playing' || demo?.state === 'error';
  }, null, { timeout: 30_000 });
  const demo = await page.evaluate(() => (window as DemoWindow).__clipfeedDemo);
  expect(demo?.error ?? null, `demo error; console: ${consoleErrors.join('\n')}`).toBeNull();
  expect(demo?.state).toBe('playing');
  const clip = demo?.clip;
  expect(clip).toBeTruthy();
  if (!clip) return;
  expect(clip.clipPlaylist).not.toContain('/media/ads/');

  // Frames are presented and the clock advances.
  const before = await page.evaluate(() => {
    const video = document.querySelector('video') as HTMLVideoElement;
    return { time: video.currentTime, frames: video.getVideoPlaybackQuality().totalVideoFrames };
  });
  const presented = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const video = document.querySelector('video') as HTMLVideoElement;
        let count = 0;
        const onFrame = () => {
          count++;
          if (count < 15) video.requestVideoFrameCallback(onFrame);
          else resolve(count);
        };
        video.requestVideoFrameCallback(onFrame);
        setTimeout(() => resolve(count), 10_000);
      }),
  );
  expect(presented).toBeGreaterThanOrEqual(15);
  await expect
    .poll(() => page.evaluate(() => (document.querySelector('video') as HTMLVideoElement).currentTime), { timeout: 10_000 })
    .toBeGreaterThan(before.time + 1);
  const after = await page.evaluate(() => (document.querySelector('video') as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames);
  expect(after).toBeGreaterThan(before.frames);
  const size = await page.evaluate(() => {
    const video = document.querySelector('video') as HTMLVideoElement;
    return { width: video.videoWidth, height: video.videoHeight, paused: video.paused };
  });
  expect(size).toEqual({ width: 640, height: 360, paused: false });

  // Only the clip's content segments were loaded; no ad segment, ever.
  expect(requests.filter((url) => url.includes('/media/ads/'))).toEqual([]);
  const segments = requests.filter((url) => url.endsWith('.ts')).map((url) => new URL(url).pathname);
  expect(segments.length).toBeGreaterThan(0);
  const first = `/media/content/seg_${String(clip.clip.clipStartIdx).padStart(3, '0')}.ts`;
  expect(segments[0]).toBe(first);
  for (const segment of segments) expect(segment).toMatch(/^\/media\/content\/seg_\d{3}\.ts$/);
  // The playlist came from the worker: the page itself never fetched a playlist.
  expect(requests.filter((url) => url.includes('/media/') && url.endsWith('.m3u8')).length).toBeLessThanOrEqual(1);

  await page.screenshot({ path: testInfo.outputPath('clip-playing.png') });
});
