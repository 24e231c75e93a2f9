// First-party analytics in the real app (issue 15). The demo has the flag on
// (server/services/app-config.ts): a visit, the first clip starting and two
// navigations reach our server as page views and a clip start (the
// operator's summary shows them), the diagnostic screen lists what was sent,
// and what waits when the page is left goes out as a beacon. With the flag
// off (the app config answered without it), the page sends nothing.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { baseUrl } from './support/demo';
import { expectPlaying, prepareContext } from './support/feed-page';
import { overrideAppConfig } from './support/app-config';

const EVENTS_PATH = '/api/v1/analytics/events';

interface Summary {
  totals: { pageViews: number; clipStarts: number };
  byPage: { kind: string; page: string; count: number }[];
  recent: { kind: string; page: string; videoId: number | null }[];
}

/** The operator's summary, with the token the server generated into its data directory. */
async function summary(request: APIRequestContext): Promise<Summary> {
  const dir = process.env.CLIPFEED_E2E_DATA;
  if (!dir) throw new Error('CLIPFEED_E2E_DATA is not set');
  const token = readFileSync(path.join(dir, 'admin-token'), 'utf8').trim();
  const res = await request.get(`${baseUrl()}/api/v1/analytics/summary`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Summary;
}

const countOf = (s: Summary, kind: string, page: string) => s.byPage.find((g) => g.kind === kind && g.page === page)?.count ?? 0;

interface SentBatch {
  via: 'fetch' | 'beacon';
  events: Record<string, unknown>[];
}

/**
 * A spy on the page's fetch and sendBeacon (both still do their work): each analytics batch is noted in
 * localStorage, which outlives the page, so what a leaving page sent can be read afterwards.
 */
async function spyOnBatches(context: BrowserContext): Promise<void> {
  await context.addInitScript((eventsPath: string) => {
    const note = (via: string, body: unknown) => {
      const sent = JSON.parse(localStorage.getItem('e2e-analytics') ?? '[]') as unknown[];
      sent.push({ via, events: (JSON.parse(String(body)) as { events: unknown[] }).events });
      localStorage.setItem('e2e-analytics', JSON.stringify(sent));
    };
    const isBatch = (url: string | URL | Request) => new URL(url instanceof Request ? url.url : String(url), location.href).pathname === eventsPath;
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (isBatch(input)) note('fetch', init?.body);
      return fetch(input, init);
    };
    // A leaving page has no time to read a Blob back: blobs made from text remember it.
    const texts = new WeakMap<Blob, string>();
    const NativeBlob = window.Blob;
    window.Blob = class extends NativeBlob {
      constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
        super(parts, options);
        if (parts?.every((p) => typeof p === 'string')) texts.set(this, parts.join(''));
      }
    };
    const beacon = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (isBatch(url) && data instanceof Blob) note('beacon', texts.get(data));
      return beacon(url, data);
    };
  }, EVENTS_PATH);
}

/** The batches this context's pages sent, read from a page of the same origin. */
async function sentBatches(page: Page): Promise<SentBatch[]> {
  if (!page.url().startsWith(baseUrl())) await page.goto(`${baseUrl()}/robots.txt`);
  return page.evaluate(() => JSON.parse(localStorage.getItem('e2e-analytics') ?? '[]') as SentBatch[]);
}

