// The app config the first render uses (src/server-config/store.ts): the
// answer the server embedded in the page, with no request at all; else the
// last answer this browser received, then the fetched one; a failed fetch
// keeps what shows. The store reads the page when its module loads, so each
// case loads it afresh against its own page, storage and network.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStore } from '../../src/lib/key-value-store';
import { serverConfigConfig } from '../../src/server-config/config';

const answer = (flags: Record<string, boolean>) => ({
  flags: { promotionTab: false, ssoTab: false, promotionBadge: false, analytics: false, creditsDisplay: false, versionB: false, useAlternativeEndpoint: false, ...flags },
  feedAds: [],
  partnerPointsRequired: 700,
  slotAds: { 'category-header': { enabled: true, type: 'text', title: 'Parceiro', url: 'https://partner.example/' } },
});

async function loadStore(page: { embedded?: unknown }, storage: ReturnType<typeof memoryStore>, fetched: unknown | 'fail') {
  vi.resetModules();
  const text = page.embedded === undefined ? null : JSON.stringify(page.embedded);
  vi.stubGlobal('document', { getElementById: (id: string) => (id === serverConfigConfig.embeddedElementId && text !== null ? { textContent: text } : null) });
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('location', { origin: 'http://app.example', hostname: 'app.example', search: '', href: 'http://app.example/' });
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(String(url));
    return fetched === 'fail' ? new Response('no', { status: 503 }) : new Response(JSON.stringify(fetched), { headers: { 'content-type': 'application/json' } });
  });
  const store = await import('../../src/server-config/store');
  return { ...store, calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the app config the first render uses', () => {
  it('is the answer embedded in the page: settled at once, never fetched, remembered for the next visit', async () => {
    const storage = memoryStore();
    const s = await loadStore({ embedded: answer({ promotionTab: true, creditsDisplay: true }) }, storage, answer({}));
    expect(s.appConfigState.loaded).toBe(true);
    expect(s.appConfigState.config.flags.promotionTab).toBe(true);
    expect(s.appConfigState.config.partnerPointsRequired).toBe(700);
    expect(s.appConfigState.config.slotAds['category-header']?.title).toEqual({ 'pt-BR': 'Parceiro', zh: 'Parceiro', en: 'Parceiro', ja: 'Parceiro', ko: 'Parceiro' });
    expect((await s.loadAppConfig()).flags.creditsDisplay).toBe(true);
    expect(s.calls).toEqual([]);
    expect(JSON.parse(storage.getItem(serverConfigConfig.rememberKey)!).flags.promotionTab).toBe(true);
  });

  it('is the last answer received when the page has none (served by the service worker), replaced by the fetched one', async () => {
    const storage = memoryStore({ [serverConfigConfig.rememberKey]: JSON.stringify(answer({ ssoTab: true })) });
    const s = await loadStore({}, storage, answer({ promotionTab: true }));
    expect(s.appConfigState.loaded).toBe(false);
    expect(s.appConfigState.config.flags.ssoTab).toBe(true);
    await s.loadAppConfig();
    expect(s.calls).toHaveLength(1);
    expect(s.appConfigState.loaded).toBe(true);
    expect(s.appConfigState.config.flags).toMatchObject({ ssoTab: false, promotionTab: true });
    expect(JSON.parse(storage.getItem(serverConfigConfig.rememberKey)!).flags.promotionTab).toBe(true);
  });

  it('keeps what shows when the fetch fails, and falls back to the defaults only with nothing known', async () => {
    const remembered = await loadStore({}, memoryStore({ [serverConfigConfig.rememberKey]: JSON.stringify(answer({ ssoTab: true })) }), 'fail');
    await remembered.loadAppConfig();
    expect(remembered.appConfigState.loaded).toBe(true);
    expect(remembered.appConfigState.config.flags.ssoTab).toBe(true);
    const nothing = await loadStore({}, memoryStore({ [serverConfigConfig.rememberKey]: '{not json' }), 'fail');
    expect(nothing.appConfigState.config.flags.ssoTab).toBe(false);
    expect(nothing.appConfigState.config.fromServer).toBe(false);
  });

  it('reads a garbled embedded block field by field, as a fetched answer: each bad field takes its default', async () => {
    const s = await loadStore({ embedded: { flags: 'x', feedAds: 3, partnerPointsRequired: -1, slotAds: { 'category-header': { type: 'text', title: 'X', url: 'javascript:alert(1)' } } } }, memoryStore(), answer({ promotionTab: true }));
    expect(s.appConfigState.config.flags.promotionTab).toBe(false);
    expect(s.appConfigState.config.partnerPointsRequired).toBe(1000);
    expect(s.appConfigState.config.slotAds).toEqual({});
    expect(s.appConfigState.config.feedAds).toEqual([]);
  });
});
