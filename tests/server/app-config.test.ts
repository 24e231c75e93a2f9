import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { appConfigFile } from '../../server/services/app-config';
import { openTestDatabase, testConfig, buildTestApp, type TestApp } from './helpers/test-app';

/** Chinese, Japanese kana or Korean: what a CJK text has and a Portuguese one has not. */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

describe('GET /api/v1/app/config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('answers the demo flags, an image ad to sign-on and a video ad from the demo media', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const body = res.json();
    expect(body.flags).toEqual({ promotionTab: true, ssoTab: true, promotionBadge: false, analytics: true, creditsDisplay: true, versionB: false, useAlternativeEndpoint: false });
    expect(body.partnerPointsRequired).toBe(1000);
    expect(body.feedAds).toHaveLength(2);
    const [image, videoAd] = body.feedAds;
    expect(image).toMatchObject({ isAd: true, adType: 'image', adUrl: 'sso:win667', adImageUrl: '/media/demo/grid-city/poster.jpg' });
    expect(videoAd).toMatchObject({ isAd: true, adType: 'video', videoUrl: '/media/demo/ads/partner/index.m3u8' });
    for (const ad of body.feedAds) expect(ad.id).toMatch(/^ad_/);
  });

  it('makes media paths absolute under PUBLIC_URL and takes the file override', async () => {
    const config = testConfig({ PUBLIC_URL: 'https://feed.example.com/', PARTNER_POINTS_REQUIRED: '500' });
    writeFileSync(
      path.join(config.dataDir, appConfigFile),
      JSON.stringify({ flags: { ssoTab: false, versionB: true }, feedAds: [{ id: 'ad_x', adType: 'video', videoUrl: '/media/x/index.m3u8', adUrl: 'https://partner.example.com/', adButtonText: 'Ir', title: 'X' }] }),
    );
    const db = await openTestDatabase('pglite');
    const app = await buildApp({ config, database: db.database, closeDatabase: false });
    try {
      const body = (await app.inject({ method: 'GET', url: '/api/v1/app/config' })).json();
      expect(body.flags).toMatchObject({ ssoTab: false, versionB: true, promotionTab: true });
      expect(body.partnerPointsRequired).toBe(500);
      // A plain string in the file is the text of every language.
      const every = (text: string) => ({ 'pt-BR': text, zh: text, en: text, ja: text, ko: text });
      expect(body.feedAds).toEqual([{ id: 'ad_x', isAd: true, adType: 'video', videoUrl: 'https://feed.example.com/media/x/index.m3u8', adUrl: 'https://partner.example.com/', adButtonText: every('Ir'), title: every('X') }]);
    } finally {
      await app.close();
      await db.drop();
    }
  });

  it('gives every ad text in the five languages: pt-BR has no CJK, ja no Portuguese-only text', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/v1/app/config' })).json();
    const texts: Record<string, string>[] = [
      ...body.feedAds.flatMap((ad: { title: Record<string, string>; adButtonText: Record<string, string> }) => [ad.title, ad.adButtonText]),
      ...Object.values(body.slotAds as Record<string, { title: Record<string, string> }>).map((ad) => ad.title),
    ];
    expect(texts.length).toBeGreaterThan(10);
    for (const text of texts) {
      expect(Object.keys(text).sort()).toEqual(['en', 'ja', 'ko', 'pt-BR', 'zh']);
      expect(text['pt-BR']).not.toMatch(CJK);
      for (const lang of ['zh', 'ja', 'ko']) expect(text[lang], `${lang}: ${text[lang]}`).toMatch(CJK);
      expect(text.en).not.toBe(text['pt-BR']);
    }
    expect(body.feedAds[0].title).toMatchObject({ 'pt-BR': 'Seus pontos valem prêmios no parceiro', ja: 'ためたポイントはパートナーサイトで賞品に' });
  });

  it('takes per-language texts from the file, a left-out language reading pt-BR', async () => {
    const config = testConfig();
    const title = { 'pt-BR': 'Jogue no parceiro', ja: 'パートナーで遊ぼう' };
    writeFileSync(
      path.join(config.dataDir, appConfigFile),
      JSON.stringify({
        feedAds: [{ id: 'ad_y', adType: 'image', adImageUrl: '/y.jpg', adUrl: 'sso:win667', adButtonText: { 'pt-BR': 'Jogar', zh: '开玩' }, title }],
        slotAds: { 'category-header': { type: 'text', title, url: 'sso:win667' } },
      }),
    );
    const db = await openTestDatabase('pglite');
    const app = await buildApp({ config, database: db.database, closeDatabase: false });
    try {
      const body = (await app.inject({ method: 'GET', url: '/api/v1/app/config' })).json();
      const filled = { 'pt-BR': 'Jogue no parceiro', zh: 'Jogue no parceiro', en: 'Jogue no parceiro', ja: 'パートナーで遊ぼう', ko: 'Jogue no parceiro' };
      expect(body.feedAds[0]).toMatchObject({ adButtonText: { 'pt-BR': 'Jogar', zh: '开玩', en: 'Jogar', ja: 'Jogar', ko: 'Jogar' }, title: filled });
      expect(body.slotAds['category-header'].title).toEqual(filled);
    } finally {
      await app.close();
      await db.drop();
    }
  });

  it('refuses per-language texts without pt-BR or with an unknown language, naming the field', async () => {
    const config = testConfig();
    writeFileSync(
      path.join(config.dataDir, appConfigFile),
      JSON.stringify({
        feedAds: [{ id: 'ad_z', adType: 'image', adImageUrl: '/z.jpg', adUrl: 'sso:win667', adButtonText: 'Ir', title: { ja: 'パートナー' } }],
        slotAds: { 'category-header': { type: 'text', title: { 'pt-BR': 'Oi', es: 'Hola' }, url: 'sso:win667' } },
      }),
    );
    const db = await openTestDatabase('pglite');
    try {
      await expect(buildApp({ config, database: db.database, closeDatabase: false }).then((app) => app.ready())).rejects.toThrow(/feedAds\.0\.title[\s\S]*slotAds\.category-header\.title/);
    } finally {
      await db.drop();
    }
  });

  it('refuses to start with a bad file, naming the field', async () => {
    const config = testConfig();
    writeFileSync(path.join(config.dataDir, appConfigFile), JSON.stringify({ feedAds: [{ id: 'x', adType: 'image', adImageUrl: '/a.jpg', adUrl: 'javascript:1', adButtonText: 'a', title: 'b' }] }));
    const db = await openTestDatabase('pglite');
    try {
      await expect(buildApp({ config, database: db.database, closeDatabase: false }).then((app) => app.ready())).rejects.toThrow(/feedAds\.0\.id[\s\S]*feedAds\.0\.adUrl/);
    } finally {
      await db.drop();
    }
  });
});
