// One language on every screen for the catalogue's category names and the
// app config's ad texts (issue 16 point 7), against the real server and its
// demo: in pt-BR and in ja, the feed's source selector, discover's category
// names and a feed ad speak the interface language (no CJK in pt-BR, no Latin
// words in ja); and when the interface language arrives after the first
// render, the names and ad texts follow it without a reload.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl } from './support/demo';
import { holdRequests, prepareDiscover, saveScreenshot } from './support/discover-page';
import { expectPlaying, feedStatus } from './support/feed-page';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Language = 'pt-BR' | 'ja';
type PerLanguage = Record<string, string>;

/** Chinese, Japanese kana or Korean. */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;
/** A word in Latin letters (Portuguese ones included): none belongs in the ja strings checked here. */
const LATIN_WORD = /[A-Za-zÀ-ÿ]{2,}/;

function expectLanguage(texts: readonly string[], lang: Language, what: string): void {
  expect(texts.length, what).toBeGreaterThan(0);
  for (const text of texts) {
    if (lang === 'pt-BR') expect(text, `${what}: "${text}" has CJK in pt-BR`).not.toMatch(CJK);
    else {
      expect(text, `${what}: "${text}" has no CJK in ja`).toMatch(CJK);
      expect(text, `${what}: "${text}" has a Latin word in ja`).not.toMatch(LATIN_WORD);
    }
  }
}

/** The demo categories' names in `lang`, as the server gives them (type_id order, as the app lists them). */
async function categoryNames(lang: Language): Promise<string[]> {
  const body = (await (await fetch(`${baseUrl()}/api.php/type/get_all_categories`)).json()) as {
    info: { all_categories: { type_id: number; type_name: string; type_names: PerLanguage }[] };
  };
  const all = [...body.info.all_categories].sort((a, b) => a.type_id - b.type_id);
  return all.map((c) => c.type_names[lang] ?? c.type_name);
}

/** The app config's feed ads: id -> title and button text per language. */
async function feedAds(): Promise<Map<string, { title: PerLanguage; adButtonText: PerLanguage }>> {
  const body = (await (await fetch(`${baseUrl()}/api/v1/app/config`)).json()) as { feedAds: { id: string; title: PerLanguage; adButtonText: PerLanguage }[] };
  return new Map(body.feedAds.map((ad) => [ad.id, ad]));
}

/** The feed's own label of the 'all' source in `lang`. */
function allSourceLabel(lang: Language): string {
  const feed = JSON.parse(readFileSync(path.join(root, 'src', 'i18n', 'locales', lang, 'feed.json'), 'utf8')) as { source: { all: string } };
  return feed.source.all;
}

/** Swipes on until a feed ad is the current item (the demo places one after the 5th switch). */
async function swipeToAd(page: Page): Promise<string> {
  for (let swipe = 0; swipe < 8; swipe++) {
    const before = await feedStatus(page);
    if (before.itemId.startsWith('ad_')) return before.itemId;
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await feedStatus(page)).index, { timeout: 15_000 }).toBe(before.index + 1);
  }
  throw new Error('no feed ad within 8 swipes');
}

test.beforeEach(async ({ context }) => {
  await prepareDiscover(context);
});

for (const lang of ['pt-BR', 'ja'] as const) {
  test(`${lang}: discover's categories, the feed's source selector and a feed ad speak ${lang}`, async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const names = await categoryNames(lang);
    expectLanguage(names, lang, 'the server names');

    await page.goto(`${baseUrl()}/?n=discover&debug=true&lang=${lang}`);
    const headings = page.getByTestId('discover-section').locator('h2');
    await expect(headings).toHaveText(names);
    expectLanguage(await headings.allInnerTexts(), lang, 'discover categories');
    const slotAds = page.getByTestId('ad-slot').locator('.cf-ad-slot__title');
    await expect(slotAds.first()).toBeVisible();
    expectLanguage(await slotAds.allInnerTexts(), lang, 'discover ad slots');
    await saveScreenshot(page, testInfo, `category-names-discover-${lang}`);

    await page.goto(`${baseUrl()}/?n=douyin&debug=true&lang=${lang}`);
    await expectPlaying(page, 30_000);
    await page.getByTestId('source-button').click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options).toHaveText([allSourceLabel(lang), ...names]);
    expectLanguage((await options.allInnerTexts()).slice(1), lang, 'source selector');
    await saveScreenshot(page, testInfo, `category-names-source-${lang}`);
    // Choosing the current source ('all') only closes the selector.
    await options.first().click();
    await expect(page.getByRole('listbox')).toHaveCount(0);

    const adId = await swipeToAd(page);
    // The feed names a placed ad '<config id>_<switch count>'.
    const ad = (await feedAds()).get(adId.replace(/_\d+$/, ''));
    expect(ad, `${adId} is an app config ad`).toBeDefined();
    const card = page.getByTestId('feed-ad');
    await expect(card.locator('.cf-ad__title')).toHaveText(ad?.title[lang] ?? '');
    await expect(card.getByRole('button')).toHaveText(ad?.adButtonText[lang] ?? '');
    expectLanguage([await card.locator('.cf-ad__title').innerText(), await card.getByRole('button').innerText()], lang, 'feed ad');
    await saveScreenshot(page, testInfo, `category-names-ad-${lang}`);
    expect(errors).toEqual([]);
  });
}

test('names and ad texts follow the interface language when it arrives after the first render, without a reload', async ({ page }) => {
  test.setTimeout(90_000);
  const [pt, ja] = [await categoryNames('pt-BR'), await categoryNames('ja')];
  // The ja pack is held past the start's wait (src/i18n/config.ts setupWaitMs): the page first shows pt-BR, then switches.
  const pack = await holdRequests(page, /\/assets\/ja-[\w-]+\.js$/);
  await page.goto(`${baseUrl()}/?n=discover&debug=true&lang=ja`);
  const headings = page.getByTestId('discover-section').locator('h2');
  await expect(headings).toHaveText(pt);
  const slotTitle = page.getByTestId('ad-slot').first().locator('.cf-ad-slot__title');
  expectLanguage([await slotTitle.innerText()], 'pt-BR', 'ad slot before the switch');
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  pack.release();
  await expect(headings).toHaveText(ja);
  await expect.poll(async () => CJK.test(await slotTitle.innerText())).toBe(true);
  expectLanguage([await slotTitle.innerText()], 'ja', 'ad slot after the switch');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), 'no reload').toBe(true);
});

for (const lang of ['pt-BR', 'ja'] as const) {
  test(`the promotion page's entry titles speak ${lang} (sponsor names aside)`, async ({ page }) => {
    await page.goto(`${baseUrl()}/?n=navigation&lang=${lang}`);
    await expect(page.getByTestId('promotion-page')).toBeVisible();
    const titles = await page.locator('[data-testid=promotion-slot][data-item-id] .cf-promo-card__title').allInnerTexts();
    // A sponsor's name (win667, CBF) is a name in every language; the words after it are the visitor's.
    const words = titles.map((t) => t.replace(/^(win667|CBF) · /, ''));
    expectLanguage(words, lang, 'promotion titles');
  });
}
