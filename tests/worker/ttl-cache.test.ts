import { describe, expect, it } from 'vitest';
import { cacheConfig } from '../../workers/core/config';
import { TtlCache } from '../../workers/core/ttl-cache';

function clock(start = 1000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const onAbort = () => 'aborted';

describe('TtlCache', () => {
  it('expires entries after the TTL (prepared clips: 5 min)', () => {
    const c = clock();
    const cache = new TtlCache<string, string>({ ttlMs: cacheConfig.preparedClipTtlMs, maxEntries: 3, now: c.now });
    cache.set('a', 'A');
    c.advance(cacheConfig.preparedClipTtlMs - 1);
    expect(cache.get('a')).toBe('A');
    c.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, evicting the least recently used', () => {
    const cache = new TtlCache<string, number>({ ttlMs: 1000, maxEntries: cacheConfig.preparedClipMax });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('d', 4);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 3, 4]);
    expect(cache.size).toBe(3);
  });

  it('set refreshes the expiry', () => {
    const c = clock();
    const cache = new TtlCache<string, number>({ ttlMs: cacheConfig.segmentSelectionTtlMs, maxEntries: 8, now: c.now });
    cache.set('a', 1);
    c.advance(20_000);
    cache.set('a', 2);
    c.advance(20_000);
    expect(cache.get('a')).toBe(2);
    c.advance(10_000);
    expect(cache.get('a')).toBeUndefined();
  });

  it('dedupes identical loads in flight and caches the value', async () => {
    const cache = new TtlCache<string, string>({ ttlMs: 1000, maxEntries: 3 });
    const gate = deferred<string>();
    let calls = 0;
    const loader = () => {
      calls++;
      return gate.promise;
    };
    const a = cache.load('k', loader, { onAbort });
    const b = cache.load('k', loader, { onAbort });
    expect(cache.loading).toBe(1);
    gate.resolve('value');
    expect(await Promise.all([a, b])).toEqual(['value', 'value']);
    expect(calls).toBe(1);
    expect(await cache.load('k', loader, { onAbort })).toBe('value');
    expect(calls).toBe(1);
    expect(cache.loading).toBe(0);
  });

  it('does not cache values rejected by keep()', async () => {
    const cache = new TtlCache<string, string>({ ttlMs: 1000, maxEntries: 3 });
    let calls = 0;
    const loader = async () => `v${++calls}`;
    const keep = () => false;
    expect(await cache.load('k', loader, { onAbort, keep })).toBe('v1');
    expect(await cache.load('k', loader, { onAbort, keep })).toBe('v2');
  });

  it('a cancelled caller leaves; the shared load continues for the others', async () => {
    const cache = new TtlCache<string, string>({ ttlMs: 1000, maxEntries: 3 });
    const gate = deferred<string>();
    let loadSignal: AbortSignal | undefined;
    const loader = (signal: AbortSignal) => {
      loadSignal = signal;
      return gate.promise;
    };
    const first = new AbortController();
    const a = cache.load('k', loader, { onAbort, signal: first.signal });
    const b = cache.load('k', loader, { onAbort });
    first.abort();
    expect(await a).toBe('aborted');
    expect(loadSignal?.aborted).toBe(false);
    gate.resolve('value');
    expect(await b).toBe('value');
    expect(cache.get('k')).toBe('value');
  });

  it('aborts the shared load when every caller has cancelled, and does not cache it', async () => {
    const cache = new TtlCache<string, string>({ ttlMs: 1000, maxEntries: 3 });
    let loadSignal: AbortSignal | undefined;
    const loader = (signal: AbortSignal) => {
      loadSignal = signal;
      return new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve('inner-aborted')));
    };
    const c1 = new AbortController();
    const c2 = new AbortController();
    const a = cache.load('k', loader, { onAbort, signal: c1.signal });
    const b = cache.load('k', loader, { onAbort, signal: c2.signal });
    c1.abort();
    expect(loadSignal?.aborted).toBe(false);
    c2.abort();
    expect(await Promise.all([a, b])).toEqual(['aborted', 'aborted']);
    expect(loadSignal?.aborted).toBe(true);
    expect(cache.loading).toBe(0);
    await Promise.resolve();
    expect(cache.get('k')).toBeUndefined();
  });

  it('an already aborted caller never starts a load', async () => {
    const cache = new TtlCache<string, string>({ ttlMs: 1000, maxEntries: 3 });
    let calls = 0;
    const result = await cache.load('k', async () => `v${++calls}`, { onAbort, signal: AbortSignal.abort() });
    expect(result).toBe('aborted');
    expect(calls).toBe(0);
  });

  it('propagates a loader failure to every waiter and forgets it', async () => {
    const cache = new TtlCache<string, string>({ ttlMs: 1000, maxEntries: 3 });
    const loader = () => {
      throw new Error('sync boom');
    };
    await expect(cache.load('k', loader, { onAbort })).rejects.toThrow('sync boom');
    expect(cache.loading).toBe(0);
    expect(await cache.load('k', async () => 'ok', { onAbort })).toBe('ok');
  });
});
