import { describe, expect, it } from 'vitest';
import type { ClipPrep } from '../../src/feed/clip-prep';
import type { FeedVideoItem } from '../../src/feed/feed-item';
import { createFeedPlayer } from '../../src/feed/playback/feed-player';
import { playbackTimingConfig } from '../../src/player/config';
import { createHlsPool, type HlsLike } from '../../src/player/hls-pool';
import type { PreparedClip } from '../../workers/core/types';
import { FakeHls, FakeVideo } from '../player/helpers/fake-media';
import { onlineConnection } from '../player/helpers/controller-setup';

const item = (id: string): FeedVideoItem => ({ id, vod_id: Number(id), isAd: false, title: id, pic: '', url: '', remarks: '', area: '', year: '', typeName: '', vod_play_url: '', vod_play_from: '', isShortVideo: false });
const clipOf = (id: string) => ({ url: `http://cdn.test/${id}.m3u8`, clipPlaylist: '#EXTM3U\n', playlists: {}, clip: { start: 0, end: 40, clipStartIdx: 0, clipEndIdx: 9 }, adIntervals: [] }) as unknown as PreparedClip;

function setup() {
  const created: FakeHls[] = [];
  const pool = createHlsPool({ create: () => {
    const h = new FakeHls();
    created.push(h);
    return h as unknown as HlsLike;
  }, workerPath: null });
  const shown: string[] = [];
  const prep: ClipPrep = {
    prepare: async (i) => ({ ok: true, clip: clipOf(i.id) }),
    ready: (i) => clipOf(i.id),
    retain: () => undefined,
    prepareFull: async (i) => ({ ok: true, clip: clipOf(i.id) }),
    prepareEmergency: async (i) => ({ ok: true, clip: clipOf(i.id) }),
    shown: (i, clip) => void shown.push(`${i.id} ${clip.url}`),
    dispose: () => undefined,
  };
  const slides = { a: new FakeVideo(), b: new FakeVideo(), c: new FakeVideo() };
  const el = (v: FakeVideo) => v as unknown as HTMLVideoElement;
  const player = createFeedPlayer(el(slides.a), pool, prep, { playing: () => undefined, ended: () => undefined, skip: () => undefined, error: () => undefined }, { connection: onlineConnection, capability: () => 'hls.js' });
  return { created, pool, slides, el, player, shown };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('feed player: each slide plays in its own element', () => {
  it('attaches the preloaded next clip to the incoming slide while the old one still shows, then plays it in place', async () => {
    const { created, pool, slides, el, player } = setup();
    player.show(item('1'), true, el(slides.a));
    player.plan([item('2')], [item('1'), item('2')]);
    slides.a.dispatchEvent(new Event('playing')); // the first clip plays: the next one is preloaded (no media)
    await settle();
    expect(created).toHaveLength(2);
    expect(created[0].media).toBe(slides.a);
    expect(created[1].media).toBeNull();

    player.beginSwitch(item('2'), el(slides.b));
    expect(created[1].media).toBe(slides.b);
    expect(created[0].media).toBe(slides.a); // the outgoing clip keeps its picture while the slide moves
    expect(slides.b.plays).toBe(0); // decoded, not played, until the swipe lands

    slides.a.paused = false;
    player.show(item('2'), true, el(slides.b));
    expect(slides.a.paused).toBe(true); // the outgoing clip stops at once, and lets its element go a moment later
    expect(created[1].media).toBe(slides.b);
    await new Promise((r) => setTimeout(r, playbackTimingConfig.releaseOutgoingAfterMs + 20));
    expect(created[0].media).toBeNull();
    expect(created[1].attaches).toBe(1); // the same attachment: nothing to open again
    expect(created).toHaveLength(2);
    expect(slides.b.plays).toBe(1);
    expect(pool.stateOf('clip:2')).toBe('active');
    player.destroy();
  });

  it('tells the preparer a clip was shown when it plays (its media may be probed), never for a preload', async () => {
    const { slides, el, player, shown } = setup();
    player.show(item('1'), true, el(slides.a));
    player.plan([item('2'), item('3')], [item('1'), item('2'), item('3')]);
    await settle();
    expect(shown).toEqual([]); // prepared, not yet playing
    slides.a.dispatchEvent(new Event('playing'));
    await settle();
    slides.a.dispatchEvent(new Event('playing')); // a resume after a stall is no new showing
    expect(shown).toEqual(['1 http://cdn.test/1.m3u8']); // 2 is preloaded and 3 prepared: neither was shown
    player.show(item('2'), true, el(slides.b));
    await settle();
    slides.b.dispatchEvent(new Event('playing'));
    expect(shown).toEqual(['1 http://cdn.test/1.m3u8', '2 http://cdn.test/2.m3u8']);
    player.destroy();
  });

  it('lets the incoming element go when the swipe does not land, and starts nothing for an item not loading', async () => {
    const { created, pool, slides, el, player } = setup();
    player.show(item('1'), true, el(slides.a));
    player.plan([item('2')], [item('1'), item('2')]);
    slides.a.dispatchEvent(new Event('playing'));
    await settle();
    player.beginSwitch(item('2'), el(slides.b));
    player.cancelSwitch();
    expect(created[1].media).toBeNull();
    expect(pool.stateOf('clip:2')).toBe('released');
    expect(created[0].media).toBe(slides.a);

    player.beginSwitch(item('3'), el(slides.c)); // never preloaded: the normal path will load it on show
    expect(created).toHaveLength(2);
    expect(slides.c.plays).toBe(0);
    player.destroy();
  });

  it("says when the next clip's first fragment is in (neighbours' posters wait for it), and holds an incoming clip from its attach", async () => {
    const { created, slides, el, pool } = setup();
    let ready = 0;
    const player = createFeedPlayer(el(slides.a), pool, {
      prepare: async (i) => ({ ok: true, clip: clipOf(i.id) }),
      ready: (i) => clipOf(i.id),
      retain: () => undefined,
      prepareFull: async (i) => ({ ok: true, clip: clipOf(i.id) }),
    prepareEmergency: async (i) => ({ ok: true, clip: clipOf(i.id) }),
      shown: () => undefined,
      dispose: () => undefined,
    }, { playing: () => undefined, ended: () => undefined, skip: () => undefined, error: () => undefined, nextReady: () => ready++ }, { connection: onlineConnection, capability: () => 'hls.js' });
    player.show(item('1'), true, el(slides.a));
    player.plan([item('2')], [item('1'), item('2')]);
    slides.a.dispatchEvent(new Event('playing'));
    await settle();
    const next = created.at(-1)!;
    expect(ready).toBe(0);
    next.emit('hlsFragLoaded', {});
    expect(ready).toBe(1);
    next.emit('hlsFragLoaded', {});
    expect(ready).toBe(1); // once per next clip
    player.beginSwitch(item('2'), el(slides.b));
    expect(next.config.maxBufferLength).toBeLessThan(8); // one fragment, not a full buffer, while the slide moves
    player.destroy();
  });

  it('a swipe that lands elsewhere releases the element it had prepared', async () => {
    const { created, slides, el, player } = setup();
    player.show(item('1'), true, el(slides.a));
    player.plan([item('2')], [item('1'), item('2')]);
    slides.a.dispatchEvent(new Event('playing'));
    await settle();
    player.beginSwitch(item('2'), el(slides.b));
    player.show(item('3'), true, el(slides.c));
    expect(created[1].media).toBeNull();
    expect(created.at(-1)!.media).toBe(slides.c);
    player.destroy();
  });
});

describe('feed player: an image ad', () => {
  it('is on screen at once (playing), and after its promo time (3 s in the premium build) the feed moves on (ended), unless the visitor moved first', async () => {
    const { adaptationState } = await import('../../src/player/adaptation');
    const { feedPlaybackConfig } = await import('../../src/feed/playback/config');
    let now = 0;
    const pending: Array<{ at: number; fn: () => void; id: number }> = [];
    let nextId = 1;
    const timers = {
      now: () => now,
      setTimeout: (fn: () => void, ms: number) => {
        const id = nextId++;
        pending.push({ at: now + ms, fn, id });
        return id;
      },
      clearTimeout: (id: unknown) => {
        const i = pending.findIndex((p) => p.id === id);
        if (i >= 0) pending.splice(i, 1);
      },
    };
    const advance = (ms: number) => {
      now += ms;
      for (const p of pending.filter((x) => x.at <= now)) {
        pending.splice(pending.indexOf(p), 1);
        p.fn();
      }
    };
    const pool = createHlsPool({ create: () => new FakeHls() as unknown as HlsLike, workerPath: null });
    const prep: ClipPrep = { prepare: async (i) => ({ ok: true, clip: clipOf(i.id) }), ready: (i) => clipOf(i.id), retain: () => undefined, prepareFull: async (i) => ({ ok: true, clip: clipOf(i.id) }), prepareEmergency: async (i) => ({ ok: true, clip: clipOf(i.id) }), shown: () => undefined, dispose: () => undefined };
    const seen: string[] = [];
    const video = new FakeVideo() as unknown as HTMLVideoElement;
    const player = createFeedPlayer(video, pool, prep, { playing: (i) => seen.push(`playing ${i.id}`), ended: (i) => seen.push(`ended ${i.id}`), skip: () => undefined, error: () => undefined }, { connection: onlineConnection, capability: () => 'hls.js', timers });
    const ad = { id: 'ad_1', isAd: true as const, adType: 'image' as const, adImageUrl: 'https://ads.test/a.png', adUrl: 'sso:win667', adButtonText: {}, title: { 'pt-BR': 'Ad' } };
    expect(adaptationState.variant).toBe('premium');
    const promo = feedPlaybackConfig.imageAdPromoMs.premium;
    expect(promo).toBe(3000);

    player.show(ad, true, video);
    expect(seen).toEqual(['playing ad_1']);
    advance(promo - 1);
    expect(seen).toEqual(['playing ad_1']);
    advance(1);
    expect(seen).toEqual(['playing ad_1', 'ended ad_1']);

    // The visitor swipes on before the promo is over: no late 'ended' for the ad left behind.
    player.show({ ...ad, id: 'ad_2' }, true, video);
    player.show(item('5'), true, video);
    advance(promo * 2);
    expect(seen.filter((s) => s === 'ended ad_2')).toEqual([]);
    player.destroy();
  });
});

describe('feed player: when an item cannot play', () => {
  const recorder = () => {
    const seen: string[] = [];
    const clips: (PreparedClip | null)[] = [];
    return {
      seen,
      clips,
      events: {
        playing: (i: { id: string }, clip: PreparedClip | null) => (seen.push(`playing ${i.id}`), clips.push(clip)),
        ended: (i: { id: string }) => seen.push(`ended ${i.id}`),
        skip: (i: { id: string }, key: string) => seen.push(`skip ${i.id} ${key}`),
        error: (i: { id: string }, key: string) => seen.push(`error ${i.id} ${key}`),
      },
    };
  };
  const fragError = { fatal: true, type: 'networkError', details: 'fragLoadError' };

  it("a clip whose window keeps failing plays its emergency clip, prepared from the playlist its clip came from; the page is told the clip now shown", async () => {
    const created: FakeHls[] = [];
    const pool = createHlsPool({ create: () => (created.push(new FakeHls()), created.at(-1) as unknown as HlsLike), workerPath: null });
    const emergency = { ...clipOf('1'), clip: { start: 0, end: 60, clipStartIdx: 0, clipEndIdx: 9, fallback: 'emergency' } } as PreparedClip;
    const asked: string[] = [];
    const prep: ClipPrep = {
      prepare: async (i) => ({ ok: true, clip: clipOf(i.id) }),
      ready: () => null,
      retain: () => undefined,
      prepareFull: async (i) => ({ ok: true, clip: clipOf(i.id) }),
      prepareEmergency: async (i, url) => (asked.push(`${i.id} ${url}`), { ok: true, clip: emergency }),
      shown: () => undefined,
      dispose: () => undefined,
    };
    const video = new FakeVideo();
    const r = recorder();
    const player = createFeedPlayer(video as unknown as HTMLVideoElement, pool, prep, r.events, { connection: onlineConnection, capability: () => 'hls.js', players: () => ({ hls: true, native: false }) });
    player.show(item('1'), true, video as unknown as HTMLVideoElement);
    await settle();
    for (let i = 0; i < 3; i++) created[0].emit('hlsError', fragError);
    await settle();
    expect(asked).toEqual(['1 http://cdn.test/1.m3u8']);
    video.dispatchEvent(new Event('playing'));
    expect(r.seen).toEqual(['playing 1']);
    expect(r.clips).toEqual([emergency]);
    expect(player.currentClip()).toBe(emergency);
    player.destroy();
  });

  it('a feed ad video that cannot play is passed over with the ad message (AD_VIDEO_SKIP)', async () => {
    const created: FakeHls[] = [];
    const pool = createHlsPool({ create: () => (created.push(new FakeHls()), created.at(-1) as unknown as HlsLike), workerPath: null });
    const r = recorder();
    const video = new FakeVideo();
    const prep = { prepare: async () => ({ ok: false, error: { code: 'X', message: '', retryable: false } }) } as unknown as ClipPrep;
    const player = createFeedPlayer(video as unknown as HTMLVideoElement, pool, prep, r.events, { connection: onlineConnection, capability: () => 'hls.js', players: () => ({ hls: true, native: false }) });
    const ad = { id: 'ad_v', isAd: true as const, adType: 'video' as const, videoUrl: 'http://ads.test/a.m3u8', adUrl: '', adButtonText: {}, title: { 'pt-BR': 'Ad' } };
    player.show(ad, true, video as unknown as HTMLVideoElement);
    created[0].emit('hlsError', { fatal: true, type: 'otherError', details: 'internalException' });
    await settle();
    expect(r.seen).toEqual(['skip ad_v player:adVideoError']);
    player.destroy();
  });

  it("a clip that cannot be prepared is skipped in the words its failure's text maps to", async () => {
    const pool = createHlsPool({ create: () => new FakeHls() as unknown as HlsLike, workerPath: null });
    const failures = [
      { code: 'NETWORK_ERROR', message: 'Network error: Failed to fetch' },
      { code: 'TIMEOUT', message: 'Playlist timeout: no answer within 8000 ms.' },
      { code: 'HTTP_ERROR', message: 'HTTP 404' },
      { code: 'NO_PLAYABLE_SOURCE', message: 'The video has no playable address.' },
    ];
    const r = recorder();
    const prep = { prepare: async () => ({ ok: false, error: { ...failures.shift()!, retryable: true } }), ready: () => null, retain: () => undefined } as unknown as ClipPrep;
    const video = new FakeVideo() as unknown as HTMLVideoElement;
    const player = createFeedPlayer(video, pool, prep, r.events, { connection: onlineConnection, capability: () => 'hls.js' });
    for (const id of ['1', '2', '3', '4']) {
      player.show(item(id), true, video);
      await settle();
    }
    expect(r.seen).toEqual([
      'skip 1 player:networkConnectionError',
      'skip 2 player:connectionTimeout',
      'skip 3 player:videoLoadFailedCheckNetwork',
      'skip 4 player:noPlayableSource',
    ]);
    player.destroy();
  });
});
