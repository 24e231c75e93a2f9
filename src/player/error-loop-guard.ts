// Error loop guard (spec 3 §4): the same address failing with the same error
// type 3 or more times, each less than 5 s after the previous one, means
// retrying is going in circles: stop and move on.

import { errorLoopConfig } from './config';

/** Error tracker entry (spec 3 §3), keyed by address + error type. */
interface TrackerEntry {
  count: number;
  lastTime: number;
}

export interface ErrorLoopGuard {
  /** Records an occurrence at `now` (ms); true when it closes a loop (stop retrying). */
  record(address: string, errorType: string, now: number): boolean;
  /** Forgets one address (after it played) or everything. */
  reset(address?: string): void;
}

export function createErrorLoopGuard(options: { windowMs?: number; repeats?: number } = {}): ErrorLoopGuard {
  const windowMs = options.windowMs ?? errorLoopConfig.windowMs;
  const repeats = options.repeats ?? errorLoopConfig.repeats;
  const entries = new Map<string, TrackerEntry>();
  const keyOf = (address: string, errorType: string) => `${errorType}\u0000${address}`;

  return {
    record(address, errorType, now) {
      const key = keyOf(address, errorType);
      const entry = entries.get(key);
      const next: TrackerEntry = entry && now - entry.lastTime < windowMs ? { count: entry.count + 1, lastTime: now } : { count: 1, lastTime: now };
      entries.set(key, next);
      // Drop stale entries so the map stays as small as the set of live problems.
      for (const [k, e] of entries) if (now - e.lastTime >= windowMs) entries.delete(k);
      return next.count >= repeats;
    },
    reset(address) {
      if (address === undefined) return entries.clear();
      for (const k of [...entries.keys()]) if (k.endsWith(`\u0000${address}`)) entries.delete(k);
    },
  };
}
