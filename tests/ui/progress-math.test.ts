import { describe, expect, it } from 'vitest';
import { clampTime, createThrottle, formatClock, percentOf, timeAtPointer } from '../../src/feed/progress/progress-math';

describe('progress maths', () => {
  const rect = { left: 20, width: 200 };

  it('maps the pointer to a time clamped to 0..duration', () => {
    expect(timeAtPointer(120, rect, 60)).toBe(30);
    expect(timeAtPointer(-50, rect, 60)).toBe(0);
    expect(timeAtPointer(1000, rect, 60)).toBe(60);
    expect(timeAtPointer(120, rect, Number.NaN)).toBe(0);
    expect(timeAtPointer(120, { left: 0, width: 0 }, 60)).toBe(0);
  });

  it('clamps seeks and percentages', () => {
    expect(clampTime(-3, 40)).toBe(0);
    expect(clampTime(41, 40)).toBe(40);
    expect(clampTime(12.5, 40)).toBe(12.5);
    expect(clampTime(5, 0)).toBe(0);
    expect(percentOf(15, 60)).toBe(25);
    expect(percentOf(90, 60)).toBe(100);
    expect(percentOf(-1, 60)).toBe(0);
    expect(percentOf(10, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('formats clock times', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});

describe('seek throttle', () => {
  it('sends the first value, holds later ones within 50 ms, and ends on the final value', () => {
    let t = 0;
    const throttle = createThrottle<number>(50, () => t);
    expect(throttle.offer(1)).toBe(1);
    t = 20;
    expect(throttle.offer(2)).toBeUndefined();
    t = 40;
    expect(throttle.offer(3)).toBeUndefined();
    t = 50;
    expect(throttle.offer(4)).toBe(4);
    t = 60;
    expect(throttle.offer(5)).toBeUndefined();
    expect(throttle.flush()).toBe(5);
    expect(throttle.flush()).toBeUndefined();
  });

  it('sends at most one value per interval during a fast drag', () => {
    let t = 0;
    const throttle = createThrottle<number>(50, () => t);
    let sent = 0;
    for (; t < 1000; t += 5) if (throttle.offer(t) !== undefined) sent++;
    expect(sent).toBe(20);
  });

  it('reset forgets the pending value and the last send', () => {
    let t = 0;
    const throttle = createThrottle<number>(50, () => t);
    throttle.offer(1);
    t = 10;
    throttle.offer(2);
    throttle.reset();
    expect(throttle.flush()).toBeUndefined();
    expect(throttle.offer(3)).toBe(3);
  });
});
