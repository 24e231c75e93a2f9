// The health check every 5 s (spec 1 §4). It watches two things a crash or a
// hang leaves behind and the error listeners cannot see:
// - the main thread: a check arriving over 1 s late means it was blocked
//   (reported each time as 'blocked' with the lag);
// - the app root: React leaves it empty when the tree is torn down by an
//   uncaught render error; empty on 2 checks in a row is reported once as
//   'unmounted' (the caller shows the static failure page).

import { healthConfig } from './config';

export type HealthIssue = { kind: 'blocked'; lagMs: number } | { kind: 'unmounted' };

export interface HealthProbe {
  now(): number;
  isRootMounted(): boolean;
}

/** A probe over a real root element. */
export function domHealthProbe(root: Element, now: () => number = () => performance.now()): HealthProbe {
  return { now, isRootMounted: () => root.isConnected && root.childElementCount > 0 };
}

/** Starts the checks; returns the stop function. */
export function startHealthCheck(probe: HealthProbe, onIssue: (issue: HealthIssue) => void): () => void {
  let expected = probe.now() + healthConfig.intervalMs;
  let emptyChecks = 0;
  let reportedUnmounted = false;
  let timer: ReturnType<typeof setTimeout>;

  const check = () => {
    const at = probe.now();
    const lagMs = at - expected;
    if (lagMs > healthConfig.maxLagMs) onIssue({ kind: 'blocked', lagMs });
    if (probe.isRootMounted()) {
      emptyChecks = 0;
      reportedUnmounted = false;
    } else if (++emptyChecks >= healthConfig.unmountedChecks && !reportedUnmounted) {
      reportedUnmounted = true;
      onIssue({ kind: 'unmounted' });
    }
    expected = at + healthConfig.intervalMs;
    timer = setTimeout(check, healthConfig.intervalMs);
  };
  timer = setTimeout(check, healthConfig.intervalMs);
  return () => clearTimeout(timer);
}
