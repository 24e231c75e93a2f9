// Issue 17, cold first frame: the feed's first visit fetches its start-up
// code in a handful of files, not fifteen (build/initial-chunk.ts: on
// HTTP/1.1 a phone fetches six at a time, and each extra turn costs a round
// trip on a slow link). Counted from the page's own resource timings: what
// it fetched before its app module had run (DOMContentLoaded waits for module
// scripts); later, lazy files (the engine worker, gestures, the service
// worker's registration) do not hold the start.

import { expect, test } from '@playwright/test';
import { baseUrl } from './support/demo';
import { expectPlaying, prepareContext } from './support/feed-page';

/** hls.js, the app, the default language's first-screen strings (shared with the lazy language packs), and the engine worker the inline script starts. */
const MOST_SCRIPTS = 4;

test('the feed starts from at most four scripts (the engine worker included) and one stylesheet, and plays', async ({ page, context }) => {
  await prepareContext(context);
  await page.goto(`${baseUrl()}/`);
  await expectPlaying(page, 30_000);
  const start = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const before = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.startTime <= nav.domContentLoadedEventStart && new URL(r.name).origin === location.origin);
    const paths = (ext: string) => before.map((r) => new URL(r.name).pathname).filter((p) => p.endsWith(ext));
    return { scripts: paths('.js'), styles: paths('.css') };
  });
  expect(start.scripts.length, start.scripts.join('\n')).toBeGreaterThanOrEqual(2);
  expect(start.scripts.length, start.scripts.join('\n')).toBeLessThanOrEqual(MOST_SCRIPTS);
  expect(start.styles.length, start.styles.join('\n')).toBeLessThanOrEqual(1);
});
