import { describe, expect, it } from 'vitest';
import { toFeedItem, type FeedVideoItem } from '../../src/feed/feed-item';
import { PageLoader } from '../../src/feed/page-loader';
import { playCandidates } from '../../src/feed/play-address';
import { RandomPlay, RandomStatus, randomPages, retryDelayMs } from '../../src/feed/random-play';
import { shortClipConfig } from '../../src/api/config';
import { TtlCache } from '../../workers/core/ttl-cache';
import { createRandom } from '../../workers/core/random';
import { fakeCatalogue, video } from './fake-catalogue';

describe('short-clip cache (spec 1 §7): the TTL cache with the client\'s settings', () => {
  const shortClips = { ttlMs: shortClipConfig.ttlMs, maxEntries: shortClipConfig.maxEntries, evictRatio: shortClipConfig.evictRatio };
  it('expires entries after 5 min and keeps null answers', () => {
    let now = 0;
    const cache = new TtlCache<number, string | null>({ ...shortClips, now: () => now });
    cache.set(1, 'a');
    cache.set(2, null);
    now = 299_999;
    expect(cache.get(1)).toBe('a');
    expect(cache.has(2)).toBe(true);
    expect(cache.get(2)).toBeNull();
    now = 300_000;
    expect(cache.get(1)).toBeUndefined();
    expect(cache.has(2)).toBe(false);
  });

  it('removes the oldest 30% when 200 entries are held, and the timer cleans expired ones every 60 s', () => {
    let now = 0;
    const cache = new TtlCache<number, number>({ ...shortClips, now: () => now });
    for (let i = 0; i < 200; i++) cache.set(i, i);
    cache.set(1000, 1);
    expect(cache.size).toBe(141);
    expect(cache.has(59)).toBe(false);
    expect(cache.has(60)).toBe(true);
    let tick: (() => void) | null = null;
    let interval = 0;
    const stop = cache.startCleanup({ setInterval: (fn, ms) => ((tick = fn), (interval = ms), 7), clearInterval: (h) => expect(h).toBe(7) }, shortClipConfig.cleanupIntervalMs);
    expect(interval).toBe(60_000);
    now = 300_001;
    cache.set(2000, 2);
    tick!();
    expect(cache.size).toBe(1);
    stop();
  });
});

describe('play candidates (spec 1 §4 fallback order)', () => {
  // The item's own short URL (the catalogue may name one beside its stream).
  const item: FeedVideoItem = { ...(toFeedItem(video(5)) as FeedVideoItem), shortUrl: 'https://s.example.com/item.m3u8' };

  it('orders cached short, item short, then the original; no fetch when a short URL is known', async () => {
    let fetched = 0;
    const list = await playCandidates(item, { cachedShortUrl: () => 'https://s.example.com/cached.m3u8', fetchShortUrl: async () => (fetched++, 'x') });
    expect(list.map((c) => c.source)).toEqual(['cached-short', 'item-short', 'original']);
    expect(list[2].url).toBe('https://cdn.example.com/5/index.m3u8');
    expect(fetched).toBe(0);
  });

  it('fetches a clip by id when none is known, and ignores invalid short URLs', async () => {
    const plain = toFeedItem(video(6)) as FeedVideoItem;
    const asked: number[] = [];
    const list = await playCandidates(plain, { cachedShortUrl: () => 'https://s.example.com/poster.jpg', fetchShortUrl: async (id) => (asked.push(id), ' https://s.example.com/6.m3u8 ') });
    expect(asked).toEqual([6]);
    expect(list).toEqual([
      { url: 'https://s.example.com/6.m3u8', source: 'fetched-short' },
      { url: 'https://cdn.example.com/6/index.m3u8', source: 'original' },
    ]);
    const none = await playCandidates(plain, { cachedShortUrl: () => undefined, fetchShortUrl: async () => null });
    expect(none.map((c) => c.source)).toEqual(['original']);
  });
});

