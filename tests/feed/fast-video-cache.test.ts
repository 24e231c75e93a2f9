import { afterEach, describe, expect, it } from 'vitest';
import { fastCacheConfig } from '../../src/feed/config';
import { readFastCache, writeFastCache } from '../../src/feed/fast-video-cache';
import type { KeyValueStore } from '../../src/lib/key-value-store';
import { toFeedItems, type FeedAdItem, type FeedItem } from '../../src/feed/feed-item';
import { browserEnvironment } from '../../src/feed/environment';
import { configureFeed, feedState, initFeed, nextVideo } from '../../src/feed/store';
import { resetFeed } from '../../src/feed/feed-state';
import { fakeCatalogue, video } from './fake-catalogue';

function memoryStorage(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const items = (n: number) => toFeedItems(Array.from({ length: n }, (_, i) => video(i + 1)));
const ad: FeedAdItem = { id: 'ad_x_5', isAd: true, adType: 'image', adImageUrl: 'https://x/a.jpg', adUrl: 'https://x', adButtonText: { 'pt-BR': 'Go' }, title: { 'pt-BR': 'Ad' } };

describe('fast video cache (spec 1 §3, §9)', () => {
  it('keeps the current video and up to 15 from it (ads left out), and gives back the ones after it', () => {
    const storage = memoryStorage();
    const list: FeedItem[] = items(30);
    list.splice(4, 0, ad);
    writeFastCache(storage, list, 2, 3, 1_000);
    const record = JSON.parse(storage.data.get(fastCacheConfig.storageKey)!);
    expect(record.videos).toHaveLength(fastCacheConfig.maxVideos);
    expect(record.videos[0].vod_id).toBe(3);
    expect(record).toMatchObject({ timestamp: 1_000, currentIndex: 0, page: 3 });
    const hit = readFastCache(storage, 1_000 + fastCacheConfig.ttlMs - 1)!;
    expect(hit.upcoming.map((i) => i.vod_id)).toEqual([4, ...Array.from({ length: 13 }, (_, i) => i + 5)]);
    expect(hit.upcoming[0]).toMatchObject({ title: 'Video 4', url: 'https://cdn.example.com/4/index.m3u8' });
    expect(hit.ids).toContain(3);
    expect(hit.page).toBe(3);
  });

  it('is void after 10 minutes, and removed', () => {
    const storage = memoryStorage();
    writeFastCache(storage, items(12), 0, 2, 1_000);
    expect(readFastCache(storage, 1_000 + fastCacheConfig.ttlMs)).toBeNull();
    expect(storage.data.has(fastCacheConfig.storageKey)).toBe(false);
  });

  it('treats what it reads back as untrusted: junk, bad items and markup', () => {
    const storage = memoryStorage();
    storage.setItem(fastCacheConfig.storageKey, '{not json');
    expect(readFastCache(storage, 5)).toBeNull();
    storage.setItem(fastCacheConfig.storageKey, JSON.stringify({ videos: 'x', timestamp: 1, currentIndex: 0 }));
    expect(readFastCache(storage, 5)).toBeNull();
    storage.setItem(
      fastCacheConfig.storageKey,
      JSON.stringify({
        videos: [{ vod_id: 1, vod_name: 'Now', m3u8_url: 'https://c/1.m3u8' }, { vod_id: -4, m3u8_url: 'https://c/x.m3u8' }, { vod_id: 2, vod_name: '<img src=x onerror=alert(1)>Two', m3u8_url: 'javascript:alert(1)' }, { vod_id: 3, vod_name: '<b>Three</b>', m3u8_url: 'https://c/3.m3u8' }],
        timestamp: 1,
        currentIndex: 0,
        page: -2,
      }),
    );
    const hit = readFastCache(storage, 5)!;
    // Bad id dropped, unplayable address dropped, markup is text at most.
    expect(hit.upcoming.map((i) => [i.vod_id, i.title])).toEqual([[3, 'Three']]);
    expect(hit.page).toBe(1);
  });

  it('a blocked storage costs nothing', () => {
    const blocked: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => writeFastCache(blocked, items(3), 0, 1, 1)).not.toThrow();
    expect(readFastCache(blocked, 1)).toBeNull();
  });
});

describe('the feed store with the fast cache', () => {
  afterEach(() => resetFeed());

  function setup(storage: KeyValueStore, now: { t: number }) {
    const cat = fakeCatalogue(40, 20);
    const timers: (() => void)[] = [];
    configureFeed({
      catalogue: cat,
      storage,
      now: () => now.t,
      timers: { setTimeout: (fn) => timers.push(fn), clearTimeout: () => undefined },
      environment: { ...browserEnvironment, pageActive: () => true, hidden: () => false, heapUsedRatio: () => null, networkVerySlow: () => false },
    });
    return { cat, flush: () => timers.splice(0).forEach((fn) => fn()) };
  }

  it('a visitor back within 10 minutes starts on the videos not reached, with no catalogue call, and loads on from the saved page', async () => {
    const storage = memoryStorage();
    const now = { t: 50_000 };
    const first = setup(storage, now);
    await initFeed();
    await nextVideo();
    await nextVideo();
    first.flush();
    expect(first.cat.calls.length).toBeGreaterThan(0);
    resetFeed();

    now.t += 60_000;
    const again = setup(storage, now);
    await initFeed();
    expect(again.cat.calls).toEqual([]);
    expect(feedState.items[0].id).toBe('4');
    expect(feedState.initialized).toBe(true);
    expect(feedState.page).toBe(2);
  });

  it('after 10 minutes the catalogue is read again from page 1', async () => {
    const storage = memoryStorage();
    const now = { t: 50_000 };
    const first = setup(storage, now);
    await initFeed();
    await nextVideo();
    first.flush();
    resetFeed();
    now.t += fastCacheConfig.ttlMs + 1;
    const again = setup(storage, now);
    await initFeed();
    expect(again.cat.calls[0]).toMatch(/^list:1/);
    expect(feedState.items[0].id).toBe('1');
  });
});
