import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterClipStarts } from '../../src/feed/playback/first-frame';

function fakeVideo(withFrameCallback = true) {
  const callbacks = new Map<number, () => void>();
  const target = new EventTarget();
  let next = 0;
  return {
    callbacks,
    addEventListener: (t: 'playing', l: () => void) => target.addEventListener(t, l),
    removeEventListener: (t: 'playing', l: () => void) => target.removeEventListener(t, l),
    ...(withFrameCallback
      ? {
          requestVideoFrameCallback: (cb: () => void) => {
            callbacks.set(++next, cb);
            return next;
          },
          cancelVideoFrameCallback: (h: number) => void callbacks.delete(h),
        }
      : {}),
    present: () => [...callbacks.values()].forEach((cb) => cb()),
    playing: () => target.dispatchEvent(new Event('playing')),
  };
}

describe('afterClipStarts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs once on the clip's 'playing' event, and not again on a frame or at the cap", () => {
    const video = fakeVideo();
    const fn = vi.fn();
    afterClipStarts(video, fn, 150);
    vi.advanceTimersByTime(100);
    expect(fn).not.toHaveBeenCalled();
    video.playing();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(video.callbacks.size).toBe(0);
    video.present();
    video.playing();
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs on the first presented frame when that comes first', () => {
    const video = fakeVideo();
    const fn = vi.fn();
    afterClipStarts(video, fn, 150);
    video.present();
    expect(fn).toHaveBeenCalledTimes(1);
    video.playing();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs at the cap when the clip does not start (also without requestVideoFrameCallback), never after cancel', () => {
    const video = fakeVideo(false);
    const fn = vi.fn();
    afterClipStarts(video, fn, 150);
    vi.advanceTimersByTime(149);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    const again = fakeVideo();
    const cancel = afterClipStarts(again, other, 150);
    cancel();
    again.present();
    again.playing();
    vi.advanceTimersByTime(500);
    expect(other).not.toHaveBeenCalled();
  });
});
