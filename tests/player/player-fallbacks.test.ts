// The controller climbing an item's fallback ladder (spec 3 §4 start
// strategies and error loop guard, §8 MEDIA_ERR_SRC_NOT_SUPPORTED and
// Generic rows), over a fake pool and <video>: which player, source and clip
// the element ends up with, and what the page is told.

import { ErrorDetails, ErrorTypes } from 'hls.js';
import { afterEach, describe, expect, it } from 'vitest';
import { nativeHlsConfig } from '../../src/player/config';
import { nativeCleanPlaylistUrl, overrideCapability } from '../../src/player/native-hls';
import { pageCapability } from '../../src/player/page-capability';
import type { PreparedClip } from '../../workers/core/types';
import { prepared, setup } from './helpers/controller-setup';
import type { FakeVideo } from './helpers/fake-media';

afterEach(() => overrideCapability(null));

const emergency = { ...prepared, clipPlaylist: '#EXTM3U\n#emergency\n', clip: { start: 0, end: 60, clipStartIdx: 0, clipEndIdx: 14, fallback: 'emergency' } } as unknown as PreparedClip;
const codecError = { fatal: true, type: ErrorTypes.MEDIA_ERROR, details: ErrorDetails.BUFFER_ADD_CODEC_ERROR };
const fragError = { fatal: true, type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.FRAG_LOAD_ERROR };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function refuseSource(video: FakeVideo): void {
  (video as { error: unknown }).error = { code: 4, message: 'DEMUXER_ERROR_COULD_NOT_OPEN' };
  video.currentSrc = 'x';
  video.dispatchEvent(new Event('error'));
}

describe('runtime fallback to native HLS (spec 3 §4)', () => {
  it('hls.js failing at run time hands the item to the browser own player, and the page keeps that choice', () => {
    const { created, video, events, controller } = setup({ players: () => ({ hls: true, native: true }) });
    controller.show('a', prepared, { mode: 'clip', muted: true });
    created[0].emit('hlsError', codecError);
    expect(created[0].media).toBeNull(); // the failed instance is gone
    expect(video.src).toBe(nativeCleanPlaylistUrl(prepared.url, { start: 0, end: 40 }));
    expect(pageCapability(() => 'maybe')).toBe('native');
    video.dispatchEvent(new Event('playing'));
    expect(events).toEqual([{ type: 'playing', key: 'a' }]);
  });

  it('an item the feed attached ahead in hls.js, shown once the page plays natively, leaves hls.js', () => {
    const { created, pool, video, controller } = setup({ capability: () => 'native' });
    pool.preload('clip:b', { url: prepared.url, playlists: new Map(), mode: 'clip' });
    pool.attach('clip:b', video as unknown as HTMLVideoElement, { exclusive: false });
    controller.show('b', prepared, { mode: 'clip', muted: true });
    expect(created[0].destroyed).toBe(true);
    expect(video.src).toContain(nativeHlsConfig.cleanPath);
  });

  it('a media attach that never completes (10 s) is a failing hls.js too', () => {
    const { video, controller, advance } = setup({ announcesAttach: false, players: () => ({ hls: true, native: true }) });
    controller.show('a', prepared, { mode: 'clip', muted: true });
    advance(10_000);
    expect(video.src).toContain(nativeHlsConfig.cleanPath);
  });

  it('without native HLS the item goes to its emergency clip, then to the next video', async () => {
    const asked: string[] = [];
    const { created, video, events, controller, advance } = setup({
      emergencyClip: async (key, from) => (asked.push(`${key} ${from.url}`), emergency),
    });
    controller.show('a', prepared, { mode: 'clip', muted: true });
    created[0].emit('hlsError', codecError);
    await flush();
    expect(asked).toEqual(['a http://cdn.test/v.m3u8']);
    expect(video.src).toBe('');
    expect(created).toHaveLength(2);
    expect(created[1].media).toBe(video);
    created[1].emit('hlsError', codecError);
    advance(0);
    expect(events.at(-1)).toMatchObject({ type: 'skip', key: 'a', reason: 'codec', messageKey: 'player:videoFormatNotSupported' });
  });
});

