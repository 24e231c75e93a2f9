// Time gates for swiper input (spec 1 §5): a wheel event within 150 ms of the
// previous one is ignored, and touch is ignored for 100 ms after a swipe. The
// clock is injected so tests drive it.

import { swiperConfig } from './config';

export type Clock = () => number;

export interface WheelGate {
  /** True when this wheel event should change video. Every real event restarts the quiet window. */
  accept(deltaY: number): boolean;
}

/**
 * A trackpad fling emits a stream of wheel events for a second or more; the
 * debounce counts from the last event seen (not the last accepted), so one
 * fling changes video once.
 */
export function createWheelGate(now: Clock, debounceMs: number = swiperConfig.wheelDebounceMs, minDelta: number = swiperConfig.wheelMinDelta): WheelGate {
  let last = Number.NEGATIVE_INFINITY;
  return {
    accept(deltaY) {
      // Jitter is neither a request nor part of a stream.
      if (Math.abs(deltaY) < minDelta) return false;
      const t = now();
      const quiet = t - last >= debounceMs;
      last = t;
      return quiet;
    },
  };
}

export interface TouchGuard {
  /** Call when a swipe has completed. */
  markSwiped(): void;
  /** False while touches must be ignored. */
  touchAllowed(): boolean;
}

export function createTouchGuard(now: Clock, ignoreMs: number = swiperConfig.touchIgnoreAfterSwipeMs): TouchGuard {
  let swipedAt = Number.NEGATIVE_INFINITY;
  return {
    markSwiped() {
      swipedAt = now();
    },
    touchAllowed() {
      return now() - swipedAt >= ignoreMs;
    },
  };
}
