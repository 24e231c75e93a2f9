// Slot ads: the server's config (defaults for every slot, file override
// validated), the page's parse of the answer, and what a click does
// (spec 2 §3 ad item, §4 "Ad click").

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AdSlotId, parseSlotAds } from '../../src/api/app-config';
import { openSlotAd } from '../../src/discover/ads/slot-ad-click';
import { demoAppConfigDefaults, demoSlotAds } from '../../server/demo/defaults';
import { appConfigFile, loadAppConfig, publicSlotAds, slotIds } from '../../server/services/app-config';

const dirs: string[] = [];
function dataDir(file?: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'slot-ads-'));
  dirs.push(dir);
  if (file !== undefined) writeFileSync(path.join(dir, appConfigFile), JSON.stringify(file));
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('server slot ads', () => {
  it('the demo fills every slot of the browsing pages, and the ids match the page', () => {
    expect([...slotIds].sort()).toEqual(Object.values(AdSlotId).sort());
    const ads = demoSlotAds();
    expect(Object.keys(ads).sort()).toEqual([...slotIds].sort());
    expect(ads['video-card-ad']).toMatchObject({ enabled: true, type: 'image', url: 'sso:win667' });
    const loaded = loadAppConfig(dataDir(), demoAppConfigDefaults());
    expect(loaded.ok && loaded.config.slotAds).toEqual(ads);
  });

  it('a file replaces them; media paths become absolute under PUBLIC_URL', () => {
    const loaded = loadAppConfig(dataDir({ slotAds: { 'category-header': { type: 'image', image: '/media/x.jpg', title: 'X', url: 'https://p.example/' } } }), demoAppConfigDefaults());
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(Object.keys(loaded.config.slotAds)).toEqual(['category-header']);
    expect(publicSlotAds(loaded.config.slotAds, 'https://app.example/')['category-header']?.image).toBe('https://app.example/media/x.jpg');
  });

  it('a bad file is refused, naming the field', () => {
    const bad = loadAppConfig(dataDir({ slotAds: { 'category-header': { type: 'image', title: 'X', url: 'javascript:alert(1)' }, 'nowhere': { type: 'text', title: 'Y', url: 'sso:win667' } } }), demoAppConfigDefaults());
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.message).toMatch(/slotAds\.category-header\.url/);
    expect(bad.message).toMatch(/slotAds: Unrecognized key: "nowhere"/);
  });
});

describe('page parse', () => {
  it('keeps enabled ads of known slots with a usable link; images resolved against the page', () => {
    const ads = parseSlotAds(
      {
        'category-header': { enabled: true, type: 'text', title: 'T', url: 'sso:win667' },
        'video-card-ad': { enabled: true, type: 'image', image: '/media/a.jpg', title: 'I', url: 'https://p.example/' },
        'pagination-top': { enabled: false, type: 'text', title: 'off', url: 'sso:win667' },
        'search-bar-bottom': { enabled: true, type: 'text', title: 'bad link', url: 'javascript:alert(1)' },
        'plot-section-top': { enabled: true, type: 'image', image: 'javascript:alert(1)', title: 'bad image', url: 'sso:win667' },
        'header-bar-bottom': 'junk',
        'made-up-slot': { enabled: true, type: 'text', title: 'T', url: 'sso:win667' },
      },
      'https://app.example/',
    );
    expect(Object.keys(ads).sort()).toEqual(['category-header', 'plot-section-top', 'video-card-ad']);
    expect(ads['video-card-ad']?.image).toBe('https://app.example/media/a.jpg');
    // A bad picture leaves the ad with no image: the slot shows the icon.
    expect(ads['plot-section-top']?.image).toBeUndefined();
  });

  it('reads per-language titles strictly: a title naming an unknown language drops its ad', () => {
    const ads = parseSlotAds(
      {
        'category-header': { enabled: true, type: 'text', title: { 'pt-BR': 'Jogue agora', ja: '今すぐプレイ' }, url: 'sso:win667' },
        'pagination-top': { enabled: true, type: 'text', title: { 'pt-BR': 'Oi', xx: 'Hi' }, url: 'sso:win667' },
      },
      'https://app.example/',
    );
    expect(ads).toEqual({ 'category-header': { type: 'text', title: { 'pt-BR': 'Jogue agora', ja: '今すぐプレイ' }, url: 'sso:win667' } });
  });
});

describe('ad click', () => {
  function deps(status: string | null, sso?: { failed: boolean }) {
    const log: string[] = [];
    return {
      log,
      deps: {
        win667Status: status,
        startSso: sso ? async () => (log.push('sso'), sso) : undefined,
        partnerHome: '/partner/',
        openTab: (url: string) => void log.push(`tab ${url}`),
        openHere: (url: string) => void log.push(`here ${url}`),
      },
    };
  }

  it('eligible or ready: the sign-on redirect', async () => {
    for (const status of ['eligible', 'ready']) {
      const { log, deps: d } = deps(status, { failed: false });
      await openSlotAd({ url: 'https://ad.example/' }, d);
      expect(log).toEqual(['sso']);
    }
  });

  it('otherwise: the partner home page', async () => {
    for (const status of [null, 'insufficient', '']) {
      const { log, deps: d } = deps(status, { failed: false });
      await openSlotAd({ url: 'https://ad.example/' }, d);
      expect(log).toEqual(['tab /partner/']);
    }
  });

  it('a failed redirect opens the ad link in a new tab; no redirect function opens it directly', async () => {
    const failed = deps('ready', { failed: true });
    await openSlotAd({ url: 'https://ad.example/' }, failed.deps);
    expect(failed.log).toEqual(['sso', 'tab https://ad.example/']);
    const missing = deps('eligible');
    await openSlotAd({ url: 'https://ad.example/' }, missing.deps);
    expect(missing.log).toEqual(['here https://ad.example/']);
  });
});
