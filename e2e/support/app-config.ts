// A test's own app config flags, as the page would get them from the server:
// the answer comes embedded in the page GET / sends (server/static/app-config-embed.ts)
// and from GET /api/v1/app/config (pages served without it); both are
// rewritten in flight. `page` optionally rewrites the rest of the page too
// (e.g. the mark the server adds with the v2 catalogue on).

import type { Page } from '@playwright/test';

type Answer = { flags: Record<string, boolean> } & Record<string, unknown>;

const EMBEDDED = /(<script type="application\/json" id="clipfeed-app-config">)([\s\S]*?)(<\/script>)/;

export async function overrideAppConfig(page: Page, flags: Record<string, boolean>, options: { page?: (html: string) => string } = {}): Promise<void> {
  const rewrite = (answer: Answer): Answer => ({ ...answer, flags: { ...answer.flags, ...flags } });
  await page.route(/\/api\/v1\/app\/config$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: rewrite((await response.json()) as Answer) });
  });
  await page.route((url) => url.pathname === '/' || url.pathname === '/index.html', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const html = (await response.text()).replace(EMBEDDED, (_all, open: string, json: string, close: string) => `${open}${JSON.stringify(rewrite(JSON.parse(json) as Answer)).replace(/</g, '\\u003c')}${close}`);
    if (!EMBEDDED.test(html)) throw new Error('the page has no embedded app config to rewrite');
    // The body is handed over decoded: its encoding and length headers no longer apply.
    const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name !== 'content-encoding' && name !== 'content-length'));
    await route.fulfill({ status: response.status(), body: options.page ? options.page(html) : html, headers });
  });
}
