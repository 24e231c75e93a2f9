// Limits of the operator routes (/api/v1/operator/*).

import { httpLimits } from '../../config';

export const operatorRouteConfig = {
  // An import request is {url, pages}: 4 KiB holds the longest URL accepted and then some.
  bodyBytes: 4 * 1024,
  // The longest source URL accepted (what common servers and proxies accept in a request line).
  maxUrlLength: 2_048,
  // While an import runs and says nothing, a heartbeat line this often: the socket is never idle
  // long enough for the server's idle timeout (30 s) or a client's to cut a long import.
  heartbeatMs: httpLimits.idleSocketMs / 6,
} as const;
