// One swipe session in a fresh context on the emulated phone: the cold load,
// then ArrowDown swipes, each waited for until the new item's first frame
// (or an image ad) is on screen, followed by a dwell. Times of the first
// `timedSwipes` swipes are kept: landing (the page's timeline entry: the
// slide has landed) to first frame, key press to first frame, landing to
// poster or frame. Heap readings at the swipe counts asked for; bytes at the
// end of one swipe's dwell; long tasks over the whole session but for the
// heap readings (a snapshot stops the page).

import type { Browser, Page } from '@playwright/test';
import { BASELINE_PATH } from './baseline-page';
import { bytesFigure, type BytesFigure } from './bytes';
import { benchConfig, targets } from './config';
import { readHeap, type HeapFigure } from './heap';
import { jsBytes } from './js-bytes';
import type { MediaMap } from './media-map';
import { openPhone, probeOf } from './session';
import { recordTransfers } from './transfers';

export type Which = 'clipfeed' | 'baseline';

export interface SwipeRunOptions {
  which: Which;
  swipes: number;
  dwellMs: number;
  heapAt?: readonly number[];
  /** Count bytes from navigation to the end of this swipe's dwell. */
  bytesAt?: number;
  traceTo?: string;
  media: MediaMap;
}

export interface SwipeRun {
  page: Which;
  swipes: number;
  dwellMs: number;
  coldFirstFrameMs: number | null;
  /** Cold: the current slide's poster or any frame on screen, from navigation. */
  coldVisualMs: number | null;
  swipeToFrameMs: number[];
  keyToFrameMs: number[];
  /** Landing to the item's poster or own frame; null when it never showed before the next swipe. */
  landingVisibleMs: (number | null)[];
  longTasks: { start: number; duration: number }[];
  heap: { afterSwipes: number; figure: HeapFigure }[];
  bytes: BytesFigure | null;
  initialJsGzipBytes: number;
  workerJsGzipBytes: number;
  failedSwipes: number;
}

export const feedPath = '/?n=douyin';

/** Waits until the swipe's new item is on screen: a timeline entry, then (unless it is an image ad) a first frame after it. */
function waitForLanding(page: Page, framesBefore: number, timelineBefore: number): Promise<boolean> {
  return page
    .waitForFunction(
      ({ frames, timeline }) => {
        const t = window.__clipfeedTimeline ?? [];
        if (t.length <= timeline) return false;
        const entry = t[t.length - 1];
        return entry.ad && !document.querySelector('[data-ad-type=video]') ? true : (window.__benchProbe?.frames.length ?? 0) > frames && window.__benchProbe!.frames.some((f) => f.at >= entry.at);
      },
      { frames: framesBefore, timeline: timelineBefore },
      { timeout: benchConfig.frameTimeoutMs, polling: 100 },
    )
    .then(
      () => true,
      () => false,
    );
}

export async function swipeRun(browser: Browser, base: string, options: SwipeRunOptions): Promise<SwipeRun> {
  const { page, cdp, context } = await openPhone(browser, base);
  const transfers = recordTransfers(context);
  if (options.traceTo) await context.tracing.start({ screenshots: true, snapshots: true });
  await page.goto(`${base}${options.which === 'clipfeed' ? feedPath : BASELINE_PATH}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window.__benchProbe?.frames.length ?? 0) > 0, null, { timeout: 120_000, polling: 200 });
  const cold = await probeOf(page);
  const coldFirstFrameMs = cold.frames[0]?.at ?? null;
  const js = await jsBytes(page, base, coldFirstFrameMs ?? Number.POSITIVE_INFINITY);

  const run: SwipeRun = {
    page: options.which,
    swipes: options.swipes,
    dwellMs: options.dwellMs,
    coldFirstFrameMs,
    coldVisualMs: cold.firstVisualAt,
    swipeToFrameMs: [],
    keyToFrameMs: [],
    landingVisibleMs: [],
    longTasks: [],
    heap: [],
    bytes: null,
    initialJsGzipBytes: js.page,
    workerJsGzipBytes: js.worker,
    failedSwipes: 0,
  };
  const paused: [number, number][] = [];
  // The first clip is watched for the same moment as every later one before the first swipe.
  await page.waitForTimeout(options.dwellMs);
  const swipeStart = await page.evaluate(() => performance.now());
  for (let n = 1; n <= options.swipes; n++) {
    const before = await probeOf(page);
    const timelineBefore = await page.evaluate(() => window.__clipfeedTimeline?.length ?? 0);
    const pressedAt = await page.evaluate(() => performance.now());
    await page.keyboard.press('ArrowDown');
    const ok = await waitForLanding(page, before.frames.length, timelineBefore);
    if (!ok) run.failedSwipes++;
    const probe = await probeOf(page);
    const landing = probe.landings.length > before.landings.length ? probe.landings[probe.landings.length - 1] : undefined;
    const frame = landing ? probe.frames.find((f) => f.at >= landing.at) : undefined;
    if (n <= benchConfig.timedSwipes && landing && !landing.ad) {
      run.landingVisibleMs.push(landing.visibleAt === null ? null : landing.visibleAt - landing.at);
      if (ok && frame) {
        run.swipeToFrameMs.push(frame.at - landing.at);
        run.keyToFrameMs.push(frame.at - pressedAt);
      }
    }
    if (options.heapAt?.includes(n)) {
      const from = await page.evaluate(() => performance.now());
      run.heap.push({ afterSwipes: n, figure: await readHeap(cdp) });
      paused.push([from, await page.evaluate(() => performance.now())]);
    }
    await page.waitForTimeout(options.dwellMs);
    if (n === options.bytesAt) {
      const { done, cutOff } = await transfers.snapshot();
      run.bytes = bytesFigure(done, cutOff, (await probeOf(page)).landings, n, options.media);
    }
  }
  const probe = await probeOf(page);
  run.longTasks = probe.longTasks.filter((t) => t.start >= swipeStart && !paused.some(([from, to]) => t.start >= from && t.start <= to));
  if (options.traceTo) await context.tracing.stop({ path: options.traceTo });
  await context.close();
  return run;
}

export const blockingMs = (run: SwipeRun): number => run.longTasks.reduce((s, t) => s + Math.max(0, t.duration - targets.longTaskMs), 0);
export const longestMs = (run: SwipeRun): number => run.longTasks.reduce((m, t) => Math.max(m, t.duration), 0);