describe('page loader (spec 1 §4 "Feed page loading")', () => {
  it('serves batches of 10, reads play addresses with ac=detail, and wraps back to page 1', async () => {
    const cat = fakeCatalogue(25, 20);
    const loader = new PageLoader({ lang: 'pt', catalogue: cat, now: () => 0 });
    const a = await loader.loadBatch();
    const b = await loader.loadBatch();
    const c = await loader.loadBatch();
    if (!a.ok || !b.ok || !c.ok) throw new Error('expected batches');
    expect(a.items.map((i) => i.vod_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(a.items[0].url).toBe('https://cdn.example.com/1/index.m3u8');
    expect(b.items.map((i) => i.vod_id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(c.items.map((i) => i.vod_id)).toEqual([21, 22, 23, 24, 25]);
    expect(cat.calls.slice(0, 2)).toEqual(['list:1', 'detail:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20']);
    // Page 2 is the last: the counter is back at 1.
    expect(loader.snapshot().nextPage).toBe(1);
  });

  it('filters already-seen ids and starts a new round when everything was shown', async () => {
    const cat = fakeCatalogue(12, 20);
    const loader = new PageLoader({ lang: 'pt', catalogue: cat, now: () => 0 });
    loader.markSeen([1, 2]);
    const a = await loader.loadBatch();
    if (!a.ok) throw new Error('expected a batch');
    expect(a.items.map((i) => i.vod_id)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const b = await loader.loadBatch();
    if (!b.ok) throw new Error('expected a batch');
    expect(b.restarted).toBe(true);
    expect(b.items).toHaveLength(10);
    expect(new Set(b.items.map((i) => i.vod_id)).size).toBe(10);
  });

  it('an error starts a 5 s cool-down, counts retries, and a success resets them', async () => {
    let now = 1_000;
    const cat = fakeCatalogue(30, 20);
    cat.failLists = 2;
    const loader = new PageLoader({ lang: 'pt', catalogue: cat, now: () => now });
    const first = await loader.loadBatch();
    expect(first).toMatchObject({ ok: false, reason: 'error', retryAt: 6_000, retriesLeft: 2 });
    expect(await loader.loadBatch()).toMatchObject({ ok: false, reason: 'cooldown', retryAt: 6_000 });
    now = 6_000;
    expect(await loader.loadBatch()).toMatchObject({ ok: false, reason: 'error', retriesLeft: 1 });
    expect(loader.snapshot().retryCount).toBe(2);
    now = 11_000;
    const ok = await loader.loadBatch();
    expect(ok.ok).toBe(true);
    expect(loader.snapshot()).toMatchObject({ retryCount: 0, cooldownUntil: 0 });
  });

  it('drops videos with no play address even after ac=detail', async () => {
    const cat = fakeCatalogue(3, 20);
    const detail = cat.detail;
    cat.detail = async (ids, o) => {
      const r = await detail(ids, o);
      return r.ok ? { ok: true, value: r.value.map((v) => (v.vod_id === 2 ? { ...v, vod_play_url: 'x$https://img.example.com/2.png' } : v)) } : r;
    };
    const r = await new PageLoader({ lang: 'pt', catalogue: cat, now: () => 0 }).loadBatch();
    expect(r.ok && r.items.map((i) => i.vod_id)).toEqual([1, 3]);
  });
});

function fakeTimers() {
  const pending: { fn: () => void; ms: number; id: number }[] = [];
  let next = 1;
  return {
    pending,
    timers: {
      setTimeout: (fn: () => void, ms: number) => {
        const id = next++;
        pending.push({ fn, ms, id });
        return id;
      },
      clearTimeout: (h: unknown) => {
        const i = pending.findIndex((p) => p.id === h);
        if (i >= 0) pending.splice(i, 1);
      },
    },
    async fire() {
      const t = pending.shift();
      t?.fn();
      await new Promise((r) => setTimeout(r, 0));
      return t?.ms;
    },
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('random play (spec 3 §4, §9)', () => {
  it('retry delays are 1000 ms x attempt capped at 5 s; pages are distinct within 1..50 and the known count', () => {
    expect([1, 2, 3, 6].map(retryDelayMs)).toEqual([1000, 2000, 3000, 5000]);
    const rnd = createRandom(3);
    for (let i = 0; i < 50; i++) {
      const pages = randomPages(rnd, 80);
      expect(new Set(pages).size).toBe(3);
      expect(pages.every((p) => p >= 1 && p <= 50)).toBe(true);
    }
    expect(randomPages(rnd, 2).sort()).toEqual([1, 2]);
  });

  it('starts: initializing -> active, three pages in parallel with an 8 s time-out, batches of 5', async () => {
    const cat = fakeCatalogue(200, 20);
    const timeouts: number[] = [];
    const list = cat.list;
    cat.list = (q, o) => (timeouts.push(o?.timeoutMs ?? 0), list(q, o));
    const seen: string[] = [];
    const rp = new RandomPlay({ lang: 'pt', catalogue: cat, random: createRandom(1), now: () => 0, timers: fakeTimers().timers, onChange: (s) => seen.push(s.status) });
    const items = await rp.start();
    expect(seen[0]).toBe(RandomStatus.Initializing);
    expect(rp.state.status).toBe(RandomStatus.Active);
    expect(items).toHaveLength(5);
    expect(timeouts).toEqual([8000, 8000, 8000]);
    const more = await rp.more();
    expect(more).toHaveLength(5);
    expect(new Set([...items!, ...more!].map((i) => i.vod_id)).size).toBe(10);
  });

  it('retries twice after 1 s and 2 s with (n/2) toasts, then a failed start deactivates; manual retry up to 2 times', async () => {
    const cat = fakeCatalogue(40, 20);
    cat.failLists = 9;
    const t = fakeTimers();
    const toasts: string[] = [];
    const rp = new RandomPlay({ lang: 'pt', catalogue: cat, random: createRandom(2), now: () => 0, timers: t.timers, notify: (k, p) => toasts.push(`${k}:${p.n}/${p.max}`) });
    const started = rp.start();
    await flush();
    expect(await t.fire()).toBe(1000);
    await flush();
    expect(await t.fire()).toBe(2000);
    expect(await started).toBeNull();
    expect(toasts).toEqual(['feed:random.retryFailedN:1/2', 'feed:random.retryFailedN:2/2']);
    expect(rp.state).toMatchObject({ status: RandomStatus.Stopped, message: { key: 'feed:random.startFailed' } });
    cat.failLists = 0;
    const manual = await rp.manualRetry();
    expect(manual).toHaveLength(5);
    expect(rp.state).toMatchObject({ status: RandomStatus.Active, manualRetriesLeft: 1 });
    await rp.manualRetry();
    expect(await rp.manualRetry()).toBeNull();
    expect(rp.state.message).toEqual({ key: 'feed:random.maxRetries' });
  });

  it('pausing cancels the pending retry timer; resuming preloads', async () => {
    // Pages of 2: three pages give 6 items, so the second batch must load.
    const cat = fakeCatalogue(200, 2);
    const t = fakeTimers();
    const rp = new RandomPlay({ lang: 'pt', catalogue: cat, random: createRandom(4), now: () => 0, timers: t.timers });
    expect(await rp.start()).toHaveLength(5);
    cat.failLists = 3;
    const loading = rp.more();
    await flush();
    expect(t.pending.map((p) => p.ms)).toEqual([1000]);
    rp.pause();
    expect(t.pending).toHaveLength(0);
    expect(rp.state.status).toBe(RandomStatus.Paused);
    // The one queued item is still handed out; no retry runs while paused.
    expect(await loading).toHaveLength(1);
    const before = cat.calls.length;
    await rp.resume();
    expect(rp.state.status).toBe(RandomStatus.Active);
    expect(cat.calls.length).toBeGreaterThan(before);
    expect(await rp.more()).toHaveLength(5);
  });
});

describe('the "all" source (综合, spec 3 §2, §7): random pages after the first', () => {
  it('reads page 1 first, then three distinct random pages in parallel within the page count; a category reads in order', async () => {
    const cat = fakeCatalogue(400, 20); // 20 pages
    let inFlight = 0;
    let most = 0;
    const list = cat.list.bind(cat);
    cat.list = async (q, o) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 0));
      inFlight--;
      return list(q, o);
    };
    const all = new PageLoader({ lang: 'pt', catalogue: cat, now: () => 0, random: createRandom(11) });
    const first = await all.loadBatch();
    expect(first.ok).toBe(true);
    expect(cat.calls.filter((c) => c.startsWith('list:'))).toEqual(['list:1']);
    cat.calls.length = 0;
    await all.loadBatch();
    await all.loadBatch();
    const pages = cat.calls.filter((c) => c.startsWith('list:')).map((c) => Number(c.slice(5)));
    expect(most).toBe(3);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const p of pages) expect(p >= 1 && p <= 20).toBe(true);
    expect(new Set(pages.slice(0, 3)).size).toBe(3);
    // Not the pages in order: a sequential reader would ask for 2, 3, 4.
    expect(pages.slice(0, 3)).not.toEqual([2, 3, 4]);

    const byCategory = fakeCatalogue(400, 20, { 7: Array.from({ length: 400 }, (_, i) => i + 1) });
    const category = new PageLoader({ lang: 'pt', catalogue: byCategory, now: () => 0, typeId: 7 });
    await category.loadBatch();
    await category.loadBatch();
    await category.loadBatch();
    expect(byCategory.calls.filter((c) => c.startsWith('list:'))).toEqual(['list:1:t7', 'list:2:t7']);
  });
});
