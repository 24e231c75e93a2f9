// The app under its own Content-Security-Policy (issue 13): the page is served
// with the policy, the feed plays a clip (hls.js, the engine worker, MSE blob
// URLs), a swipe works and the discover page opens, and the browser reports no
// policy violation on the way. An injected inline script is refused.

import { expect, test } from '@playwright/test';
import { baseUrl } from './support/demo';
import { expectPlaying, feedStatus, prepareContext } from './support/feed-page';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test('the app works under its CSP: no violation while a clip plays, a swipe lands and discover opens; injected inline script is blocked', async ({ page }) => {
  test.setTimeout(120_000);
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|connect|create)/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  const response = await page.goto(`${baseUrl()}/`);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self' 'sha256-");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');

  const first = await expectPlaying(page, 30_000);
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await feedStatus(page)).index, { timeout: 15_000 }).toBe(first.index + 1);
  await page.goto(`${baseUrl()}/?n=discover`);
  await expect(page.getByTestId('discover-section').first()).toBeVisible({ timeout: 20_000 });
  expect(violations).toEqual([]);

  // What the policy is for: an inline script an attacker manages to inject does not run.
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.appendChild(s);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
});
