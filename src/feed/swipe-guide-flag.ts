// The first-time swipe guide is shown once; the flag lives in localStorage
// under the spec's key (spec 1 §3). Storage is injected; a storage that throws
// (Safari private mode, blocked cookies) must not break the feed.

import type { KeyValueStore } from '../lib/key-value-store';

/** What the flag needs of a store. */
export type FlagStore = Pick<KeyValueStore, 'getItem' | 'setItem'>;

export const SWIPE_GUIDE_KEY = 'tiktok_swipe_guide_shown';

export function hasSeenSwipeGuide(storage: FlagStore | null | undefined): boolean {
  if (!storage) return false;
  try {
    const value = storage.getItem(SWIPE_GUIDE_KEY);
    return value !== null && value !== 'false' && value !== '0';
  } catch {
    return false;
  }
}

/** Returns whether the flag was stored. */
export function markSwipeGuideSeen(storage: FlagStore | null | undefined): boolean {
  if (!storage) return false;
  try {
    storage.setItem(SWIPE_GUIDE_KEY, 'true');
    return true;
  } catch {
    return false;
  }
}

