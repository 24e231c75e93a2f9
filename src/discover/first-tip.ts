// The first-time tip (spec 2 §2.3) shows once per browser: a local storage
// flag remembers it was shown. Storage that cannot be read shows no tip
// rather than showing it on every visit.

import { pageLocalStorage } from '../lib/page-storage';
import { discoverConfig } from './config';

export type FlagStore = Pick<Storage, 'getItem' | 'setItem'>;

export function shouldShowFirstTip(store: FlagStore | null = pageLocalStorage()): boolean {
  try {
    return store !== null && store.getItem(discoverConfig.firstTipKey) === null;
  } catch {
    return false;
  }
}

export function markFirstTipShown(store: FlagStore | null = pageLocalStorage()): void {
  try {
    store?.setItem(discoverConfig.firstTipKey, '1');
  } catch {
    // Nothing to remember with: the tip may show again, harmlessly.
  }
}
