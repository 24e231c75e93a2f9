import type { HlsConfig } from 'hls.js';
import { describe, expect, it } from 'vitest';
import { createHlsPool, playlistSource, type HlsLike } from '../../src/player/hls-pool';

type Listener = (...args: unknown[]) => void;

class FakeHls {
  static created: FakeHls[] = [];
  media: HTMLMediaElement | null = null;
  source: string | null = null;
  destroyed = false;
  bandwidthEstimate = NaN;
  listeners = new Map<string, Set<Listener>>();
  calls: string[] = [];
  constructor(readonly config: Partial<HlsConfig>) {
    FakeHls.created.push(this);
  }
  loadSource(url: string) {
    this.source = url;
    this.calls.push('loadSource');
  }
  attachMedia(media: HTMLMediaElement) {
    this.media = media;
    this.calls.push('attachMedia');
  }
  detachMedia() {
    this.media = null;
    this.calls.push('detachMedia');
  }
  startLoad() {}
  stopLoad() {}
  recoverMediaError() {}
  swapAudioCodec() {}
  destroy() {
    this.destroyed = true;
  }
  on(event: string, fn: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(fn);
  }
  off(event: string, fn: Listener) {
    this.listeners.get(event)?.delete(fn);
  }
  emit(event: string, data: unknown) {
    for (const fn of this.listeners.get(event) ?? []) fn(event, data);
  }
  listenerCount() {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
}

const video = (name: string) => ({ name }) as unknown as HTMLMediaElement;
const src = (n: number) => ({ url: `http://cdn.test/${n}.m3u8`, playlists: new Map([[`http://cdn.test/${n}.m3u8`, '#EXTM3U\n']]), mode: 'clip' as const });

function setup() {
  FakeHls.created = [];
  let now = 0;
  const pool = createHlsPool({ create: (config) => new FakeHls(config) as unknown as HlsLike, now: () => now, workerPath: null });
  return { pool, advance: (ms: number) => (now += ms) };
}

describe('hls.js pool', () => {
  it('preloads with the custom loader and startFragPrefetch, without attaching', () => {
    const { pool } = setup();
    pool.preload('a', src(1));
    const hls = FakeHls.created[0];
    expect(hls.source).toBe('http://cdn.test/1.m3u8');
    expect(hls.media).toBeNull();
    expect(hls.config.startFragPrefetch).toBe(true);
    expect(hls.config.autoStartLoad).toBe(true);
    expect(typeof hls.config.pLoader).toBe('function');
    expect(pool.stateOf('a')).toBe('acquired');
    // A second preload of the same key reuses the instance.
    pool.preload('a', src(1));
    expect(FakeHls.created).toHaveLength(1);
  });

  it('attaches on show, detaching the instance that was on screen', () => {
    const { pool } = setup();
    const v = video('v');
    pool.preload('a', src(1));
    pool.preload('b', src(2));
    expect(pool.attach('a', v)).toBe(FakeHls.created[0]);
    expect(pool.stateOf('a')).toBe('active');
    pool.attach('b', v);
    expect(FakeHls.created[0].media).toBeNull();
    expect(FakeHls.created[1].media).toBe(v);
    expect(pool.stateOf('a')).toBe('released');
    expect(pool.attach('unknown', v)).toBeNull();
  });

  it('attaches the incoming clip to its own element without detaching the one on screen (exclusive: false)', () => {
    const { pool } = setup();
    const screen = video('screen');
    const incoming = video('incoming');
    pool.preload('a', src(1));
    pool.preload('b', src(2));
    pool.preload('c', src(3));
    pool.attach('a', screen);
    pool.attach('c', incoming); // exclusive by default: 'a' is detached although it is on another element
    expect(pool.stateOf('a')).toBe('released');
    pool.attach('a', screen);
    pool.attach('b', incoming, { exclusive: false }); // replaces 'c' on that element only
    expect(FakeHls.created[0].media).toBe(screen);
    expect(FakeHls.created[1].media).toBe(incoming);
    expect(FakeHls.created[2].media).toBeNull();
    expect(pool.stateOf('c')).toBe('released');
    // Both on screen: neither may be evicted to make room.
    pool.preload('d', src(4));
    expect(pool.stateOf('a')).toBe('active');
    expect(pool.stateOf('b')).toBe('active');
    expect(pool.stateOf('c')).toBeNull();
    // The swipe lands: the exclusive attach of the incoming one detaches the outgoing one.
    pool.attach('b', incoming);
    expect(FakeHls.created[0].media).toBeNull();
    expect(FakeHls.created[1].calls.filter((c) => c === 'attachMedia')).toHaveLength(1);
  });

  it('keeps at most 3 instances: the oldest inactive one is destroyed with its listeners removed', () => {
    const { pool, advance } = setup();
    const v = video('v');
    pool.preload('a', src(1));
    advance(10);
    pool.preload('b', src(2));
    advance(10);
    pool.preload('c', src(3));
    pool.attach('a', v); // 'a' is on screen: never evicted, even though it is the oldest
    const b = FakeHls.created[1];
    let heard = 0;
    pool.listen('b', 'hlsError' as never, (() => heard++) as never);
    expect(b.listenerCount()).toBeGreaterThan(0);
    advance(10);
    pool.preload('d', src(4));
    expect(pool.size).toBe(3);
    expect(b.destroyed).toBe(true);
    expect(b.listenerCount()).toBe(0);
    expect(pool.stateOf('b')).toBeNull();
    expect(pool.stateOf('a')).toBe('active');
    b.emit('hlsError', {});
    expect(heard).toBe(0);
  });

  it('release detaches, destroyAll destroys everything', () => {
    const { pool } = setup();
    pool.preload('a', src(1));
    pool.attach('a', video('v'));
    pool.release('a');
    expect(FakeHls.created[0].calls).toEqual(['loadSource', 'attachMedia', 'detachMedia']);
    pool.preload('b', src(2));
    pool.destroyAll();
    expect(FakeHls.created.every((h) => h.destroyed)).toBe(true);
    expect(pool.size).toBe(0);
  });

  it('replaces a preloaded instance that hit a fatal error before it was shown', () => {
    const { pool } = setup();
    pool.preload('a', src(1));
    FakeHls.created[0].emit('hlsError', { fatal: true, type: 'networkError', details: 'fragLoadError' });
    pool.preload('a', src(1));
    expect(FakeHls.created).toHaveLength(2);
    expect(FakeHls.created[0].destroyed).toBe(true);
  });

  it('expires inactive instances unused for 10 min and carries the bandwidth estimate to new ones', () => {
    const { pool, advance } = setup();
    pool.preload('a', src(1));
    FakeHls.created[0].bandwidthEstimate = 3_000_000;
    advance(10 * 60_000);
    expect(pool.sweep()).toBe(1);
    pool.preload('b', src(2));
    expect(FakeHls.created[1].config.abrEwmaDefaultEstimate).toBe(3_000_000);
  });

  it('playlist source answers prepared URLs after normalisation', () => {
    const source = playlistSource(new Map([['http://cdn.test/a/../x.m3u8', 'TEXT']]));
    expect(source('http://cdn.test/x.m3u8')).toBe('TEXT');
    expect(source('http://cdn.test/y.m3u8')).toBeUndefined();
  });
});

describe('hls.js pool: an item wanted on screen now', () => {
  it('attaches before loading and does not prefetch (a prefetch in flight during attach was fetched twice)', () => {
    const { pool } = setup();
    const v = video('screen');
    pool.preload('a', src(1), v);
    const hls = FakeHls.created[0];
    expect(hls.config.startFragPrefetch).toBe(false);
    expect(hls.calls).toEqual([]); // nothing loads until it has its media
    pool.attach('a', v);
    expect(hls.calls).toEqual(['attachMedia', 'loadSource']);
    expect(pool.stateOf('a')).toBe('active');
    pool.attach('a', v);
    expect(hls.calls).toEqual(['attachMedia', 'loadSource']); // loaded once
  });

  it('keeps a preloaded instance (prefetching) when the same item is later shown', () => {
    const { pool } = setup();
    pool.preload('b', src(2));
    const hls = FakeHls.created[0];
    expect(hls.calls).toEqual(['loadSource']);
    pool.preload('b', src(2), video('screen'));
    expect(FakeHls.created).toHaveLength(1);
    pool.attach('b', video('screen'));
    expect(hls.calls).toEqual(['loadSource', 'attachMedia']);
  });
});
