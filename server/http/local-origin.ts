// Where a process on this machine reaches the listening server directly: the
// first address it listens on (a wildcard bind as 127.0.0.1). The PGlite lock
// records it for `npm run catalogue:import`, which then runs the import
// through the server. Not PUBLIC_URL: that may be a proxy that buffers the
// streamed progress or does not pass operator paths at all.

import type { FastifyInstance } from 'fastify';
import { listeningOrigins } from '../net/upstream-policy';
import { ownOrigin } from './own-origin';

export function localOrigin(app: FastifyInstance): string {
  const live = app.addresses().filter((a): a is { address: string; port: number; family: string } => typeof a === 'object');
  return listeningOrigins(live)[0] ?? ownOrigin(app);
}
