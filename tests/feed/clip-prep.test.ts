import { describe, expect, it } from 'vitest';
import type { FeedVideoItem } from '../../src/feed/feed-item';
import { createClipPrep, type Engine } from '../../src/feed/clip-prep';
import type { PreparedClip } from '../../workers/core/types';

const clip = (url: string): PreparedClip => ({
  url,
  clipPlaylist: `#EXTM3U\n# ${url}`,
  clip: { start: 0, end: 45, clipStartIdx: 0, clipEndIdx: 7 },
  adIntervals: [],
  videoType: { type: 'short-video', mode: 'clip', shouldProcess: true, maxSegments: 8, adProcessingLevel: 'full' },
  segmentCount: 8,
  adSegmentCount: 0,
  warnings: [],
});

const item = (over: Partial<FeedVideoItem> = {}): FeedVideoItem => ({
  id: '7',
  vod_id: 7,
  isAd: false,
  title: 'Seven',
  pic: '',
  url: 'https://media.example.com/7/index.m3u8',
  remarks: '',
  area: '',
  year: '',
  typeName: '',
  vod_play_url: '',
  vod_play_from: '',
  isShortVideo: false,
  ...over,
});

function fakeEngine(failing: Set<string> = new Set(), delays: Record<string, number> = {}) {
  const calls: { url: string; restore?: unknown }[] = [];
  const shown: unknown[] = [];
  const engine: Engine = {
    async prepareClip(req, options) {
      calls.push({ url: req.url, restore: options.restore });
      await new Promise((r) => setTimeout(r, delays[req.url] ?? 5));
      if (failing.has(req.url)) return { ok: false, error: { code: 'HTTP_ERROR', message: 'HTTP 404', retryable: false } };
      return { ok: true, value: clip(req.url) };
    },
    async prepareFull(url) {
      return { ok: true, value: clip(url) };
    },
    clipShown: (c, options) => void shown.push([c, options]),
  };
  return { engine, calls, shown };
}

