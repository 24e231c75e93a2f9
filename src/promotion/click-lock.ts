// Per-item click lock (spec 2 §4): a click on an item within the lock window
// after its last accepted click is refused. Time is injected.

import { promotionConfig } from './config';

export interface ClickLock {
  /** True when the item is still locked at this moment. */
  locked(id: string): boolean;
  /** Starts the item's lock window now. */
  lock(id: string): void;
}

export function createClickLock(now: () => number, windowMs: number = promotionConfig.clickLockMs): ClickLock {
  const lockedAt = new Map<string, number>();
  return {
    locked(id) {
      const at = lockedAt.get(id);
      return at !== undefined && now() - at < windowMs;
    },
    lock(id) {
      lockedAt.set(id, now());
    },
  };
}