describe('error loop guard (spec 3 §4)', () => {
  it('the same error 3 times within 5 s returns the emergency clip, which plays; looping again there moves on', async () => {
    const { created, video, events, controller, advance } = setup({ emergencyClip: async () => emergency });
    controller.show('a', prepared, { mode: 'clip', muted: true });
    for (let i = 0; i < 3; i++) created[0].emit('hlsError', fragError);
    await flush();
    expect(created).toHaveLength(2);
    video.dispatchEvent(new Event('playing'));
    expect(events).toEqual([{ type: 'playing', key: 'a' }]);
    // The emergency clip gets its own 3 chances before the guard stops it.
    for (let i = 0; i < 2; i++) created[1].emit('hlsError', fragError);
    advance(0);
    expect(events).toHaveLength(1);
    created[1].emit('hlsError', fragError);
    // A load failure without an answer may be the network's: the item is given up once the server answers.
    await flush();
    advance(0);
    expect(events.at(-1)).toMatchObject({ type: 'skip', reason: 'error-loop:fragLoadError' });
  });

  it('an emergency clip that cannot be prepared moves on', async () => {
    const { created, events, controller, advance } = setup({ emergencyClip: async () => null });
    controller.show('a', prepared, { mode: 'clip', muted: true });
    for (let i = 0; i < 3; i++) created[0].emit('hlsError', fragError);
    await flush();
    advance(0);
    expect(events).toEqual([{ type: 'skip', key: 'a', reason: 'error-loop:fragLoadError', messageKey: 'player:switchingVideo' }]);
  });

  it('a whole video has no emergency clip: the guard skips it', async () => {
    const { created, events, controller, advance } = setup({ emergencyClip: async () => emergency });
    controller.show('a', prepared, { mode: 'full', muted: true });
    for (let i = 0; i < 3; i++) created[0].emit('hlsError', fragError);
    await flush();
    advance(0);
    expect(events.at(-1)).toMatchObject({ type: 'skip', reason: 'error-loop:fragLoadError' });
  });
});

describe('MEDIA_ERR_SRC_NOT_SUPPORTED on the native player (spec 3 §8)', () => {
  it('hls.js with a 5 s limit, then the playlist mime type, then the emergency clip', async () => {
    const { created, video, events, controller, advance } = setup({ capability: () => 'native', players: () => ({ hls: true, native: true }), emergencyClip: async () => emergency });
    controller.show('a', prepared, { mode: 'clip', muted: true });
    const nativeUrl = video.src;
    expect(nativeUrl).toContain(nativeHlsConfig.cleanPath);
    refuseSource(video);
    expect(video.src).toBe('');
    expect(created).toHaveLength(1);
    expect(created[0].media).toBe(video);
    advance(4999);
    expect(video.children).toHaveLength(0);
    advance(1);
    // hls.js did not start in 5 s (which may be the network's: the server is asked first).
    await flush();
    // The native source again, its type named.
    expect(created[0].media).toBeNull();
    expect(video.children.map((c) => ({ src: c.src, type: c.type }))).toEqual([{ src: nativeUrl, type: nativeHlsConfig.mimeType }]);
    refuseSource(video);
    await flush();
    // The emergency clip (0-60 s) on the same native source, type named.
    expect(video.children.map((c) => c.src)).toEqual([nativeCleanPlaylistUrl(prepared.url, { start: 0, end: 60 })]);
    refuseSource(video);
    advance(0);
    expect(events).toEqual([{ type: 'skip', key: 'a', reason: 'source-not-supported', messageKey: 'player:mediaSrcNotSupported' }]);
  });

  it('hls.js that starts within the 5 s keeps the item', () => {
    const { video, events, controller, advance } = setup({ capability: () => 'native', players: () => ({ hls: true, native: true }) });
    controller.show('a', prepared, { mode: 'clip', muted: true });
    refuseSource(video);
    video.dispatchEvent(new Event('playing'));
    advance(6000);
    expect(video.children).toHaveLength(0);
    expect(events).toEqual([{ type: 'playing', key: 'a' }]);
  });
});

describe('forced play (spec 3 §4 start strategy 3)', () => {
  it('a refused play() clears the source, waits 200 ms and plays again muted; a second refusal is the error panel', async () => {
    const { created, video, events, state, controller, advance } = setup();
    let refusals = 0;
    video.play = () => (refusals++, Promise.reject(Object.assign(new Error('The element has no supported sources.'), { name: 'NotSupportedError' })));
    controller.show('a', prepared, { mode: 'clip', muted: false });
    await flush();
    expect(refusals).toBe(1);
    expect(created[0].media).toBeNull();
    advance(199);
    expect(created).toHaveLength(1);
    advance(1);
    expect(created).toHaveLength(2);
    expect(video.muted).toBe(true);
    await flush();
    expect(refusals).toBe(2);
    expect(events).toEqual([{ type: 'error', key: 'a', error: { code: 'PLAY_FAILED', messageKey: 'player:playbackFailed', retryable: false } }]);
    expect(state.error?.messageKey).toBe('player:playbackFailed');
  });
});
