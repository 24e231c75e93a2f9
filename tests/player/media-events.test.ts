import { describe, expect, it } from 'vitest';
import { bindMedia, mediaStateTable, type MediaLike } from '../../src/player/media-events';
import { createPlayerState } from '../../src/player/player-state';

class FakeVideo extends EventTarget implements MediaLike {
  currentTime = 0;
  duration = NaN;
  muted = false;
  ended = false;
  error: { code: number; message?: string } | null = null;
  currentSrc = 'http://cdn.test/a.m3u8';
  ranges: [number, number][] = [];
  added: string[] = [];
  removed: string[] = [];
  get buffered() {
    const r = this.ranges;
    return { length: r.length, start: (i: number) => r[i][0], end: (i: number) => r[i][1] };
  }
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null) {
    this.added.push(type);
    super.addEventListener(type, listener);
  }
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null) {
    this.removed.push(type);
    super.removeEventListener(type, listener);
  }
  fire(type: string) {
    this.dispatchEvent(new Event(type));
  }
}

function setup(options: { resetting?: boolean } = {}) {
  const video = new FakeVideo();
  const state = createPlayerState();
  let now = 0;
  const unbind = bindMedia(video, state, { now: () => now, resetting: () => options.resetting ?? false });
  return { video, state, unbind, tick: (ms: number) => (now += ms) };
}

describe('media state table', () => {
  it('status follows the media events: loading -> playing -> paused', () => {
    const { video, state } = setup();
    video.fire('loadstart');
    expect(state.status).toBe('loading');
    video.fire('playing');
    expect(state.status).toBe('playing');
    video.fire('waiting');
    expect(state.status).toBe('loading');
    video.fire('playing');
    video.fire('pause');
    expect(state.status).toBe('paused');
  });

  it('muted changes only when the media confirms it (volumechange)', () => {
    const { video, state } = setup();
    state.muted = true;
    video.muted = false;
    expect(state.muted).toBe(true);
    video.fire('volumechange');
    expect(state.muted).toBe(false);
  });

  it('time updates are mirrored at most every 250 ms; seeked always updates', () => {
    const { video, state, tick } = setup();
    tick(1000);
    video.currentTime = 1;
    video.fire('timeupdate');
    expect(state.currentTime).toBe(1);
    tick(100);
    video.currentTime = 1.1;
    video.fire('timeupdate');
    expect(state.currentTime).toBe(1);
    tick(150);
    video.currentTime = 1.3;
    video.fire('timeupdate');
    expect(state.currentTime).toBe(1.3);
    video.currentTime = 20;
    video.fire('seeked');
    expect(state.currentTime).toBe(20);
  });

  it('duration (infinite/NaN -> 0) and the buffered end around the position', () => {
    const { video, state } = setup();
    video.fire('durationchange');
    expect(state.duration).toBe(0);
    video.duration = 42;
    video.fire('durationchange');
    expect(state.duration).toBe(42);
    video.ranges = [
      [0, 4],
      [10, 18],
    ];
    video.currentTime = 12;
    video.fire('progress');
    expect(state.bufferedEnd).toBe(18);
  });

  it('a media error sets status and error; playing clears the error', () => {
    const { video, state } = setup();
    video.error = { code: 3, message: 'PIPELINE_ERROR_DECODE' };
    video.fire('error');
    expect(state.status).toBe('error');
    expect(state.error).toMatchObject({ code: 'MEDIA_ERR_DECODE', messageKey: 'player:mediaDecode', retryable: false });
    video.fire('playing');
    expect(state.error).toBeNull();
    expect(state.status).toBe('playing');
  });

  it('ignores the empty-source error of a reset', () => {
    const { video, state } = setup({ resetting: true });
    state.status = 'playing';
    video.error = { code: 4, message: 'MEDIA_ELEMENT_ERROR: Empty src attribute' };
    video.fire('error');
    expect(state.status).toBe('playing');
    expect(state.error).toBeNull();
    const other = setup();
    other.video.currentSrc = '';
    other.video.error = { code: 4 };
    other.video.fire('error');
    expect(other.state.error).toBeNull();
  });

  it('registers one listener per table event and removes exactly those', () => {
    const { video, unbind, state } = setup();
    const events = new Set(Object.values(mediaStateTable).flatMap((rule) => [...rule.events]));
    expect(new Set(video.added)).toEqual(events);
    expect(video.added.length).toBe(events.size);
    unbind();
    expect([...video.removed].sort()).toEqual([...video.added].sort());
    video.fire('playing');
    expect(state.status).toBe('idle');
  });
});
