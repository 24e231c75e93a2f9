// The search state in session storage (spec 2 §2.3, §4): saved, read back,
// cleared; damaged or blank entries count as none.

import { describe, expect, it } from 'vitest';
import { discoverConfig } from '../../../src/discover/config';
import { clearSearchSession, loadSearchSession, saveSearchSession, type SearchSession } from '../../../src/discover/search-session';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const video = (id: number) => ({ vod_id: id, vod_name: `V${id}`, vod_pic: '' });

const state = (more: Partial<SearchSession> = {}): SearchSession => ({
  lastSearchQuery: 'gato',
  searchResults: [],
  showSearchResults: true,
  searchCurrentPage: 2,
  searchPagecount: 3,
  searchTotal: 45,
  pageState: 'search',
  ...more,
});

describe('search session', () => {
  it('saves under the discover key with the spec fields and reads them back', () => {
    const store = memoryStore();
    saveSearchSession(state({ searchResults: [video(1), video(2)] as never }), store);
    const raw = JSON.parse(store.map.get(discoverConfig.sessionKey) ?? '{}');
    expect(Object.keys(raw).sort()).toEqual(['lastSearchQuery', 'pageState', 'searchCurrentPage', 'searchPagecount', 'searchResults', 'searchTotal', 'showSearchResults']);
    const back = loadSearchSession(store);
    expect(back).toMatchObject({ lastSearchQuery: 'gato', searchCurrentPage: 2, searchPagecount: 3, searchTotal: 45, showSearchResults: true, pageState: 'search' });
    expect(back?.searchResults.map((v) => v.vod_id)).toEqual([1, 2]);
  });

  it('clear removes it', () => {
    const store = memoryStore();
    saveSearchSession(state(), store);
    clearSearchSession(store);
    expect(loadSearchSession(store)).toBeNull();
  });

  it('a blank saved query is no saved search', () => {
    const store = memoryStore();
    saveSearchSession(state({ lastSearchQuery: '   ' }), store);
    expect(loadSearchSession(store)).toBeNull();
  });

  it('damaged entries count as none; bad fields fall back; bad results are dropped', () => {
    const store = memoryStore();
    store.setItem(discoverConfig.sessionKey, '{not json');
    expect(loadSearchSession(store)).toBeNull();
    store.setItem(discoverConfig.sessionKey, JSON.stringify({ lastSearchQuery: 'x', searchResults: [video(1), { vod_id: 'evil' }, 5], searchCurrentPage: -4, searchPagecount: 'many', searchTotal: 1.5, pageState: 'admin', showSearchResults: 'yes' }));
    const back = loadSearchSession(store);
    expect(back).toMatchObject({ lastSearchQuery: 'x', searchCurrentPage: 1, searchPagecount: 1, searchTotal: 0, pageState: 'home', showSearchResults: false });
    expect(back?.searchResults.map((v) => v.vod_id)).toEqual([1]);
  });

  it('blocked storage neither throws nor restores', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => saveSearchSession(state(), blocked)).not.toThrow();
    expect(loadSearchSession(blocked)).toBeNull();
    expect(() => clearSearchSession(blocked)).not.toThrow();
    expect(loadSearchSession(null)).toBeNull();
  });
});
