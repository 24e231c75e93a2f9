import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstFrame } from '../../src/pages/feed/playback/first-frame';

function fakeVideo() {
  const callbacks = new Map<number, () => void>();
  let next = 0;
  return {
    callbacks,
    requestVideoFrameCallback: (cb: () => void) => {
      callbacks.set(++next, cb);
      return next;
    },
    cancelVideoFrameCallback: (h: number) => void callbacks.delete(h),
    present: () => [...callbacks.values()].forEach((cb) => cb()),
  };
}

describe('afterFirstFrame', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once on the first presented frame, not again at the cap', () => {
    const video = fakeVideo();
    const fn = vi.fn();
    afterFirstFrame(video, fn, 150);
    vi.advanceTimersByTime(100);
    expect(fn).not.toHaveBeenCalled();
    video.present();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs at the cap when no frame comes, and drops the frame callback', () => {
    const video = fakeVideo();
    const fn = vi.fn();
    afterFirstFrame(video, fn, 150);
    vi.advanceTimersByTime(149);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(video.callbacks.size).toBe(0);
  });

  it('runs at once without requestVideoFrameCallback, and never after cancel', () => {
    const fn = vi.fn();
    afterFirstFrame({}, fn, 150);
    expect(fn).toHaveBeenCalledTimes(1);
    const video = fakeVideo();
    const other = vi.fn();
    const cancel = afterFirstFrame(video, other, 150);
    cancel();
    video.present();
    vi.advanceTimersByTime(500);
    expect(other).not.toHaveBeenCalled();
  });
});
