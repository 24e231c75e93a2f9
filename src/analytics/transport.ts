// The two ways a batch leaves the page. Both send the JSON as text/plain: a
// beacon or a keepalive fetch with that type needs no CORS preflight when the
// API is on another origin (the server parses either type). Not api/http.ts's
// request(): a batch must outlive the page (keepalive), and its answer is
// only ok or not.

import { analyticsConfig as c } from './config';
import type { AnalyticsEvent } from './events';
import type { Transport } from './recorder';

const TEXT = 'text/plain;charset=UTF-8';

export function browserTransport(win: Window, apiBase: string): Transport {
  const url = `${apiBase.replace(/\/+$/, '')}${c.path}`;
  const body = (events: readonly AnalyticsEvent[]) => JSON.stringify({ events });
  return {
    async post(events) {
      const controller = new AbortController();
      const timer = win.setTimeout(() => controller.abort(), c.requestTimeoutMs);
      try {
        const res = await win.fetch(url, { method: 'POST', body: body(events), headers: { 'content-type': TEXT }, keepalive: true, credentials: 'omit', cache: 'no-store', signal: controller.signal });
        return res.ok;
      } catch {
        return false;
      } finally {
        win.clearTimeout(timer);
      }
    },
    beacon(events) {
      try {
        return win.navigator.sendBeacon(url, new Blob([body(events)], { type: TEXT }));
      } catch {
        return false;
      }
    },
  };
}
