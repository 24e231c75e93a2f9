// The clean endpoint's cache and bounds, unit by unit: the byte-bounded cache
// (eviction by bytes, least recently used first; expiry on an injected
// clock), the clean service over it (5-minute reuse, live playlists kept
// half a target duration, failures never kept) and the worker pool's
// bounded queue (503 with Retry-After when full).

import { afterEach, describe, expect, it } from 'vitest';
import { ByteBoundedCache } from '../../server/services/media/clean-cache';
import { createCleanPool, defaultCleanThreads, type CleanPool } from '../../server/services/media/clean-pool';
import { busyMessage, createCleanService, type PlaylistFetcher } from '../../server/services/media/clean-service';
import { countExtinf, runCleanTask } from '../../server/services/media/clean-task';
import { mediaConfig } from '../../server/services/media/config';

const film = (count: number, live = false) =>
  ['#EXTM3U', '#EXT-X-TARGETDURATION:6', ...Array.from({ length: count }, (_, i) => `#EXTINF:6.0,\nseg_${i}.ts`), ...(live ? [] : ['#EXT-X-ENDLIST']), ''].join('\n');

describe('ByteBoundedCache', () => {
  const sized = (maxBytes: number, now?: () => number) => new ByteBoundedCache<string>({ maxBytes, ttlMs: mediaConfig.cleanCacheTtlMs, now }, (_key, value) => value.length);

  it('is bounded by bytes: filling it past the limit evicts the oldest entries', () => {
    const cache = sized(100);
    cache.set('a', 'x'.repeat(40));
    cache.set('b', 'x'.repeat(40));
    expect(cache.bytes).toBe(80);
    cache.set('c', 'x'.repeat(40));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toHaveLength(40);
    expect(cache.get('c')).toHaveLength(40);
    expect(cache.bytes).toBe(80);
    // One big entry pushes out as many old ones as it needs.
    cache.set('d', 'x'.repeat(90));
    expect([cache.get('b'), cache.get('c')]).toEqual([undefined, undefined]);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(90);
  });

  it('evicts the least recently used first, and never stores an entry larger than the whole budget', () => {
    const cache = sized(100);
    cache.set('a', 'x'.repeat(30));
    cache.set('b', 'x'.repeat(30));
    cache.set('c', 'x'.repeat(30));
    cache.get('a');
    cache.set('d', 'x'.repeat(30));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.set('huge', 'x'.repeat(101))).toBe(false);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes).toBe(90);
    // Replacing an entry counts its bytes once.
    cache.set('a', 'x'.repeat(10));
    expect(cache.bytes).toBe(70);
  });

  it('forgets entries 5 minutes after they were stored, reads or not', () => {
    let now = 1_000_000;
    const cache = sized(1000, () => now);
    expect(mediaConfig.cleanCacheTtlMs).toBe(5 * 60_000);
    cache.set('a', 'answer');
    now += 4 * 60_000;
    expect(cache.get('a')).toBe('answer');
    now += 60_000 - 1;
    expect(cache.get('a')).toBe('answer');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('drops expired entries before live ones when it is over budget', () => {
    let now = 0;
    const cache = sized(100, () => now);
    cache.set('short', 'x'.repeat(40), 1_000);
    cache.set('long', 'x'.repeat(40));
    cache.get('short');
    now = 2_000;
    cache.set('new', 'x'.repeat(40));
    expect(cache.get('long')).toBeDefined();
    expect(cache.get('new')).toBeDefined();
  });
});

