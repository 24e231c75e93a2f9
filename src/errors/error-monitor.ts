// Global error handling (spec 1 §8): severe errors show the full-page overlay,
// light ones are ignored, unrecognised ones are kept and 8 of them within
// 10 s count as severe. Reports are redacted before they are stored. A
// failure to fetch (a page chunk, a request) is an outage while the server
// does not answer, never a fatal error (issue 16 point 4): it counts only
// once the connection's probe finds the server answering.

import { proxy } from 'valtio/vanilla';
import { connection as pageConnection, type Connection } from '../notices/connection';
import { errorMonitorConfig } from './config';
import { classifyThrown, severityOf, type ErrorType, type Severity } from './error-classify';
import { redact } from './redact';
import { isUnreachableThrown } from './unreachable';

export interface ErrorReport {
  type: ErrorType;
  severity: Severity;
  /** Redacted. */
  message: string;
  /** Redacted, when the error had one. */
  stack?: string;
  at: number;
  /** Severe because of the burst rule rather than its type. */
  burst?: true;
}

export interface FatalState {
  /** The first severe error; the overlay shows while it is set. */
  error: ErrorReport | null;
  /** The latest kept reports (medium and severe), oldest first, for the diagnostic screen. */
  reports: ErrorReport[];
}

export const fatalState = proxy<FatalState>({ error: null, reports: [] });

export interface ErrorMonitor {
  /** Classify (or use the given type), keep and act on an error; null when it is light and ignored. */
  report(value: unknown, type?: ErrorType): ErrorReport | null;
}

export interface ErrorMonitorOptions {
  now?: () => number;
  state?: FatalState;
  /** Called with every kept (redacted) report, e.g. to log it in debug mode. */
  onReport?: (report: ErrorReport) => void;
  /** Asked about failures to fetch; without it they are judged by their type alone. */
  connection?: Pick<Connection, 'isOffline' | 'check'>;
}

function messageOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string') {
    return (value as { message: string }).message;
  }
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function createErrorMonitor(options: ErrorMonitorOptions = {}): ErrorMonitor {
  const now = options.now ?? Date.now;
  const state = options.state ?? fatalState;
  let recent: number[] = [];

  const keep = (value: unknown, errorType: ErrorType, severity: Severity): ErrorReport => {
    const at = now();
    const stack = value instanceof Error && value.stack ? redact(value.stack) : undefined;
    const report: ErrorReport = { type: errorType, severity, message: redact(messageOf(value)), at, ...(stack ? { stack } : {}) };
    if (severity === 'medium') {
      recent = [...recent.filter((t) => at - t < errorMonitorConfig.burstWindowMs), at];
      if (recent.length >= errorMonitorConfig.burstCount) {
        recent = [];
        report.severity = 'severe';
        report.burst = true;
      }
    }
    state.reports = [...state.reports, report].slice(-errorMonitorConfig.keptReports);
    if (report.severity === 'severe' && state.error === null) state.error = report;
    options.onReport?.(report);
    return report;
  };

  return {
    report(value, type) {
      const errorType = type ?? classifyThrown(value);
      const severity = severityOf(errorType);
      if (severity === 'light') return null;
      const link = options.connection;
      if (link && isUnreachableThrown(value)) {
        // Offline, it is the outage the banner speaks of; otherwise it counts only if the server answers.
        if (!link.isOffline()) void link.check().then((answered) => answered && keep(value, errorType, severity));
        return null;
      }
      return keep(value, errorType, severity);
    },
  };
}

/** The app's monitor, feeding fatalState. */
export const errorMonitor = createErrorMonitor({ connection: pageConnection });

/** Report an error from app code, with its type when known (e.g. 'state_corruption'). */
export function reportError(value: unknown, type?: ErrorType): ErrorReport | null {
  return errorMonitor.report(value, type);
}

/**
 * Hide the overlay (after a recovery the app performed itself).
 * @internal A test seam (knip.json: @internal exports are allowed for test seams only).
 */
export function clearFatal(state: FatalState = fatalState): void {
  state.error = null;
}

export interface ErrorEventTarget {
  addEventListener(type: 'error', listener: (event: { error?: unknown; message?: string }) => void): void;
  addEventListener(type: 'unhandledrejection', listener: (event: { reason?: unknown }) => void): void;
  removeEventListener(type: 'error', listener: (event: { error?: unknown; message?: string }) => void): void;
  removeEventListener(type: 'unhandledrejection', listener: (event: { reason?: unknown }) => void): void;
}

/** Window listeners for uncaught errors and unhandled rejections; returns the uninstall function. */
export function installErrorMonitor(target: ErrorEventTarget, monitor: ErrorMonitor = errorMonitor): () => void {
  const onError = (event: { error?: unknown; message?: string }) => {
    monitor.report(event.error ?? event.message ?? 'Unknown error');
  };
  const onRejection = (event: { reason?: unknown }) => {
    monitor.report(event.reason ?? 'Unhandled rejection');
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
