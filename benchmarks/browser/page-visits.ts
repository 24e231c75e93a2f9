// Issue 5: the first-visit cost of each non-feed page, in a cold context under
// the same throttling: time from navigation to the page's content being on
// screen, and the JS (gzipped) the page needed until then (its lazy chunk
// included; the feed's and the shell's code is shared).

import type { Browser } from '@playwright/test';
import { jsBytes } from './js-bytes';
import { openPhone } from './session';

export interface PageVisit {
  page: string;
  path: string;
  readyMs: number | null;
  jsGzipBytes: number;
}

async function visitPage(browser: Browser, base: string, page: string, path: string, ready: string): Promise<PageVisit> {
  const { context, page: tab } = await openPhone(browser, base);
  await tab.goto(`${base}${path}`, { waitUntil: 'commit' });
  const readyMs = await tab
    .waitForFunction((selector) => (document.querySelector(selector) ? performance.now() : 0), ready, { timeout: 120_000, polling: 50 })
    .then(
      (h) => h.jsonValue() as Promise<number>,
      () => null,
    );
  const js = await jsBytes(tab, base, readyMs ?? Number.POSITIVE_INFINITY);
  await context.close();
  return { page, path, readyMs, jsGzipBytes: js.page };
}

export async function pageVisits(browser: Browser, base: string): Promise<PageVisit[]> {
  const list = (await (await fetch(`${base}/api.php/provide/vod/?ac=list&pg=1&limit=1`)).json()) as { list: { vod_id: number; type_id: number }[] };
  const first = list.list[0];
  const visits: [string, string, string][] = [
    ['discover', '/?n=discover', '[data-testid=discover-section]'],
    ['search', '/?n=search&q=Cidade', '[data-testid=video-card]'],
    ['category', `/?n=category&c=${first.type_id}`, '[data-testid=video-card]'],
    ['video-detail', `/?n=video-detail&vid=${first.vod_id}`, '[data-testid=detail-title]'],
    ['video-play', `/?n=video-play&vid=${first.vod_id}&route=0&episode=0`, '[data-testid=play-title]'],
    ['navigation', '/?n=navigation', '[data-testid=promotion-slot]'],
  ];
  const out: PageVisit[] = [];
  for (const [page, path, ready] of visits) {
    process.stderr.write(`first visit of ${page}...\n`);
    out.push(await visitPage(browser, base, page, path, ready));
  }
  return out;
}
