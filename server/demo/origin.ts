// Where demo media are fetched from. The catalogue stores absolute play URLs
// (the app and the spec want http(s) addresses), but the server's address is
// known only at run time, so the origin is chosen on every start and the demo
// rows are upserted again: PUBLIC_URL when set (what browsers and the
// server's own workers can both reach), else this machine's loopback and port.

import { hostOrigin } from '../net/upstream-policy';

export interface OriginInput {
  publicUrl?: string;
  /** The address the server listens on; wildcard and missing mean loopback. */
  host?: string;
  port?: number;
}

/** The port npm start uses when none is given. */
const DEFAULT_PORT = 8080;

export function demoOrigin(input: OriginInput): string {
  if (input.publicUrl) return input.publicUrl.replace(/\/+$/, '');
  return hostOrigin(input.host, input.port ?? DEFAULT_PORT);
}
