// What the diagnostic tool measures (facts) and what it concludes (checks).
// Facts are plain data gathered from the browser (browser-facts.ts); checks
// are derived from them by pure functions (checks-*.ts), so both the rules
// and the report are testable without a browser.

export type AutoplayPolicy = 'allowed' | 'allowed-muted' | 'disallowed' | 'unknown';

export interface DiagnosticFacts {
  /** When the facts were gathered (ms). */
  at: number;
  /** origin + path of the page (never the query: it may carry a token). */
  page: string;
  userAgent: string;
  language: string;
  cores: number | null;
  memoryGb: number | null;
  /** performance.memory, Chromium only. */
  heap: { usedMb: number; limitMb: number } | null;
  screen: { width: number; height: number };
  viewport: { width: number; height: number };
  pixelRatio: number;
  touchPoints: number;
  online: boolean;
  connection: { type?: string; effectiveType?: string; downlinkMbps?: number; rttMs?: number; saveData?: boolean } | null;
  /** Median measured round trip to the catalogue list path; null when no probe answered. */
  apiRttMs: number | null;
  mse: boolean;
  managedMse: boolean;
  /** isTypeSupported answers; null without MediaSource. */
  codecs: { h264: boolean; h264High: boolean; aac: boolean; hevc: boolean } | null;
  hlsJs: boolean;
  /** canPlayType('application/vnd.apple.mpegurl'). */
  nativeHls: string;
  autoplay: AutoplayPolicy;
  storage: { local: boolean; session: boolean; indexedDb: boolean; usageMb: number | null; quotaMb: number | null };
  cookies: boolean;
  /** Redacted messages of the errors kept this session, newest last. */
  errors: string[];
}

export type DiagnosticTab = 'device' | 'network' | 'video' | 'browser';
export const DIAGNOSTIC_TABS: readonly DiagnosticTab[] = ['device', 'network', 'video', 'browser'];

export type CheckStatus = 'ok' | 'info' | 'warn' | 'fail';

/** An i18n key with params, or ready text (numbers with units, user agents). */
export type CheckValue = { key: string; params?: Record<string, string | number> } | { text: string };

export interface CheckResult {
  id: string;
  tab: DiagnosticTab;
  /** i18n key of the check's name. */
  label: string;
  value: CheckValue;
  status: CheckStatus;
  /** i18n key of what to do, for warn and fail. */
  advice?: string;
}
