// Page helpers for the feed specs: network kept on loopback, the swipe guide
// marked seen, timelines installed, and waits on what the visitor sees.

import { expect, type BrowserContext, type Page } from '@playwright/test';

declare global {
  interface Window {
    /** Filled by the feed page when a test installs it (see src/feed/FeedPage.tsx). */
    __clipfeedTimeline?: { at: number; id: string; ad: boolean }[];
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export async function prepareContext(context: BrowserContext, options: { guideSeen?: boolean } = {}): Promise<void> {
  await context.route('**/*', (route) => {
    const { protocol, hostname } = new URL(route.request().url());
    const local = protocol === 'data:' || protocol === 'blob:' || LOOPBACK.has(hostname);
    return local ? route.continue() : route.abort('blockedbyclient');
  });
  await context.addInitScript((guideSeen: boolean) => {
    if (guideSeen) localStorage.setItem('tiktok_swipe_guide_shown', '1');
    window.__clipfeedTimeline = [];
    performance.setResourceTimingBufferSize(100_000);
  }, options.guideSeen ?? true);
}

export interface FeedStatus {
  itemId: string;
  playingId: string;
  index: number;
  count: number;
  status: string;
  time: number;
  paused: boolean;
  muted: boolean;
}

export function feedStatus(page: Page): Promise<FeedStatus> {
  return page.evaluate(() => {
    // Before the first render (it is sliced: src/shell/boot.ts) there is no feed yet: empty values, so polls retry.
    const feed = document.querySelector<HTMLElement>('[data-testid=feed]');
    const video = document.querySelector<HTMLVideoElement>('[data-testid=feed-video]');
    return {
      itemId: video?.dataset.itemId ?? '',
      playingId: video?.dataset.playingId ?? '',
      index: Number(feed?.dataset.index ?? Number.NaN),
      count: Number(feed?.dataset.count ?? 0),
      status: feed?.dataset.playerStatus ?? '',
      time: video?.currentTime ?? 0,
      paused: video?.paused ?? true,
      muted: video?.muted ?? false,
    };
  });
}

/** The current item plays: its own clip, and frames are being presented (requestVideoFrameCallback). */
export async function expectPlaying(page: Page, timeout = 20_000): Promise<FeedStatus> {
  await page.waitForFunction(
    () => {
      const video = document.querySelector('[data-testid=feed-video]') as HTMLVideoElement | null;
      return !!video && video.dataset.itemId !== '' && video.dataset.playingId === video.dataset.itemId && !video.paused && video.currentTime > 0;
    },
    null,
    { timeout },
  );
  const frames = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const video = document.querySelector('[data-testid=feed-video]') as HTMLVideoElement;
        let count = 0;
        const onFrame = () => {
          if (++count < 5) video.requestVideoFrameCallback(onFrame);
          else resolve(count);
        };
        video.requestVideoFrameCallback(onFrame);
        setTimeout(() => resolve(count), 8000);
      }),
  );
  expect(frames, 'frames presented').toBeGreaterThanOrEqual(5);
  return feedStatus(page);
}

/** Requests (resource timing) made while a non-ad feed item was on screen. */
export function requestsDuringVideoItems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const timeline = window.__clipfeedTimeline ?? [];
    const onAd = (at: number) => {
      let ad = false;
      for (const entry of timeline) if (entry.at <= at) ad = entry.ad;
      return ad;
    };
    return performance
      .getEntriesByType('resource')
      .filter((e) => !onAd(e.startTime))
      .map((e) => e.name);
  });
}
