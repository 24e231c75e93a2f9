import { describe, expect, it } from 'vitest';
import { swiperConfig } from '../../src/feed/swiper/config';
import { decideSwipe, dragOffset, isSwipeGesture } from '../../src/feed/swiper/swipe-decision';

const both = { canGoPrev: true, canGoNext: true };
const slow = { velocity: 0.05, elapsedMs: 1500 };

describe('swipe decision', () => {
  it('distance rule: over 80 px is a swipe even when slow and long', () => {
    expect(decideSwipe({ dy: -81, dx: 0, ...slow }, both)).toEqual({ kind: 'swipe', direction: 'next' });
    expect(decideSwipe({ dy: 81, dx: 0, ...slow }, both)).toEqual({ kind: 'swipe', direction: 'prev' });
    // Exactly 80 is not "over" 80, and a slow drag has no flick to fall back on.
    expect(decideSwipe({ dy: -80, dx: 0, ...slow }, both)).toEqual({ kind: 'cancel' });
  });

  it('flick rule: over 30 px, faster than 0.3 px/ms, under 800 ms', () => {
    expect(isSwipeGesture({ dy: -31, dx: 0, velocity: 0.31, elapsedMs: 120 })).toBe(true);
    expect(isSwipeGesture({ dy: -30, dx: 0, velocity: 2, elapsedMs: 120 })).toBe(false);
    expect(isSwipeGesture({ dy: -50, dx: 0, velocity: 0.3, elapsedMs: 120 })).toBe(false);
    // A hesitant drag released with a twitch is not a flick.
    expect(isSwipeGesture({ dy: -50, dx: 0, velocity: 1, elapsedMs: 800 })).toBe(false);
    // Velocity sign does not matter (use-gesture reports magnitudes).
    expect(isSwipeGesture({ dy: 50, dx: 0, velocity: -0.5, elapsedMs: 100 })).toBe(true);
  });

  it('needs vertical dominance above 2x for both rules', () => {
    expect(isSwipeGesture({ dy: -200, dx: 100, ...slow })).toBe(false);
    expect(isSwipeGesture({ dy: -201, dx: 100, ...slow })).toBe(true);
    expect(isSwipeGesture({ dy: -60, dx: 40, velocity: 1, elapsedMs: 100 })).toBe(false);
    expect(isSwipeGesture({ dy: -60, dx: -29, velocity: 1, elapsedMs: 100 })).toBe(true);
  });

  it('cancels small drags and taps', () => {
    expect(decideSwipe({ dy: 0, dx: 0, velocity: 0, elapsedMs: 50 }, both)).toEqual({ kind: 'cancel' });
    expect(decideSwipe({ dy: -20, dx: 0, velocity: 3, elapsedMs: 30 }, both)).toEqual({ kind: 'cancel' });
  });

  it('reports an edge instead of a swipe towards a missing neighbour', () => {
    expect(decideSwipe({ dy: 120, dx: 0, ...slow }, { canGoPrev: false, canGoNext: true })).toEqual({ kind: 'edge', direction: 'prev' });
    expect(decideSwipe({ dy: -120, dx: 0, ...slow }, { canGoPrev: true, canGoNext: false })).toEqual({ kind: 'edge', direction: 'next' });
    expect(decideSwipe({ dy: -120, dx: 0, ...slow }, { canGoPrev: false, canGoNext: true })).toEqual({ kind: 'swipe', direction: 'next' });
  });

  it('damps the drag towards a missing neighbour only, and limits it to one screen', () => {
    const first = { canGoPrev: false, canGoNext: true };
    expect(dragOffset(100, first, 800)).toBeCloseTo(100 * swiperConfig.edgeDamping);
    expect(dragOffset(-100, first, 800)).toBe(-100);
    const last = { canGoPrev: true, canGoNext: false };
    expect(dragOffset(-100, last, 800)).toBeCloseTo(-40);
    expect(dragOffset(100, last, 800)).toBe(100);
    expect(dragOffset(-5000, both, 800)).toBe(-800);
    expect(dragOffset(5000, both, 800)).toBe(800);
  });

  it('accepts other rule sets (the generic swiper)', () => {
    const generic = { ...swiperConfig, ...swiperConfig.genericSwiper };
    expect(isSwipeGesture({ dy: -61, dx: 0, ...slow }, generic)).toBe(true);
    expect(isSwipeGesture({ dy: -61, dx: 0, ...slow })).toBe(false);
  });
});
