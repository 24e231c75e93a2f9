// The batching of analytics events: held until the app config says whether
// analytics is on, then sent in batches by fetch with keepalive (after a
// short delay, or at once when a batch is full), and all at once by beacon
// when the page is hidden or left. Best effort: a failed batch is not sent
// again (when only the answer was lost, a retry would count it twice).

import type { Timers, TimerHandle } from '../lib/timers';
import type { AnalyticsState, Via } from './analytics-store';
import { analyticsConfig as c } from './config';
import type { AnalyticsEvent } from './events';

export interface Transport {
  /** fetch with keepalive; true when the server took the batch. */
  post(events: readonly AnalyticsEvent[]): Promise<boolean>;
  /** navigator.sendBeacon; true when the browser queued it. */
  beacon(events: readonly AnalyticsEvent[]): boolean;
}

export interface Recorder {
  record(event: AnalyticsEvent): void;
  /** Analytics is on: events go out through `transport` from now on. */
  enable(transport: Transport): void;
  /** Analytics is off: what waits is dropped and nothing is recorded any more. */
  disable(): void;
  /** Sends everything waiting now; 'beacon' when the page is being hidden or left. */
  flush(via: Via): void;
}

interface Waiting {
  id: number;
  event: AnalyticsEvent;
}

export function createRecorder(state: AnalyticsState, timers: Timers): Recorder {
  let transport: Transport | null = null;
  let queue: Waiting[] = [];
  let nextId = 1;
  let timer: TimerHandle | null = null;

  const cancelTimer = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };

  const settle = (batch: readonly Waiting[], via: Via, ok: boolean) => {
    const ids = new Set(batch.map((w) => w.id));
    for (const entry of state.recent) {
      if (!ids.has(entry.id)) continue;
      entry.via = via;
      entry.outcome = ok ? 'sent' : 'failed';
    }
    if (!ok) {
      state.counts.failedBatches++;
      return;
    }
    state.counts.batches++;
    for (const w of batch) {
      if (w.event.kind === 'page_view') state.counts.pageViews++;
      else state.counts.clipStarts++;
    }
  };

  const send = (via: Via) => {
    cancelTimer();
    const out = transport;
    if (!out) return;
    while (queue.length > 0) {
      const batch = queue.slice(0, c.batchSize);
      queue = queue.slice(c.batchSize);
      const events = batch.map((w) => w.event);
      // A beacon the browser refuses (too big, over its quota) still goes out by keepalive fetch, which outlives the page.
      if (via === 'beacon' && out.beacon(events)) settle(batch, 'beacon', true);
      else void out.post(events).then((ok) => settle(batch, 'fetch', ok), () => settle(batch, 'fetch', false));
    }
  };

  const schedule = () => {
    if (!transport || queue.length === 0) return;
    if (queue.length >= c.batchSize) return send('fetch');
    timer ??= timers.setTimeout(() => {
      timer = null;
      send('fetch');
    }, c.flushDelayMs);
  };

  return {
    record(event) {
      if (state.status === 'off') return;
      const waiting = { id: nextId++, event };
      queue = [...queue, waiting].slice(-c.maxQueued);
      state.recent = [{ ...event, id: waiting.id, at: timers.now(), via: null, outcome: 'waiting' as const }, ...state.recent].slice(0, c.recentShown);
      schedule();
    },
    enable(t) {
      transport = t;
      state.status = 'on';
      schedule();
    },
    disable() {
      cancelTimer();
      transport = null;
      queue = [];
      state.status = 'off';
      state.recent = [];
    },
    flush: send,
  };
}
