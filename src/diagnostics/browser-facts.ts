// Gathers the diagnostic facts from the real browser APIs. Each probe is
// bounded in time and failure-proof: a probe that throws or hangs reports
// "no" or "unknown" instead of stopping the tool. hls.js's own support check
// waits for hls.js (player/hls-load.ts fetches it where the page has not got it).

import { fatalState } from '../errors/error-monitor';
import { createRttProbe } from '../player/adaptation';
import { adaptationConfig, nativeHlsConfig } from '../player/config';
import { loadHls } from '../player/hls-load';
import { probeAutoplay } from './autoplay-probe';
import { diagnosticsConfig } from './config';
import type { DiagnosticFacts } from './types';

const MB = 1024 * 1024;

type ExtendedNavigator = Navigator & {
  deviceMemory?: number;
  connection?: { type?: string; effectiveType?: string; downlink?: number; rtt?: number; saveData?: boolean };
};
type MediaSourceClass = { isTypeSupported(type: string): boolean };

function withTimeout<T>(work: Promise<T>, fallback: T, ms: number = diagnosticsConfig.probeTimeoutMs): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

function storageWorks(kind: 'localStorage' | 'sessionStorage'): boolean {
  return safe(() => {
    const storage = window[kind];
    const key = `${diagnosticsConfig.indexedDbProbeName}-probe`;
    storage.setItem(key, '1');
    storage.removeItem(key);
    return true;
  }, false);
}

function indexedDbWorks(): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const idb = safe(() => window.indexedDB, undefined);
    if (!idb) return resolve(false);
    const request = safe(() => idb.open(diagnosticsConfig.indexedDbProbeName), null);
    if (!request) return resolve(false);
    request.onsuccess = () => {
      request.result.close();
      idb.deleteDatabase(diagnosticsConfig.indexedDbProbeName);
      resolve(true);
    };
    request.onerror = () => resolve(false);
    request.onblocked = () => resolve(false);
  });
}

async function storageEstimate(): Promise<{ usageMb: number | null; quotaMb: number | null }> {
  const estimate = await navigator.storage?.estimate?.();
  return {
    usageMb: typeof estimate?.usage === 'number' ? estimate.usage / MB : null,
    quotaMb: typeof estimate?.quota === 'number' ? estimate.quota / MB : null,
  };
}

async function hlsJsSupported(): Promise<boolean> {
  return (await loadHls()).isSupported();
}

/** The median of the round trips that answered; null when none did. */
export function medianRtt(samples: readonly (number | null)[]): number | null {
  const ok = samples.filter((s): s is number => s !== null && Number.isFinite(s)).sort((a, b) => a - b);
  if (ok.length === 0) return null;
  const mid = Math.floor(ok.length / 2);
  return ok.length % 2 ? ok[mid] : (ok[mid - 1] + ok[mid]) / 2;
}

async function apiRoundTrip(): Promise<number | null> {
  const probe = createRttProbe(adaptationConfig.rttProbePath);
  const samples: (number | null)[] = [];
  // One after another: parallel probes would measure each other.
  for (let i = 0; i < diagnosticsConfig.rttSamples; i++) samples.push(await probe(diagnosticsConfig.probeTimeoutMs));
  return medianRtt(samples);
}

function mediaFacts(): Pick<DiagnosticFacts, 'mse' | 'managedMse' | 'codecs' | 'nativeHls'> {
  const w = window as unknown as { MediaSource?: MediaSourceClass; ManagedMediaSource?: MediaSourceClass };
  const source = w.MediaSource ?? w.ManagedMediaSource;
  const asks = (type: string) => safe(() => !!source?.isTypeSupported(type), false);
  const c = diagnosticsConfig.codecs;
  const probe = document.createElement('video');
  return {
    mse: typeof w.MediaSource === 'function',
    managedMse: typeof w.ManagedMediaSource === 'function',
    codecs: source ? { h264: asks(c.h264), h264High: asks(c.h264High), aac: asks(c.aac), hevc: asks(c.hevc) } : null,
    nativeHls: safe(() => probe.canPlayType(nativeHlsConfig.mimeType), ''),
  };
}

export async function gatherFacts(now: () => number = Date.now): Promise<DiagnosticFacts> {
  const nav = navigator as ExtendedNavigator;
  const heap = (performance as Performance & { memory?: { usedJSHeapSize: number; jsHeapSizeLimit: number } }).memory;
  const conn = nav.connection;
  const [hlsJs, apiRttMs, autoplay, indexedDb, estimate] = await Promise.all([
    withTimeout(hlsJsSupported(), false),
    apiRoundTrip(),
    withTimeout(probeAutoplay(), 'unknown' as const),
    withTimeout(indexedDbWorks(), false),
    withTimeout(storageEstimate(), { usageMb: null, quotaMb: null }),
  ]);
  return {
    at: now(),
    page: `${location.origin}${location.pathname}`,
    userAgent: nav.userAgent,
    language: nav.language,
    cores: typeof nav.hardwareConcurrency === 'number' ? nav.hardwareConcurrency : null,
    memoryGb: typeof nav.deviceMemory === 'number' ? nav.deviceMemory : null,
    heap: heap ? { usedMb: heap.usedJSHeapSize / MB, limitMb: heap.jsHeapSizeLimit / MB } : null,
    screen: { width: screen.width, height: screen.height },
    viewport: { width: window.innerWidth, height: window.innerHeight },
    pixelRatio: window.devicePixelRatio || 1,
    touchPoints: nav.maxTouchPoints ?? 0,
    online: nav.onLine,
    connection: conn ? { type: conn.type, effectiveType: conn.effectiveType, downlinkMbps: conn.downlink, rttMs: conn.rtt, saveData: conn.saveData } : null,
    apiRttMs,
    ...mediaFacts(),
    hlsJs,
    autoplay,
    storage: { local: storageWorks('localStorage'), session: storageWorks('sessionStorage'), indexedDb, ...estimate },
    cookies: nav.cookieEnabled,
    errors: fatalState.reports.map((r) => r.message),
  };
}
