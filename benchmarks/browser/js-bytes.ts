// The JavaScript a page loaded until a moment (resource timing), gzipped at
// level 9 as the server sends it: page scripts and worker scripts apart.

import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

export async function jsBytes(page: Page, base: string, untilMs: number): Promise<{ page: number; worker: number }> {
  const scripts = await page.evaluate((until) => performance.getEntriesByType('resource').filter((e) => e.startTime <= until && /\.m?js(\?|$)/.test(e.name)).map((e) => e.name), untilMs);
  let pageBytes = 0;
  let workerBytes = 0;
  for (const url of new Set(scripts)) {
    const u = new URL(url);
    const body = Buffer.from(await (await fetch(new URL(u.pathname, base))).arrayBuffer());
    const size = gzipSync(body, { level: 9 }).length;
    if (/worker/.test(u.pathname)) workerBytes += size;
    else pageBytes += size;
  }
  return { page: pageBytes, worker: workerBytes };
}