describe('the clean service', () => {
  /** A pool that cleans on this thread: the service's rules without threads. */
  const inlinePool: CleanPool = { run: async (task) => runCleanTask(task), queued: 0, close: async () => {} };

  function fakeUpstream(bodies: Record<string, string>) {
    const hits: string[] = [];
    const fetchPlaylist: PlaylistFetcher = async (url) => {
      hits.push(url);
      const text = bodies[url];
      if (text === undefined) return { ok: false, error: { kind: 'upstream', code: 'UPSTREAM', message: `Upstream answered HTTP 404 for ${url}.`, retryable: false } };
      return { ok: true, value: { text, url } };
    };
    return { hits, fetchPlaylist };
  }

  it('reuses an answer for 5 minutes on the service\'s clock, then fetches again', async () => {
    let now = 0;
    const up = fakeUpstream({ 'https://cdn.example/v.m3u8': film(10) });
    const service = createCleanService({ fetchPlaylist: up.fetchPlaylist, pool: inlinePool, now: () => now });
    const first = await service.clean({ src: 'https://cdn.example/v.m3u8' });
    expect(first.ok && first.value.text).toContain('https://cdn.example/seg_0.ts');
    now = mediaConfig.cleanCacheTtlMs - 1;
    expect(await service.clean({ src: 'https://cdn.example/v.m3u8' })).toEqual(first);
    expect(up.hits).toHaveLength(1);
    now = mediaConfig.cleanCacheTtlMs;
    expect(await service.clean({ src: 'https://cdn.example/v.m3u8' })).toEqual(first);
    expect(up.hits).toHaveLength(2);
  });

  it('keeps a live playlist for half its target duration only', async () => {
    let now = 0;
    const up = fakeUpstream({ 'https://cdn.example/live.m3u8': film(5, true) });
    const service = createCleanService({ fetchPlaylist: up.fetchPlaylist, pool: inlinePool, now: () => now });
    await service.clean({ src: 'https://cdn.example/live.m3u8' });
    now = 2_999;
    await service.clean({ src: 'https://cdn.example/live.m3u8' });
    expect(up.hits).toHaveLength(1);
    now = 3_000;
    await service.clean({ src: 'https://cdn.example/live.m3u8' });
    expect(up.hits).toHaveLength(2);
  });

  it('keeps no failure', async () => {
    const up = fakeUpstream({});
    const service = createCleanService({ fetchPlaylist: up.fetchPlaylist, pool: inlinePool });
    for (const n of [1, 2]) {
      const r = await service.clean({ src: 'https://cdn.example/gone.m3u8' });
      expect(r).toEqual({ ok: false, error: { status: 502, code: 'UPSTREAM', message: 'Upstream answered HTTP 404 for https://cdn.example/gone.m3u8.' } });
      expect(up.hits).toHaveLength(n);
    }
    expect(service.cache.size).toBe(0);
  });

  it('cancels a shared fetch only when every request for it has gone away', async () => {
    let signal: AbortSignal | undefined;
    let release!: () => void;
    const service = createCleanService({
      pool: inlinePool,
      fetchPlaylist: (url, o) => {
        signal = o.signal;
        return new Promise((resolve) => {
          release = () => resolve({ ok: true, value: { text: film(3), url } });
          o.signal.addEventListener('abort', () => resolve({ ok: false, error: { kind: 'aborted', code: 'ABORTED', message: 'aborted', retryable: false } }));
        });
      },
    });
    const a = new AbortController();
    const b = new AbortController();
    const first = service.clean({ src: 'https://cdn.example/v.m3u8' }, a.signal);
    const second = service.clean({ src: 'https://cdn.example/v.m3u8' }, b.signal);
    a.abort();
    expect((await first).ok).toBe(false);
    expect(signal?.aborted).toBe(false);
    release();
    expect((await second).ok).toBe(true);
    // Both leave: the fetch is cancelled, and the next request starts afresh.
    const c = new AbortController();
    const third = service.clean({ src: 'https://cdn.example/w.m3u8' }, c.signal);
    c.abort();
    await third;
    expect(signal?.aborted).toBe(true);
    expect(service.inFlight).toBe(0);
  });

  it('counts segments without parsing', () => {
    expect(countExtinf(film(7))).toBe(7);
    expect(countExtinf('#EXTINF:1,\na.ts\n#EXTINF:1,\nb.ts\n')).toBe(2);
    expect(countExtinf('#EXTM3U\n# EXTINF is not a tag\n')).toBe(0);
  });
});

describe('the worker pool', () => {
  let pool: CleanPool | undefined;
  afterEach(async () => pool?.close());

  it('is sized from the CPUs, keeping one for the event loop', () => {
    expect(defaultCleanThreads(1)).toBe(1);
    expect(defaultCleanThreads(2)).toBe(1);
    expect(defaultCleanThreads(3)).toBe(2);
    expect(defaultCleanThreads(64)).toBe(mediaConfig.cleanPoolMaxThreads);
  });

  it('cleans in a worker thread exactly as on this thread', async () => {
    pool = createCleanPool({ threads: 1 });
    const task = { text: film(50), url: 'https://cdn.example/v.m3u8', hop: 'first' as const, range: { start: 12, end: 30 }, network: 'medium' as const, maxSegments: 100 };
    expect(await pool.run(task)).toEqual(runCleanTask(task));
  });

  it('answers 503 with Retry-After, at once, when its queue is full', async () => {
    pool = createCleanPool({ threads: 1, maxQueue: 1 });
    const bodies: Record<string, string> = {};
    for (let i = 0; i < 6; i++) bodies[`https://cdn.example/${i}.m3u8`] = film(20_000);
    const service = createCleanService({ pool, fetchPlaylist: async (url) => ({ ok: true, value: { text: bodies[url], url } }) });
    const outcomes = await Promise.all(Object.keys(bodies).map((src) => service.clean({ src })));
    const busy = outcomes.filter((o) => !o.ok);
    // One thread and one queue place: at most two are taken, the others are turned away.
    expect(busy.length).toBeGreaterThanOrEqual(4);
    expect(outcomes.filter((o) => o.ok).length).toBeGreaterThanOrEqual(1);
    for (const o of busy) expect(o).toEqual({ ok: false, error: { status: 503, code: 'BUSY', message: busyMessage(mediaConfig.cleanRetryAfterS), retryAfterS: mediaConfig.cleanRetryAfterS } });
  });
});
