// What analytics did on this page, for the diagnostic screen: whether it is
// on, the counts of events sent and the latest events with how each went.

import { proxy } from 'valtio/vanilla';
import type { AnalyticsEvent } from './events';

/** How an event left: fetch with keepalive (its answer is known) or a beacon as the page was hidden (handed to the browser). */
export type Via = 'fetch' | 'beacon';

export type Outcome = 'waiting' | 'sent' | 'failed';

export type RecentEvent = AnalyticsEvent & {
  /** Numbered in the order recorded (a list key). */
  id: number;
  /** Wall-clock time it was recorded (ms). */
  at: number;
  via: Via | null;
  outcome: Outcome;
};

export interface AnalyticsState {
  /** 'waiting' until the app config is known; 'off' when the server's flag is off (nothing is sent). */
  status: 'waiting' | 'on' | 'off';
  /** Events sent (answered by the server, or handed to the browser as a beacon), and batches that failed. */
  counts: { pageViews: number; clipStarts: number; batches: number; failedBatches: number };
  /** Newest first. */
  recent: RecentEvent[];
}

export const analyticsState = proxy<AnalyticsState>({
  status: 'waiting',
  counts: { pageViews: 0, clipStarts: 0, batches: 0, failedBatches: 0 },
  recent: [],
});
