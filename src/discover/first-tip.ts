// The first-time tip (spec 2 §2.3) shows once per browser: a local storage
// flag remembers it was shown. Storage that cannot be read shows no tip
// rather than showing it on every visit.

import { pageLocalStorage, type KeyValueStore } from '../lib/key-value-store';
import { discoverConfig } from './config';


export function shouldShowFirstTip(store: Pick<KeyValueStore, 'getItem' | 'setItem'> | null = pageLocalStorage()): boolean {
  try {
    return store !== null && store.getItem(discoverConfig.firstTipKey) === null;
  } catch {
    return false;
  }
}

export function markFirstTipShown(store: Pick<KeyValueStore, 'getItem' | 'setItem'> | null = pageLocalStorage()): void {
  try {
    store?.setItem(discoverConfig.firstTipKey, '1');
  } catch {
    // Nothing to remember with: the tip may show again, harmlessly.
  }
}
