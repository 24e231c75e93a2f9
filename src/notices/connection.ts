// The page's one connection state (issue 16 point 4; UI.md "Outages are
// calm"). Every layer asks it before treating a failure as the item's or the
// page's own: a failure that looks like the network asks check(), which
// probes the server's cheap health endpoint; unreachable, the page is offline
// and the back-off probe (2 s, 4 s, 8 s ... capped at 30 s) runs until the
// server answers again, or at once on the browser's `online` event or the
// visitor's retry. When it answers, every onResume listener runs (the feed
// retries its item, a page that could not load loads). The banner
// (shell/ConnectionBanner.tsx) renders connectionState.

import { proxy } from 'valtio/vanilla';
import { apiConfig } from '../api/config';
import { realTimers, type TimerHandle, type Timeouts } from '../lib/timers';
import { connectionConfig } from './config';

export interface ConnectionState {
  /** The server did not answer the last probe, or the browser has no network. */
  offline: boolean;
  /** A probe is on its way. */
  checking: boolean;
}

/** The wait before back-off probe number `attempt` (0 = the first) of an outage. */
export function backoffDelayMs(attempt: number): number {
  const { backoffBaseMs, backoffFactor, backoffCapMs } = connectionConfig;
  const n = Math.max(0, Math.trunc(attempt));
  // Past the cap the power only grows: stop computing it there (no Infinity for a long outage).
  const steps = Math.min(n, Math.ceil(Math.log(backoffCapMs / backoffBaseMs) / Math.log(backoffFactor)));
  return Math.min(backoffBaseMs * backoffFactor ** steps, backoffCapMs);
}

export interface ConnectionDeps {
  /** True when the server answers (the health endpoint). Never throws. */
  probe(): Promise<boolean>;
  timers: Timeouts;
  /** navigator.onLine: false means the device has no network at all (no probe is needed to know). */
  browserOnline(): boolean;
  state?: ConnectionState;
}

/** The browser's network events (window). */
export interface ConnectionEvents {
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

export interface Connection {
  readonly state: ConnectionState;
  isOffline(): boolean;
  /**
   * A failure that may be the network's: does the server answer? Online, a probe decides (calls share it);
   * offline, false at once (the back-off probe watches for the way back).
   */
  check(): Promise<boolean>;
  /** The visitor's retry: a probe now; the back-off starts over if the server still does not answer. */
  retryNow(): Promise<boolean>;
  /** Runs `listener` each time the server answers again after an outage; returns the unsubscribe. */
  onResume(listener: () => void): () => void;
  /** Listens to the browser's online/offline events; returns the stop. */
  watch(events: ConnectionEvents): () => void;
}

export function createConnection(deps: ConnectionDeps): Connection {
  const state = deps.state ?? proxy<ConnectionState>({ offline: false, checking: false });
  const listeners = new Set<() => void>();
  let inflight: Promise<boolean> | null = null;
  let timer: TimerHandle | null = null;
  let attempt = 0;

  const cancelTimer = () => {
    if (timer !== null) deps.timers.clearTimeout(timer);
    timer = null;
  };

  const probeOnce = (): Promise<boolean> => {
    if (inflight) return inflight;
    state.checking = true;
    const asked = deps.browserOnline() ? deps.probe().catch(() => false) : Promise.resolve(false);
    // Cleared once settled (a callback, so never before `inflight` holds it).
    inflight = asked.finally(() => {
      state.checking = false;
      inflight = null;
    });
    return inflight;
  };

  const scheduleProbe = () => {
    cancelTimer();
    timer = deps.timers.setTimeout(() => {
      timer = null;
      void probeOnce().then(settle);
    }, backoffDelayMs(attempt++));
  };

  const goOffline = () => {
    if (state.offline) return;
    state.offline = true;
    attempt = 0;
    scheduleProbe();
  };

  const goOnline = () => {
    cancelTimer();
    attempt = 0;
    if (!state.offline) return;
    state.offline = false;
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch {
        // One layer's resume failing must not keep the others waiting.
      }
    }
  };

  /** A probe's answer while offline: back, or the next back-off probe. */
  const settle = (answered: boolean) => {
    if (answered) goOnline();
    else if (state.offline && timer === null) scheduleProbe();
    else goOffline();
  };

  return {
    state,
    isOffline: () => state.offline,
    async check() {
      if (state.offline) return false;
      if (!deps.browserOnline()) {
        goOffline();
        return false;
      }
      const answered = await probeOnce();
      if (!answered) goOffline();
      return answered;
    },
    async retryNow() {
      cancelTimer();
      attempt = 0;
      const answered = await probeOnce();
      if (answered) goOnline();
      else if (state.offline) scheduleProbe();
      else goOffline();
      return answered;
    },
    onResume(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    watch(events) {
      const onOffline = () => goOffline();
      // The device has a network again: ask the server now rather than at the next back-off step.
      const onOnline = () => {
        if (!state.offline) return;
        cancelTimer();
        attempt = 0;
        void probeOnce().then(settle);
      };
      events.addEventListener('offline', onOffline);
      events.addEventListener('online', onOnline);
      return () => {
        events.removeEventListener('offline', onOffline);
        events.removeEventListener('online', onOnline);
      };
    },
  };
}

/** Asks the server's health endpoint; any failure or a non-2xx answer is "unreachable". */
export async function probeServer(url: string, timeoutMs: number = connectionConfig.probeTimeoutMs): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    // Not through api/http.ts: its three request slots may all be held by requests waiting out their time-outs.
    const res = await fetch(url, { cache: 'no-store', credentials: 'omit', signal: controller.signal });
    return res.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The page's connection, probing the server the API calls go to. */
export const connection: Connection = createConnection({
  probe: () => probeServer(`${apiConfig.base}${connectionConfig.probePath}`),
  timers: realTimers,
  browserOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
});

/** What the page renders (the banner). */
export const connectionState = connection.state;
