// Poster preloading (spec 2 §4, §9): time-outs per platform, silent
// failures, at most 50 remembered with the oldest forgotten first.

import { describe, expect, it } from 'vitest';
import { discoverConfig } from '../../../src/discover/config';
import { createImagePreloader } from '../../../src/discover/image-preload';

describe('image preloader', () => {
  it('spec time-outs: 8 s on Safari or iOS, 5 s elsewhere; first 3 per category; 50 entries', () => {
    expect(discoverConfig.preloadTimeoutMs).toEqual({ 'safari-ios': 8_000, mobile: 5_000, desktop: 5_000 });
    expect(discoverConfig.preloadPerCategory).toBe(3);
    expect(discoverConfig.imageCacheEntries).toBe(50);
  });

  it('passes the time-out, marks loaded images, ignores failures and unsafe addresses silently', async () => {
    const asked: [string, number][] = [];
    const preloader = createImagePreloader({
      timeoutMs: 8_000,
      maxEntries: 50,
      loadImage: async (url, timeoutMs) => {
        asked.push([url, timeoutMs]);
        if (url.includes('throws')) throw new Error('boom');
        return !url.includes('broken');
      },
    });
    await expect(preloader.preload(['https://i.test/a.jpg', 'https://i.test/broken.jpg', 'https://i.test/throws.jpg', 'javascript:alert(1)', undefined, ''])).resolves.toBeUndefined();
    expect(asked.map(([u]) => u)).toEqual(['https://i.test/a.jpg', 'https://i.test/broken.jpg', 'https://i.test/throws.jpg']);
    expect(asked.every(([, t]) => t === 8_000)).toBe(true);
    expect(preloader.isLoaded('https://i.test/a.jpg')).toBe(true);
    expect(preloader.isLoaded('https://i.test/broken.jpg')).toBe(false);
    // Loaded ones are not fetched again; a failed one is tried again next time.
    await preloader.preload(['https://i.test/a.jpg', 'https://i.test/broken.jpg']);
    expect(asked.map(([u]) => u).filter((u) => u.endsWith('a.jpg'))).toHaveLength(1);
    expect(asked.map(([u]) => u).filter((u) => u.endsWith('broken.jpg'))).toHaveLength(2);
  });

  it('keeps at most 50, forgetting the oldest', async () => {
    const preloader = createImagePreloader({ timeoutMs: 5_000, maxEntries: discoverConfig.imageCacheEntries, loadImage: async () => true });
    await preloader.preload(Array.from({ length: 55 }, (_, i) => `https://i.test/${i}.jpg`));
    expect(preloader.size).toBe(50);
    expect(preloader.isLoaded('https://i.test/0.jpg')).toBe(false);
    expect(preloader.isLoaded('https://i.test/4.jpg')).toBe(false);
    expect(preloader.isLoaded('https://i.test/5.jpg')).toBe(true);
    expect(preloader.isLoaded('https://i.test/54.jpg')).toBe(true);
  });

  it('one load per address even when asked twice at once', async () => {
    let calls = 0;
    const preloader = createImagePreloader({ timeoutMs: 5_000, maxEntries: 50, loadImage: async () => (calls++, true) });
    await Promise.all([preloader.preload(['https://i.test/x.jpg']), preloader.preload(['https://i.test/x.jpg'])]);
    expect(calls).toBe(1);
  });
});
