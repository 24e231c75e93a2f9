// The network class from what the browser tells a worker (Network
// Information API, where there is one), before the page has measured a round
// trip: the warm start's guess (workers/engine/warm-start.ts).

import { speedClass } from '../core/network-class';
import type { NetworkClass } from '../core/types';

interface ConnectionLike {
  downlink?: number;
  rtt?: number;
  effectiveType?: string;
}

/** Typed by shape: the worker entry is also checked under the page's lib (the bridge imports its types). */
export function guessNetwork(scope: { navigator?: { connection?: ConnectionLike } } = self as never): NetworkClass {
  const connection = scope.navigator?.connection;
  return speedClass({ downlinkMbps: connection?.downlink, rttMs: connection?.rtt, effectiveType: connection?.effectiveType });
}
