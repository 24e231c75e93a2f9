// The connection plan from what the browser tells a worker (Network
// Information API, where there is one), before the page has said anything:
// the warm start's network class and Save-Data. The rule is the page's own
// (workers/core/connection-plan.ts), so the first clip is prepared as the
// page will ask for it.

import { connectionPlan, type ConnectionFacts, type ConnectionPlan } from '../core/connection-plan';

type Scope = { navigator?: { connection?: ConnectionFacts } };

/** Typed by shape: the worker entry is also checked under the page's lib (the bridge imports its types). */
export function guessPlan(scope: Scope = self as never): ConnectionPlan {
  return connectionPlan(scope.navigator?.connection);
}