describe('clip preparation', () => {
  it('looks a short clip up while the original is prepared; the short one wins when it is ready first', async () => {
    const { engine, calls } = fakeEngine(new Set(), { 'https://media.example.com/7/index.m3u8': 60 });
    let lookups = 0;
    const prep = createClipPrep({
      engine,
      callOptions: () => ({ network: 'fast' }),
      sources: {
        cachedShortUrl: () => undefined,
        fetchShortUrl: async () => {
          lookups++;
          expect(calls.map((c) => c.url)).toEqual(['https://media.example.com/7/index.m3u8']); // already started
          return 'https://api.example.com/short/7/index.m3u8';
        },
      },
    });
    const result = await prep.prepare(item());
    expect(lookups).toBe(1);
    expect(result.ok && result.clip.url).toBe('https://api.example.com/short/7/index.m3u8');
  });

  it('does not hold a ready original back for a slow short-clip lookup', async () => {
    const { engine } = fakeEngine();
    let answer: (url: string) => void = () => undefined;
    const prep = createClipPrep({
      engine,
      callOptions: () => ({ network: 'fast' }),
      sources: { cachedShortUrl: () => undefined, fetchShortUrl: () => new Promise<string>((resolve) => (answer = resolve)) },
    });
    const result = await prep.prepare(item());
    expect(result.ok && result.clip.url).toBe('https://media.example.com/7/index.m3u8');
    answer('https://api.example.com/short/7/index.m3u8');
  });

  it('plays the original when no short clip exists or the short one fails', async () => {
    const none = fakeEngine();
    const a = createClipPrep({ engine: none.engine, callOptions: () => ({ network: 'fast' }), sources: { cachedShortUrl: () => undefined, fetchShortUrl: async () => null } });
    const r1 = await a.prepare(item());
    expect(r1.ok && r1.clip.url).toBe('https://media.example.com/7/index.m3u8');

    const broken = fakeEngine(new Set(['https://api.example.com/short/7/index.m3u8']));
    const b = createClipPrep({ engine: broken.engine, callOptions: () => ({ network: 'fast' }), sources: { cachedShortUrl: () => undefined, fetchShortUrl: async () => 'https://api.example.com/short/7/index.m3u8' } });
    const r2 = await b.prepare(item());
    expect(r2.ok && r2.clip.url).toBe('https://media.example.com/7/index.m3u8');
  });

  it('tries a known short URL first and never looks one up then', async () => {
    const { engine, calls } = fakeEngine(new Set(['https://cdn.example.com/cached.m3u8']));
    const prep = createClipPrep({
      engine,
      callOptions: () => ({ network: 'fast' }),
      sources: { cachedShortUrl: () => 'https://cdn.example.com/cached.m3u8', fetchShortUrl: async () => { throw new Error('must not look up'); } },
    });
    const result = await prep.prepare(item());
    expect(calls.map((c) => c.url)).toEqual(['https://cdn.example.com/cached.m3u8', 'https://media.example.com/7/index.m3u8']);
    expect(result.ok).toBe(true);
  });

  it('sends the restored clip range as plain data and shares one preparation between callers', async () => {
    const { engine, calls } = fakeEngine();
    const prep = createClipPrep({ engine, callOptions: () => ({ network: 'slow' }), sources: { cachedShortUrl: () => undefined, fetchShortUrl: async () => null } });
    const restored = item({ _restoreSegmentRange: { startIdx: 3, endIdx: 9 } });
    const [a, b] = await Promise.all([prep.prepare(restored), prep.prepare(restored)]);
    expect(a).toBe(b);
    expect(calls).toEqual([{ url: 'https://media.example.com/7/index.m3u8', restore: { startIdx: 3, endIdx: 9 } }]);
    expect(prep.ready(restored)?.url).toBe('https://media.example.com/7/index.m3u8');
  });

  it("a shown clip is reported with the media playlist it was cut from, the item's source and the network now; preparing reports nothing", async () => {
    const { engine, shown } = fakeEngine();
    let network: 'fast' | 'slow' = 'slow';
    const prep = createClipPrep({ engine, callOptions: () => ({ network, saveData: false, timeouts: { fallbackMs: 5 } }), sources: { cachedShortUrl: () => undefined, fetchShortUrl: async () => null } });
    const result = await prep.prepare(item({ vod_play_from: 'adsrc' }));
    expect(shown).toEqual([]);
    network = 'fast';
    if (result.ok) prep.shown(item({ vod_play_from: 'adsrc' }), { ...result.clip, url: 'https://media.example.com/7/720p.m3u8' });
    expect(shown).toEqual([[{ url: 'https://media.example.com/7/720p.m3u8', playFrom: 'adsrc' }, { network: 'fast', saveData: false }]]);
  });

  it('a clip shown is replayed for the same item (going back), and asked of the engine again for a later round\'s item of the same video', async () => {
    const { engine, calls } = fakeEngine();
    const prep = createClipPrep({ engine, callOptions: () => ({ network: 'fast' }), sources: { cachedShortUrl: () => undefined, fetchShortUrl: async () => null } });
    const first = item();
    const result = await prep.prepare(first);
    const again = item(); // the same video in the feed's next round
    expect(await prep.prepare(again)).toBe(result); // not shown yet: shared
    if (result.ok) prep.shown(first, result.clip);
    expect(prep.ready(first)).not.toBeNull();
    expect(await prep.prepare(first)).toBe(result);
    expect(calls).toHaveLength(1);
    expect(prep.ready(again)).toBeNull();
    const later = await prep.prepare(again);
    expect(later).not.toBe(result);
    expect(calls).toHaveLength(2);
    expect(prep.ready(again)).toBe(later.ok ? later.clip : null);
  });

  it('cancels preparations of items that left the window and reports the item as unprepared', async () => {
    let aborted = false;
    const engine: Engine = {
      prepareClip: (_req, options) =>
        new Promise((resolve) => {
          options.signal?.addEventListener('abort', () => {
            aborted = true;
            resolve({ ok: false, error: { code: 'ABORTED', message: 'cancelled', retryable: false } });
          });
        }),
      prepareFull: async (url) => ({ ok: true, value: clip(url) }),
      clipShown: () => undefined,
    };
    const prep = createClipPrep({ engine, callOptions: () => ({ network: 'fast' }), sources: { cachedShortUrl: () => undefined, fetchShortUrl: async () => null } });
    const pending = prep.prepare(item());
    await new Promise((r) => setTimeout(r, 1));
    prep.retain(['8']);
    const result = await pending;
    expect(aborted).toBe(true);
    expect(result.ok).toBe(false);
    expect(prep.ready(item())).toBeNull();
  });
});
