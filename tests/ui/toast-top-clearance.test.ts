// Toasts start below the page's top bar even when it is taller than the
// stylesheet's band (a wrapped row of pills, the promotion header with its
// actions): the lowest marked bar in the upper half decides.

import { describe, expect, it } from 'vitest';
import { clearanceBelow } from '../../src/notices/top-clearance';

const bar = (top: number, bottom: number) => ({ top, bottom, height: bottom - top });

describe('toasts clear the top bar', () => {
  it('start below the lowest marked bar, plus the gap', () => {
    expect(clearanceBelow([bar(12, 56)], 844, 8)).toBe(64);
    expect(clearanceBelow([bar(12, 56), bar(16, 112.4)], 844, 8)).toBe(121);
  });

  it('a bar in the lower half, scrolled away or hidden does not push them down; none at all leaves the band', () => {
    expect(clearanceBelow([bar(500, 560)], 844, 8)).toBeNull();
    expect(clearanceBelow([bar(-80, -10)], 844, 8)).toBeNull();
    expect(clearanceBelow([{ top: 0, bottom: 0, height: 0 }], 844, 8)).toBeNull();
    expect(clearanceBelow([], 640, 8)).toBeNull();
    expect(clearanceBelow([bar(12, 56), bar(500, 560)], 640, 8)).toBe(64);
  });
});
