import { describe, expect, it } from 'vitest';
import { createTouchGuard, createWheelGate } from '../../src/feed/swiper/input-gates';
import { isKeyboardExempt, isSwipeExempt, type TargetNode } from '../../src/feed/swiper/gesture-targets';

function clock(start = 1000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('wheel debounce', () => {
  it('accepts the first wheel event and ignores the rest of a stream spaced under 150 ms', () => {
    const c = clock();
    const gate = createWheelGate(c.now);
    expect(gate.accept(40)).toBe(true);
    // A trackpad fling: events every 100 ms for a second never re-trigger.
    for (let i = 0; i < 10; i++) {
      c.advance(100);
      expect(gate.accept(30)).toBe(false);
    }
    c.advance(150);
    expect(gate.accept(-40)).toBe(true);
  });

  it('counts quiet time from the last event, not from the last accepted one', () => {
    const c = clock();
    const gate = createWheelGate(c.now);
    expect(gate.accept(40)).toBe(true);
    c.advance(149);
    expect(gate.accept(40)).toBe(false);
    c.advance(149);
    expect(gate.accept(40)).toBe(false);
    c.advance(150);
    expect(gate.accept(40)).toBe(true);
  });

  it('ignores jitter without restarting the window', () => {
    const c = clock();
    const gate = createWheelGate(c.now);
    expect(gate.accept(2)).toBe(false);
    c.advance(10);
    expect(gate.accept(50)).toBe(true);
  });
});

describe('touch ignore after a swipe', () => {
  it('refuses touches for 100 ms after a swipe only', () => {
    const c = clock();
    const guard = createTouchGuard(c.now);
    expect(guard.touchAllowed()).toBe(true);
    guard.markSwiped();
    expect(guard.touchAllowed()).toBe(false);
    c.advance(99);
    expect(guard.touchAllowed()).toBe(false);
    c.advance(1);
    expect(guard.touchAllowed()).toBe(true);
  });
});

/** A tiny element tree: each node knows its parent and the selectors it matches. */
function node(matches: string[], parent: FakeNode | null = null): FakeNode {
  return new FakeNode(matches, parent);
}
class FakeNode implements TargetNode {
  constructor(
    private readonly matches: string[],
    readonly parent: FakeNode | null,
  ) {}
  closest(selector: string): FakeNode | null {
    const wanted = selector.split(',').map((s) => s.trim());
    for (let n: FakeNode | null = this; n; n = n.parent) if (n.matches.some((m) => wanted.includes(m))) return n;
    return null;
  }
  contains(other: TargetNode | null): boolean {
    for (let n = other as FakeNode | null; n; n = n.parent) if (n === this) return true;
    return false;
  }
}

describe('gesture targets', () => {
  it('leaves buttons, links and sliders alone', () => {
    const root = node([]);
    expect(isSwipeExempt(node(['button'], root))).toBe(true);
    expect(isSwipeExempt(node([], node(['a'], root)))).toBe(true);
    expect(isSwipeExempt(node(['[role="slider"]'], root))).toBe(true);
    expect(isSwipeExempt(node(['[data-no-swipe]'], root))).toBe(true);
    expect(isSwipeExempt(node(['div'], root))).toBe(false);
    expect(isSwipeExempt(null)).toBe(false);
  });

  it('keeps the video area swipeable even inside a button-like wrapper, but not a control inside it', () => {
    const wrapper = node(['[role="button"]']);
    const area = node(['[data-video-area]'], wrapper);
    const video = node(['video'], area);
    expect(isSwipeExempt(video)).toBe(false);
    const muteButton = node(['button'], area);
    expect(isSwipeExempt(muteButton)).toBe(true);
  });

  it('never swipes from a zoomed video, even inside the video area', () => {
    const area = node(['[data-video-area]', '[data-zoomed]']);
    expect(isSwipeExempt(node(['video'], area))).toBe(true);
  });

  it('keyboard events from sliders and dialogs are not swipes', () => {
    expect(isKeyboardExempt(node(['[role="slider"]']))).toBe(true);
    expect(isKeyboardExempt(node([], node(['[role="dialog"]'])))).toBe(true);
    expect(isKeyboardExempt(node(['button']))).toBe(false);
  });
});
