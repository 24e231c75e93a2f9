// Helpers for the video page specs: the play page's <video> state, requests
// seen by the page (its own and its workers'), catalogue answers rewritten on
// the way in, and screenshots saved under test-results/screenshots/.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Route } from '@playwright/test';

export interface PlayVideoStatus {
  time: number;
  duration: number;
  paused: boolean;
  route: string;
  status: string;
}

export function playStatus(page: Page): Promise<PlayVideoStatus | null> {
  return page.evaluate(() => {
    const video = document.querySelector('[data-testid=play-video]') as HTMLVideoElement | null;
    const stage = document.querySelector('[data-testid=play-stage]') as HTMLElement | null;
    if (!video || !stage) return null;
    return {
      time: video.currentTime,
      duration: Number.isFinite(video.duration) ? video.duration : 0,
      paused: video.paused,
      route: stage.dataset.route ?? '',
      status: stage.dataset.playerStatus ?? '',
    };
  });
}

/** Waits until the play page's video plays past `seconds`. */
export async function waitPlayingPast(page: Page, seconds: number, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    (s) => {
      const video = document.querySelector('[data-testid=play-video]') as HTMLVideoElement | null;
      return !!video && !video.paused && video.currentTime > s;
    },
    seconds,
    { timeout },
  );
}

/** Every request URL the page and its workers make from now on. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => void urls.push(request.url()));
  return urls;
}

/** Media segments (not playlists, not posters) among recorded URLs. */
export function demoSegments(urls: readonly string[]): string[] {
  return urls.filter((u) => u.includes('/media/demo/') && !u.includes('.m3u8') && !u.endsWith('.jpg'));
}

type VodItem = Record<string, unknown>;

/** Rewrites the catalogue's ac=detail answers (every item) before the page sees them. */
export async function rewriteDetail(page: Page, edit: (item: VodItem) => VodItem): Promise<void> {
  await page.route(
    (url) => url.pathname === '/api.php/provide/vod/' && url.searchParams.get('ac') === 'detail',
    async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { list?: VodItem[] };
      body.list = (body.list ?? []).map(edit);
      await route.fulfill({ response, json: body });
    },
  );
}

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-results', 'screenshots');

/** A full-viewport screenshot at test-results/screenshots/<name>.png. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}
