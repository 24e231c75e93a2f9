// The play page's player (src/player/full-video-player.ts, shared with the
// feed's full-video modal): whole videos from 0, route switches that keep the
// time and keep the old route when the new one fails (spec 3 §4 "Route
// switch"), retries, and a clean stop when the page goes.

import { describe, expect, it } from 'vitest';
import { createFullVideoPlayer, type FullPrepare, type FullPrepared } from '../../../src/player/full-video-player';
import type { HlsPool } from '../../../src/player/hls-pool';
import type { PlaybackController, PlaybackControllerOptions, ShowOptions } from '../../../src/player/playback-controller';
import { createPlayerState } from '../../../src/player/player-state';
import type { PreparedClip } from '../../../workers/core/types';

const clip = (url: string) => ({ url, clipPlaylist: '#EXTM3U\n', fullPlaylist: '#EXTM3U\n', adIntervals: [] }) as unknown as PreparedClip;

function deferred() {
  let resolve!: (r: FullPrepared) => void;
  const promise = new Promise<FullPrepared>((r) => (resolve = r));
  return { promise, resolve };
}

function setup() {
  const shows: { key: string; url: string; options: ShowOptions }[] = [];
  const calls: string[] = [];
  const failures: (string | null)[] = [];
  let emit: PlaybackControllerOptions['onEvent'] = () => undefined;
  const video = { currentTime: 0, paused: false, pause() {
    this.paused = true;
    calls.push('pause');
  } };
  const controller: PlaybackController = {
    show: (key, prepared, options) => void shows.push({ key, url: prepared.url, options }),
    preload: () => undefined,
    retry: () => void calls.push('retry'),
    setMuted: (m) => void calls.push(`muted:${m}`),
    seek: (t) => void calls.push(`seek:${t}`),
    pause: () => void calls.push('controller-pause'),
    destroy: () => void calls.push('destroy'),
  };
  const state = createPlayerState();
  const player = createFullVideoPlayer({
    video: video as unknown as HTMLVideoElement,
    pool: {} as HlsPool,
    state,
    hlsMode: 'play-page',
    muted: false,
    prepareFailedKey: 'play:errors.videoLoadFailedRetry',
    onFailure: (key) => void failures.push(key),
    createController: (options) => {
      emit = options.onEvent;
      return controller;
    },
  });
  return { player, state, shows, calls, failures, video, emit: (e: Parameters<PlaybackControllerOptions['onEvent']>[0]) => emit(e) };
}

const ok = (url: string): FullPrepare => async () => ({ ok: true, clip: clip(url) });
const fail: FullPrepare = async () => ({ ok: false, error: { code: 'HTTP_ERROR', message: 'HTTP 404', retryable: true } });

