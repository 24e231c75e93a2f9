// Issue 17's repeat visit: the feed visited once on the emulated phone (Slow
// 4G, 4x CPU), left to settle, then visited again in the same browser context,
// so the second visit has the HTTP cache and, when the app registers one, its
// service worker with the app shell precached. Without a service worker the
// second visit measures the HTTP cache alone.

import type { Browser } from '@playwright/test';
import { benchConfig } from './config';
import { openPhone, probeOf } from './session';
import { feedPath } from './swipe-run';
import { recordTransfers } from './transfers';

export interface RepeatVisit {
  serviceWorker: 'active' | 'none' | 'not activated in time';
  firstVisitFrameMs: number | null;
  firstFrameMs: number | null;
  visualMs: number | null;
  /** Bytes over the wire from the second navigation to its first frame. */
  bytes: number;
}

// How long after the first frame the app gets to register its service worker (it may wait for the load event or idle time).
const REGISTRATION_GRACE_MS = 15_000;
const POLL_MS = 500;

async function poll(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((r) => setTimeout(r, POLL_MS))) if (await check()) return true;
  return false;
}

export async function repeatVisit(browser: Browser, base: string): Promise<RepeatVisit> {
  const { context, page } = await openPhone(browser, base);
  const transfers = recordTransfers(context);
  const frameTimeout = { timeout: 120_000, polling: 200 };
  await page.goto(`${base}${feedPath}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window.__benchProbe?.frames.length ?? 0) > 0, null, frameTimeout);
  const firstVisitFrameMs = (await probeOf(page)).frames[0]?.at ?? null;
  const registration = () => page.evaluate(async () => {
    const found = await navigator.serviceWorker?.getRegistration();
    return found ? (found.active ? 'active' : 'installing') : 'none';
  });
  let serviceWorker: RepeatVisit['serviceWorker'] = 'none';
  if (await poll(async () => (await registration()) !== 'none', REGISTRATION_GRACE_MS)) {
    serviceWorker = (await poll(async () => (await registration()) === 'active', benchConfig.serviceWorkerWaitMs)) ? 'active' : 'not activated in time';
  }
  await page.waitForTimeout(benchConfig.dwellMs);
  const before = (await transfers.snapshot()).done.length;
  await page.goto(`${base}${feedPath}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window.__benchProbe?.frames.length ?? 0) > 0, null, frameTimeout).catch(() => undefined);
  const probe = await probeOf(page);
  const { done } = await transfers.snapshot();
  await context.close();
  return {
    serviceWorker,
    firstVisitFrameMs,
    firstFrameMs: probe.frames[0]?.at ?? null,
    visualMs: probe.firstVisualAt,
    bytes: done.slice(before).reduce((s, t) => s + t.bytes, 0),
  };
}
