// The first-time tip (spec 2 §2.3) shows once per browser: a local storage
// flag remembers it was shown. Storage that cannot be read shows no tip
// rather than showing it on every visit.

import { discoverConfig } from './config';

export type FlagStore = Pick<Storage, 'getItem' | 'setItem'>;

function browserLocal(): FlagStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function shouldShowFirstTip(store: FlagStore | null = browserLocal()): boolean {
  try {
    return store !== null && store.getItem(discoverConfig.firstTipKey) === null;
  } catch {
    return false;
  }
}

export function markFirstTipShown(store: FlagStore | null = browserLocal()): void {
  try {
    store?.setItem(discoverConfig.firstTipKey, '1');
  } catch {
    // Nothing to remember with: the tip may show again, harmlessly.
  }
}
