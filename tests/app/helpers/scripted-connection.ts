// The real connection (src/notices/connection.ts) over a server the test
// switches up and down, and timers the test moves by hand.

import { proxy } from 'valtio/vanilla';
import { createConnection, type Connection, type ConnectionState } from '../../../src/notices/connection';
import type { Timeouts } from '../../../src/lib/timers';

export function scriptedConnection(options: { up?: boolean; browserOnline?: boolean } = {}) {
  let up = options.up ?? true;
  let browserOnline = options.browserOnline ?? true;
  let now = 0;
  let id = 0;
  const queue = new Map<number, { at: number; fn: () => void }>();
  const timers: Timeouts = {
    setTimeout: (fn, ms) => {
      queue.set(++id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (t) => void queue.delete(t as number),
  };
  const probes: number[] = [];
  const state = proxy<ConnectionState>({ offline: false, checking: false });
  const link: Connection = createConnection({
    probe: async () => (probes.push(now), up),
    timers,
    browserOnline: () => browserOnline,
    state,
  });
  /** Moves the clock, running the timers that fall due and letting their probes answer. */
  const advance = async (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...queue].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      queue.delete(due[0]);
      now = due[1].at;
      due[1].fn();
      await flush();
    }
    now = end;
  };
  return {
    link,
    state,
    probes,
    advance,
    /** When the pending timers fire (ms from now), soonest first. */
    pending: () => [...queue.values()].map((t) => t.at - now).sort((a, b) => a - b),
    setUp: (value: boolean) => void (up = value),
    setBrowserOnline: (value: boolean) => void (browserOnline = value),
  };
}

/** Lets promise callbacks run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