describe('full-video player', () => {
  it('is loading from the moment the preparation starts (the modal shows its loading state, not a blank video)', async () => {
    const { player, state } = setup();
    expect(state.status).toBe('idle');
    const d = deferred();
    const opened = player.open('full-7', () => d.promise);
    expect(state.status).toBe('loading');
    d.resolve({ ok: true, clip: clip('https://a/7.m3u8') });
    expect(await opened).toEqual({ kind: 'shown' });
  });

  it('opens a video from its start in full mode with the page buffers', async () => {
    const { player, shows } = setup();
    expect(await player.open('play-5-0', ok('https://a/0.m3u8'))).toEqual({ kind: 'shown' });
    expect(shows).toEqual([{ key: 'play-5-0', url: 'https://a/0.m3u8', options: { mode: 'full', muted: false, hlsMode: 'play-page' } }]);
  });

  it('a route switch shows the new source at the time reached when it is ready', async () => {
    const { player, shows, video, failures } = setup();
    await player.open('play-5-0', ok('https://a/0.m3u8'));
    video.currentTime = 42.5;
    const next = deferred();
    const switching = player.switchTo('play-5-1', () => next.promise);
    video.currentTime = 44; // the old route kept playing while the new one was prepared
    next.resolve({ ok: true, clip: clip('https://b/1.m3u8') });
    expect(await switching).toEqual({ kind: 'shown' });
    expect(shows[1]).toEqual({ key: 'play-5-1', url: 'https://b/1.m3u8', options: { mode: 'full', muted: false, hlsMode: 'play-page', startAt: 44 } });
    expect(failures.filter((f) => f !== null)).toEqual([]);
  });

  it('a failed switch keeps the old route playing and shows no error panel', async () => {
    const { player, shows, failures, video } = setup();
    await player.open('play-5-0', ok('https://a/0.m3u8'));
    video.currentTime = 30;
    const outcome = await player.switchTo('play-5-1', fail);
    expect(outcome.kind).toBe('failed');
    expect(shows).toHaveLength(1);
    expect(failures.filter((f) => f !== null)).toEqual([]);
  });

  it('a failed first preparation fills the error panel, and retry prepares again', async () => {
    const { player, shows, failures } = setup();
    let attempts = 0;
    const flaky: FullPrepare = async () => (++attempts === 1 ? { ok: false, error: { code: 'TIMEOUT', message: 't', retryable: true } } : { ok: true, clip: clip('https://a/0.m3u8') });
    expect((await player.open('play-5-0', flaky)).kind).toBe('failed');
    expect(failures.at(-1)).toBe('play:errors.videoLoadFailedRetry');
    player.retry();
    await new Promise((r) => setTimeout(r, 0));
    expect(attempts).toBe(2);
    expect(shows.map((s) => s.key)).toEqual(['play-5-0']);
    expect(failures.at(-1)).toBe(null);
  });

  it('with nothing shown, a switch is an open (from 0)', async () => {
    const { player, shows, video } = setup();
    await player.open('play-5-0', fail);
    video.currentTime = 12;
    await player.switchTo('play-5-1', ok('https://b/1.m3u8'));
    expect(shows).toEqual([{ key: 'play-5-1', url: 'https://b/1.m3u8', options: { mode: 'full', muted: false, hlsMode: 'play-page' } }]);
  });

  it('a newer request cancels an older one that has not finished', async () => {
    const { player, shows } = setup();
    const slow = deferred();
    let aborted = false;
    const first = player.open('play-5-0', (signal) => {
      signal.addEventListener('abort', () => (aborted = true));
      return slow.promise;
    });
    const second = player.open('play-5-1', ok('https://b/1.m3u8'));
    slow.resolve({ ok: true, clip: clip('https://a/0.m3u8') });
    expect(await first).toEqual({ kind: 'cancelled' });
    expect(await second).toEqual({ kind: 'shown' });
    expect(aborted).toBe(true);
    expect(shows.map((s) => s.key)).toEqual(['play-5-1']);
  });

  it('playback errors of the shown source fill the error panel; retry goes to the controller', async () => {
    const { player, failures, calls, emit } = setup();
    await player.open('play-5-0', ok('https://a/0.m3u8'));
    emit({ type: 'error', key: 'play-5-0', error: { code: 'PLAYBACK_FAILED', messageKey: 'player:tryOtherRoute', retryable: true } });
    emit({ type: 'skip', key: 'other', reason: 'x', messageKey: 'player:switchingVideo' });
    expect(failures.at(-1)).toBe('player:tryOtherRoute');
    player.retry();
    expect(calls).toContain('retry');
    expect(failures.at(-1)).toBe(null);
  });

  it('destroy pauses the video, stops the controller and drops a pending preparation', async () => {
    const { player, shows, calls, video } = setup();
    const slow = deferred();
    const pending = player.open('play-5-0', () => slow.promise);
    player.destroy();
    slow.resolve({ ok: true, clip: clip('https://a/0.m3u8') });
    expect(await pending).toEqual({ kind: 'cancelled' });
    expect(shows).toEqual([]);
    expect(video.paused).toBe(true);
    expect(calls).toEqual(['pause', 'destroy']);
  });
});
