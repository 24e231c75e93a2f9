import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { appConfigFile } from '../../server/services/app-config';
import { openTestDatabase, testConfig, buildTestApp, type TestApp } from './helpers/test-app';

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
      expect(body.feedAds).toEqual([{ id: 'ad_x', isAd: true, adType: 'video', videoUrl: 'https://feed.example.com/media/x/index.m3u8', adUrl: 'https://partner.example.com/', adButtonText: 'Ir', title: 'X' }]);
    } finally {
      await app.close();
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
