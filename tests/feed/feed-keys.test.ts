import { describe, expect, it } from 'vitest';
import { feedKeyAction } from '../../src/feed/controls/useFeedKeys';
import type { TargetNode } from '../../src/feed/swiper/gesture-targets';

const key = (k: string, extra: Partial<KeyboardEvent> = {}) => ({ key: k, altKey: false, ctrlKey: false, metaKey: false, defaultPrevented: false, ...extra });
/** A target inside elements matching `inside` (comma-separated CSS selector parts). */
const target = (inside: string[]): TargetNode => ({
  closest: (selector: string) => (selector.split(',').some((part) => inside.includes(part.trim())) ? target(inside) : null),
  contains: () => false,
});

describe('the feed keys (UI.md: space, m)', () => {
  it('m toggles the sound and Space the playback, from the page body', () => {
    expect(feedKeyAction(key('m'), target([]))).toBe('toggleMute');
    expect(feedKeyAction(key('M'), null)).toBe('toggleMute');
    expect(feedKeyAction(key(' '), target([]))).toBe('togglePause');
    expect(feedKeyAction(key('x'), null)).toBeNull();
  });

  it('leaves keys that belong to something else', () => {
    expect(feedKeyAction(key('m', { ctrlKey: true }), null)).toBeNull();
    expect(feedKeyAction(key(' ', { defaultPrevented: true }), null)).toBeNull();
    expect(feedKeyAction(key('m'), target(['input']))).toBeNull();
    expect(feedKeyAction(key(' '), target(['[role="dialog"]']))).toBeNull();
    // Space on a focused button presses the button; m still mutes.
    expect(feedKeyAction(key(' '), target(['button']))).toBeNull();
    expect(feedKeyAction(key('m'), target(['button']))).toBe('toggleMute');
  });
});
