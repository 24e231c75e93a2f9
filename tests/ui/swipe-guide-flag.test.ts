import { describe, expect, it } from 'vitest';
import { SWIPE_GUIDE_KEY, hasSeenSwipeGuide, markSwipeGuideSeen, type FlagStore } from '../../src/feed/swipe-guide-flag';

function memoryStorage(): FlagStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const throwing: FlagStore = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('swipe guide flag', () => {
  it('is unseen until marked, then seen, under the spec key', () => {
    const storage = memoryStorage();
    expect(hasSeenSwipeGuide(storage)).toBe(false);
    expect(markSwipeGuideSeen(storage)).toBe(true);
    expect(storage.data.get('tiktok_swipe_guide_shown')).toBe('true');
    expect(SWIPE_GUIDE_KEY).toBe('tiktok_swipe_guide_shown');
    expect(hasSeenSwipeGuide(storage)).toBe(true);
  });

  it('reads an explicit false as unseen', () => {
    const storage = memoryStorage();
    storage.setItem(SWIPE_GUIDE_KEY, 'false');
    expect(hasSeenSwipeGuide(storage)).toBe(false);
  });

  it('survives storage that throws or is missing', () => {
    expect(hasSeenSwipeGuide(throwing)).toBe(false);
    expect(markSwipeGuideSeen(throwing)).toBe(false);
    expect(hasSeenSwipeGuide(null)).toBe(false);
    expect(markSwipeGuideSeen(undefined)).toBe(false);
  });
});
