import { describe, expect, it } from 'vitest';
import { progressAnimationMs, progressPercent, remainingVideos, watchNotice } from '../../src/account/credits/watch-progress';

describe('watch-videos progress (spec 2 §2.6, §4)', () => {
  it('is the percentage of required videos watched, clamped', () => {
    expect(progressPercent(0, 5)).toBe(0);
    expect(progressPercent(2, 5)).toBe(40);
    expect(progressPercent(5, 5)).toBe(100);
    expect(progressPercent(7, 5)).toBe(100);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 0)).toBe(0);
    expect(progressPercent(Number.NaN, 5)).toBe(0);
  });

  it('animates at most 800 ms, proportionally to the distance', () => {
    expect(progressAnimationMs(0, 100)).toBe(800);
    expect(progressAnimationMs(100, 0)).toBe(800);
    expect(progressAnimationMs(0, 40)).toBe(320);
    expect(progressAnimationMs(40, 40)).toBe(0);
    expect(progressAnimationMs(-50, 300)).toBe(800);
  });

  it('counts the videos still missing', () => {
    expect(remainingVideos(2, 5)).toBe(3);
    expect(remainingVideos(6, 5)).toBe(0);
  });

  it('"watch N more to earn P" for 1.5 s, or "task completed" for 2 s with the 100-50-100 vibration', () => {
    expect(watchNotice(2, 5, 100, false)).toEqual({ key: 'credits:notices.watchMore', params: { n: 3, points: 100 }, durationMs: 1500, vibrate: false });
    expect(watchNotice(5, 5, 100, false)).toEqual({ key: 'credits:notices.taskCompleted', durationMs: 2000, vibrate: true });
    expect(watchNotice(0, 5, 100, true).key).toBe('credits:notices.taskCompleted');
  });
});
