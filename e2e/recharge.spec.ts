// Recharge through online payment in real Chromium against the real server
// (issue 15): the credits chip in the feed's top navigation (the demo has
// enableCreditsDisplay on) opens the credits screen; a recharge of BRL 10
// leaves for the demo payment provider's Pix page (amount, QR code, pay
// button). A second tab of the app, opened on the return address before the
// payment is made, shows the recharge pending; paying returns the first tab
// to the app with the success message, the new balance and the transaction
// (a recharge, in BRL), and the waiting tab turns to success by itself.
// Screenshots at 390x844 and 360x640 under test-results/screenshots/; axe
// on the provider's page and the credits screen.

import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl } from './support/demo';
import { prepareContext } from './support/feed-page';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshotsDir = path.join(root, 'test-results', 'screenshots');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotsDir, { recursive: true });
  for (const [width, height] of [[390, 844], [360, 640]]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(screenshotsDir, `${name}-${width}x${height}.png`), animations: 'disabled' });
  }
}

async function axe(page: Page, what: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return result.violations.map((v) => `${what}: ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test('recharge BRL 10: pay on the provider, come back to the success message, the balance and the transaction', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto(`${baseUrl()}/`);
  // The identity is made: the top navigation shows its balance.
  const chip = page.getByTestId('topnav-credits');
  await expect(chip).toHaveAttribute('data-points', '0');
  await chip.click();
  await expect(page.getByTestId('credits-sheet')).toBeVisible();
  const card = page.getByTestId('recharge-card');
  await expect(card).toContainText('cada BRL 1 vale 100 pontos');
  await expect(page.getByTestId('recharge-amount-10')).toContainText('BRL 10');
  await expect(page.getByTestId('recharge-amount-10')).toContainText('1k pontos');

  await page.getByTestId('recharge-amount-10').click();
  await page.waitForURL(/\/pay\/\?payment_id=PAY[0-9a-f]{24}&/);
  const paymentId = new URL(page.url()).searchParams.get('payment_id')!;
  await expect(page.getByTestId('pay-amount')).toHaveText('BRL 10.00');
  await expect(page.getByTestId('pay-qr')).toBeVisible();
  await expect(page.getByTestId('pay-id')).toHaveText(paymentId);
  expect(await axe(page, 'payment provider')).toEqual([]);
  await screenshots(page, 'pay-provider');

  // Another tab of the app on the return address, before paying: the recharge is pending.
  const waiting = await context.newPage();
  await waiting.goto(`${baseUrl()}/#recharge=${paymentId}`);
  await expect(waiting.getByTestId('credits-sheet')).toBeVisible();
  await expect(waiting.getByTestId('recharge-pending')).toContainText('Aguardando a confirmação do pagamento de BRL 10 (+1k pontos)');
  // The hash is taken out of the address.
  await expect.poll(() => new URL(waiting.url()).hash).toBe('');
  await screenshots(waiting, 'credits-recharge-pending');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('pay-button').click();
  await page.waitForURL((url) => url.pathname === '/' && !url.hash.includes('PAY'));
  await expect(page.getByTestId('credits-sheet')).toBeVisible();
  await expect(page.getByTestId('recharge-paid')).toContainText('Recarga concluída! +1k pontos (BRL 10)');
  await expect(page.getByTestId('credits-balance')).toHaveAttribute('data-points', '1000');
  const row = page.getByTestId('history-row').first();
  await expect(row).toHaveAttribute('data-source', 'payment_recharge');
  await expect(row).toContainText('Recarga: +1k pontos');
  await expect(row).toContainText('BRL 10');
  expect(await axe(page, 'credits screen after a recharge')).toEqual([]);
  await screenshots(page, 'credits-recharge-paid');

  // The waiting tab saw the payment confirmed by itself.
  await expect(waiting.getByTestId('recharge-paid')).toBeVisible({ timeout: 20_000 });
  await waiting.close();

  // Closed, the sheet leaves the top navigation showing the new balance.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('topnav-credits')).toHaveAttribute('data-points', '1000');
  await expect(page.getByTestId('topnav-credits')).toContainText('1k');
  await screenshots(page, 'feed-topnav-credits');
});
