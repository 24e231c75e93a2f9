// What this server's upstream fetches may reach, as app.upstreamPolicy
// (server/net/upstream-policy.ts): public addresses, its own origin (read at
// each fetch: the listening port is known late) and ALLOWED_PRIVATE_UPSTREAMS.
// One policy for the clean endpoint, the task worker and the catalogue import.

import fp from 'fastify-plugin';
import { upstreamPolicyFor, type UpstreamPolicy } from '../../net/upstream-policy';

declare module 'fastify' {
  interface FastifyInstance {
    upstreamPolicy: UpstreamPolicy;
  }
}

export default fp(
  async (app) => {
    app.decorate('upstreamPolicy', upstreamPolicyFor(app));
  },
  { name: 'upstream-policy', dependencies: ['config'] },
);
