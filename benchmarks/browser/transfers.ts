// Bytes over the wire for one browser context: Playwright's context-level
// network events, which carry the page's requests and its dedicated
// workers' (the engine worker fetches playlists and first fragments) and a
// service worker's. A request's bytes are Chromium's encodedDataLength
// (headers and body as received; 0 for an answer from the HTTP cache).
// Requests cut off before they finished (a cancelled preload) are counted
// apart: Playwright gives no size for them.

import type { BrowserContext } from '@playwright/test';

export interface Transfer {
  url: string;
  bytes: number;
}

export interface TransferLog {
  /** Every finished transfer so far, and the number of requests that failed or were cut off. */
  snapshot(): Promise<{ done: Transfer[]; cutOff: string[] }>;
}

export function recordTransfers(context: BrowserContext): TransferLog {
  const done: Transfer[] = [];
  const cutOff: string[] = [];
  const pending = new Set<Promise<void>>();
  context.on('requestfinished', (request) => {
    const url = request.url();
    if (!url.startsWith('http')) return;
    const sized = request.sizes().then(
      (s) => void done.push({ url, bytes: Math.max(0, s.responseHeadersSize + s.responseBodySize) }),
      () => void cutOff.push(url),
    );
    pending.add(sized);
    void sized.finally(() => pending.delete(sized));
  });
  context.on('requestfailed', (request) => {
    if (request.url().startsWith('http')) cutOff.push(request.url());
  });
  return {
    async snapshot() {
      await Promise.all([...pending]);
      return { done: [...done], cutOff: [...cutOff] };
    },
  };
}