async function openAnalyticsTab(page: Page): Promise<void> {
  await page.getByTestId('open-help').click();
  await page.getByTestId('open-diagnostics').click();
  await page.getByRole('tab', { name: 'Estatísticas' }).click();
}

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test('flag on: page views and a clip start reach our server, the diagnostic screen lists them, and leaving sends the rest by beacon', async ({ page, context, request }, testInfo) => {
  test.setTimeout(120_000);
  const before = await summary(request);
  await spyOnBatches(context);

  await page.goto(`${baseUrl()}/`);
  const playing = await expectPlaying(page, 30_000);
  const videoId = Number(playing.itemId);
  expect(videoId).toBeGreaterThan(0);
  const tabs = page.getByRole('navigation');
  await tabs.getByRole('button', { name: 'Descobrir' }).click();
  await tabs.getByRole('button', { name: 'Promoções' }).click();

  // The diagnostic screen: each event is listed, and turns "received" once its batch is answered (10 s batching).
  await openAnalyticsTab(page);
  await expect(page.getByTestId('analytics-status')).toHaveAttribute('data-status', 'on');
  const events = page.getByTestId('analytics-events');
  const sent = { timeout: 30_000 };
  await expect(events.locator(`[data-kind=clip_start][data-video-id="${videoId}"]`)).toHaveAttribute('data-outcome', 'sent', sent);
  for (const p of ['douyin', 'discover', 'navigation']) await expect(events.locator(`[data-kind=page_view][data-page=${p}]`)).toHaveAttribute('data-outcome', 'sent', sent);
  await expect(events.locator('[data-kind=clip_start]').first()).toContainText('Início de clipe');
  await expect(events.locator('[data-kind=clip_start]').first()).toContainText(`vídeo ${videoId}`);
  await expect(events.locator('[data-page=discover]').first()).toContainText('Visualização de página');
  await expect(events.locator('[data-page=discover]').first()).toContainText('Recebido');
  await expect(page.locator('[data-count=pageViews]')).toHaveAttribute('data-value', '3');
  await expect(page.locator('[data-count=clipStarts]')).toHaveAttribute('data-value', /^[1-9]\d*$/);
  await expect(page.locator('[data-count=failedBatches]')).toHaveAttribute('data-value', '0');
  // The sheet opening is not a page view.
  await expect(events.locator('[data-kind=page_view]')).toHaveCount(3);
  // At the smallest phone size, kept with the run's results.
  await page.setViewportSize({ width: 360, height: 640 });
  await page.screenshot({ path: testInfo.outputPath('diagnostics-analytics-360.png'), animations: 'disabled' });

  // The server stored them: three more page views (one per page) and this clip's start.
  const after = await summary(request);
  expect(after.totals.pageViews - before.totals.pageViews).toBe(3);
  for (const p of ['douyin', 'discover', 'navigation']) expect(countOf(after, 'page_view', p) - countOf(before, 'page_view', p), p).toBe(1);
  expect(after.totals.clipStarts).toBeGreaterThan(before.totals.clipStarts);
  expect(after.recent).toContainEqual({ kind: 'clip_start', page: 'douyin', videoId, at: expect.any(String) });
  // Only the kind, the page and the video left the page, by keepalive fetch: nothing that names the visitor.
  const fetched = await sentBatches(page);
  expect(fetched.length).toBeGreaterThan(0);
  expect(new Set(fetched.map((b) => b.via))).toEqual(new Set(['fetch']));
  for (const e of fetched.flatMap((b) => b.events)) expect(Object.keys(e).sort()).toEqual(e.kind === 'clip_start' ? ['kind', 'page', 'videoId'] : ['kind', 'page']);

  // Back to discover (a page view), then leave at once, long before the batch delay: the beacon carries it.
  await page.keyboard.press('Escape');
  await page.goBack();
  await expect.poll(() => new URL(page.url()).searchParams.get('n')).toBe('discover');
  await page.goto('about:blank');
  await expect.poll(async () => countOf(await summary(request), 'page_view', 'discover') - countOf(before, 'page_view', 'discover'), { timeout: 15_000 }).toBe(2);
  const last = (await sentBatches(page)).at(-1);
  expect(last).toEqual({ via: 'beacon', events: [{ kind: 'page_view', page: 'discover' }] });
});

test('flag off: the page sends nothing and the diagnostic screen says so', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  await overrideAppConfig(page, { analytics: false });
  const before = await summary(request);
  await spyOnBatches(context);

  await page.goto(`${baseUrl()}/`);
  await expectPlaying(page, 30_000);
  const tabs = page.getByRole('navigation');
  await tabs.getByRole('button', { name: 'Descobrir' }).click();
  await tabs.getByRole('button', { name: 'Promoções' }).click();
  await openAnalyticsTab(page);
  await expect(page.getByTestId('analytics-status')).toHaveAttribute('data-status', 'off');
  await expect(page.getByTestId('analytics-status')).toContainText('esta página não envia nada');
  await page.keyboard.press('Escape');
  await page.goto('about:blank');

  // Leaving would have sent a beacon: neither the page's spy nor the server saw a batch.
  expect(await sentBatches(page)).toEqual([]);
  expect((await summary(request)).totals).toEqual(before.totals);
});
