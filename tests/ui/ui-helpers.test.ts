import { describe, expect, it } from 'vitest';
import { stageAt, VIDEO_LOADING_STAGES } from '../../src/ui/loading-stages';
import { lockScroll } from '../../src/ui/scroll-lock';
import { vibrate } from '../../src/ui/vibrate';

describe('scroll lock', () => {
  it('locks, and restores the original overflow only when the last lock is released', () => {
    const style = { overflow: 'auto' };
    const unlockOuter = lockScroll(style);
    expect(style.overflow).toBe('hidden');
    const unlockInner = lockScroll(style);
    unlockOuter();
    expect(style.overflow).toBe('hidden');
    // Releasing twice must not unbalance the count.
    unlockOuter();
    expect(style.overflow).toBe('hidden');
    unlockInner();
    expect(style.overflow).toBe('auto');
  });

  it('saves the value present at the next first lock', () => {
    const style = { overflow: '' };
    lockScroll(style)();
    style.overflow = 'scroll';
    const unlock = lockScroll(style);
    unlock();
    expect(style.overflow).toBe('scroll');
  });
});

describe('loading stages', () => {
  it('advances one stage per interval and stays on the last', () => {
    expect(stageAt(0, 4, 2500)).toBe(0);
    expect(stageAt(2499, 4, 2500)).toBe(0);
    expect(stageAt(2500, 4, 2500)).toBe(1);
    expect(stageAt(7600, 4, 2500)).toBe(3);
    expect(stageAt(60_000, 4, 2500)).toBe(3);
    expect(stageAt(5000, 0, 2500)).toBe(-1);
    expect(VIDEO_LOADING_STAGES.length).toBeGreaterThan(1);
  });
});

describe('vibrate', () => {
  it('calls navigator.vibrate with the pattern and survives its absence or refusal', () => {
    const calls: unknown[] = [];
    expect(vibrate([100, 50, 100], { vibrate: (p) => (calls.push(p), true) })).toBe(true);
    expect(calls).toEqual([[100, 50, 100]]);
    expect(vibrate(50, {})).toBe(false);
    expect(
      vibrate(50, {
        vibrate: () => {
          throw new Error('blocked');
        },
      }),
    ).toBe(false);
  });
});
