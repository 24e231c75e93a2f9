// Feed navigation decisions (spec 1 §4 "Feed navigation"). Pure: the store
// applies them (index change, loads, toasts, timers).

import { feedConfig } from './config';
import type { FeedItem } from './feed-item';
import type { LoadDecision } from './load-permission';

export const NavMessage = {
  noPrevious: 'feed:nav.noPrevious',
  emergency: ['feed:nav.emergency1', 'feed:nav.emergency2', 'feed:nav.emergency3'],
  loadingMore: ['feed:nav.loadingMore1', 'feed:nav.loadingMore2', 'feed:nav.loadingMore3', 'feed:nav.loadingMore4'],
} as const;

export type NextDecision =
  | { kind: 'advance'; to: number }
  /** On the last item and loading is permitted: load, then advance. */
  | { kind: 'load-more' }
  /** On the last item and loading is refused: retry in the background, tell the visitor. */
  | { kind: 'queue-retry'; toastKey: string; reason: LoadDecision['reason'] }
  | { kind: 'none' };

/** `toastTurn` counts loading-more toasts shown so far: the four texts rotate. */
export function decideNext(index: number, length: number, permission: LoadDecision, toastTurn: number): NextDecision {
  if (length === 0) return permission.allowed ? { kind: 'load-more' } : { kind: 'queue-retry', toastKey: loadingMoreToast(toastTurn), reason: permission.reason };
  if (index < length - 1) return { kind: 'advance', to: Math.max(0, index + 1) };
  if (permission.allowed) return { kind: 'load-more' };
  return { kind: 'queue-retry', toastKey: loadingMoreToast(toastTurn), reason: permission.reason };
}

export type PrevDecision = { kind: 'advance'; to: number } | { kind: 'message'; key: string };

export function decidePrev(index: number, length: number): PrevDecision {
  if (index <= 0 || length === 0) return { kind: 'message', key: NavMessage.noPrevious };
  return { kind: 'advance', to: Math.min(index - 1, length - 1) };
}

export type GoToDecision = { kind: 'go'; to: number } | { kind: 'stay' } | { kind: 'emergency-load'; target: number };

/** A target past the loaded items is missing: load urgently (spec 1 §4). */
export function decideGoTo(target: number, current: number, length: number): GoToDecision {
  if (!Number.isInteger(target) || target < 0) return { kind: 'stay' };
  if (target >= length) return { kind: 'emergency-load', target };
  return target === current ? { kind: 'stay' } : { kind: 'go', to: target };
}

export function loadingMoreToast(turn: number): string {
  const keys = NavMessage.loadingMore;
  const n = ((Math.trunc(turn) % feedConfig.loadingMoreToasts) + feedConfig.loadingMoreToasts) % feedConfig.loadingMoreToasts;
  return keys[n];
}

/** Toasts while an emergency load runs: at 2, 3 and 5 s (cancelled when it ends). */
export function emergencyToastPlan(): { delayMs: number; key: string }[] {
  return feedConfig.emergencyToastDelaysMs.map((delayMs, i) => ({ delayMs, key: NavMessage.emergency[i] }));
}

export interface SwitchCounters {
  switchCount: number;
  watchedCount: number;
}

/**
 * Counters after the visitor leaves `left`: every switch counts (ads are
 * decided by it); a watched non-ad video adds to the watched count.
 */
export function countersAfterSwitch(counters: SwitchCounters, left: FeedItem | undefined, leftWasWatched: boolean): SwitchCounters {
  return {
    switchCount: counters.switchCount + 1,
    watchedCount: counters.watchedCount + (left && !left.isAd && leftWasWatched ? 1 : 0),
  };
}
