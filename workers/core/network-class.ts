// The spec's two network tables (spec 1 §9) in one module, each named for
// what it decides:
// - speedClass, the "network speed check" (fast above 10 Mbps, medium above 2,
//   or by latency below 100 / 500 ms): which variant the engine picks, and the
//   worker's warm-start guess before the page has measured anything;
// - downlinkClass, the "second classification by downlink" (fast above 5 Mbps,
//   medium above 1), the worse of it and the page's measured round trip: how
//   many items the page preloads and how hls.js is tuned.
// A slow effective type (slow-2g, 2g, 3g) is slow in both.

import { networkConfig } from './config';
import type { NetworkClass } from './types';

export interface NetworkMeasurement {
  /** navigator.connection.downlink or a measured speed, Mbps. */
  downlinkMbps?: number;
  /** Round-trip time, ms. */
  rttMs?: number;
  /** navigator.connection.effectiveType ('slow-2g', '2g', '3g', '4g'). */
  effectiveType?: string;
}

/**
 * The speed check's class (spec 1 §9): a slow effective type wins; then downlink
 * (fast above 10 Mbps, medium above 2); then latency (fast below 100 ms,
 * medium below 500 ms); nothing usable -> medium. '4g' alone is not enough
 * for fast: it only promises about 0.7 Mbps.
 */
export function speedClass(m: NetworkMeasurement): NetworkClass {
  if (slowEffectiveType(typeof m?.effectiveType === 'string' ? m.effectiveType : undefined)) return 'slow';
  const down = m?.downlinkMbps;
  if (typeof down === 'number' && Number.isFinite(down) && down >= 0) {
    if (down > networkConfig.fastDownlinkMbps) return 'fast';
    if (down > networkConfig.mediumDownlinkMbps) return 'medium';
    return 'slow';
  }
  const rtt = m?.rttMs;
  if (typeof rtt === 'number' && Number.isFinite(rtt) && rtt >= 0) return latencyClass(rtt);
  return networkConfig.defaultClass;
}

/** The parts of navigator.connection the downlink table reads (Network Information API). */
export interface DownlinkLike {
  downlink?: number;
  effectiveType?: string;
}

const rank: Record<NetworkClass, number> = { slow: 0, medium: 1, fast: 2 };
const worse = (a: NetworkClass, b: NetworkClass): NetworkClass => (rank[a] <= rank[b] ? a : b);

/** Whether the browser names a slow connection type. */
export function slowEffectiveType(effectiveType: string | undefined): boolean {
  return !!effectiveType && (networkConfig.slowEffectiveTypes as readonly string[]).includes(effectiveType.trim().toLowerCase());
}

/** The class of a measured round trip alone (the latency thresholds of the speed check). */
export function latencyClass(rttMs: number): NetworkClass {
  return rttMs < networkConfig.fastRttMs ? 'fast' : rttMs < networkConfig.mediumRttMs ? 'medium' : 'slow';
}

/** The second classification: the connection's downlink (or a slow type) and a measured round trip; the worse one wins. */
export function downlinkClass(connection: DownlinkLike | undefined, rttMs: number | null): NetworkClass {
  let byConnection: NetworkClass | null = null;
  if (slowEffectiveType(connection?.effectiveType)) byConnection = 'slow';
  else if (typeof connection?.downlink === 'number') {
    byConnection = connection.downlink > networkConfig.downlinkFastMbps ? 'fast' : connection.downlink > networkConfig.downlinkMediumMbps ? 'medium' : 'slow';
  }
  const byLatency = rttMs === null ? null : latencyClass(rttMs);
  if (byConnection && byLatency) return worse(byConnection, byLatency);
  return byConnection ?? byLatency ?? networkConfig.defaultClass;
}
