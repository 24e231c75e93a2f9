// A hand-driven clock and timer queue for the account area's Timers.

import type { Timers } from '../../../src/lib/timers';

export interface FakeScheduler extends Timers {
  /** Moves time forward, running every timer that falls due, in order. */
  advance(ms: number): void;
  pending(): number;
}

export function fakeScheduler(start = Date.UTC(2025, 0, 1, 12)): FakeScheduler {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let due: [number, { at: number; fn: () => void }] | undefined;
        for (const entry of timers) if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry;
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
    pending: () => timers.size,
  };
}
