// The language a visit starts in, and the catalogue's lang parameter that
// follows it from the feed's very first request.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLanguage } from '../../src/i18n';

function fakeWindow(url: string, storage: Record<string, string> | 'throws' = {}): Window {
  const u = new URL(url);
  return {
    location: { search: u.search, hostname: u.hostname },
    get localStorage() {
      if (storage === 'throws') throw new Error('SecurityError');
      return { getItem: (k: string) => storage[k] ?? null };
    },
  } as unknown as Window;
}

describe('startLanguage', () => {
  it('?lang= switches in debug mode (debug=true, a debug_mode flag, or a local host)', () => {
    expect(startLanguage(fakeWindow('https://clipfeed.example/?debug=true&lang=en'))).toBe('en');
    expect(startLanguage(fakeWindow('https://clipfeed.example/?lang=ja', { debug_mode: 'true' }))).toBe('ja');
    expect(startLanguage(fakeWindow('http://localhost:3000/?lang=ko'))).toBe('ko');
    expect(startLanguage(fakeWindow('https://clipfeed.example/?debug_mode=1&lang=zh'))).toBe('zh');
  });

  it('outside debug mode, or with an unknown code, the build default is used', () => {
    expect(startLanguage(fakeWindow('https://clipfeed.example/?lang=en'))).toBe('pt-BR');
    expect(startLanguage(fakeWindow('https://clipfeed.example/?debug=1&lang=en'))).toBe('pt-BR');
    expect(startLanguage(fakeWindow('https://clipfeed.example/?debug=true&lang=fr'))).toBe('pt-BR');
    expect(startLanguage(fakeWindow('https://clipfeed.example/?lang=en', 'throws'))).toBe('pt-BR');
    expect(startLanguage(undefined)).toBe('pt-BR');
  });
});

describe('the catalogue language', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("the feed's first list asks in the start language", async () => {
    vi.stubGlobal('window', fakeWindow('https://clipfeed.example/?debug=true&lang=ja'));
    vi.resetModules();
    const { i18n } = await import('../../src/i18n');
    const { configureFeed, initFeed } = await import('../../src/feed/store');
    const { resetFeed } = await import('../../src/feed/feed-state');
    expect(i18n.language).toBe('ja');
    const langs: (string | undefined)[] = [];
    configureFeed({
      catalogue: {
        list: async (query) => (langs.push(query.lang), { ok: true, value: { code: 1, msg: '', page: 1, pagecount: 1, limit: 20, total: 0, list: [] } }),
        detail: async () => ({ ok: true, value: [] }),
        categories: async () => ({ ok: true, value: [] }),
      },
    });
    await initFeed();
    resetFeed();
    expect(langs[0]).toBe('ja');
  });
});
