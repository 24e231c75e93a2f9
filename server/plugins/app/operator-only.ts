// The operator guard as app.operatorOnly: an onRequest hook refusing requests
// without the operator token (server/http/operator-only.ts), for the routes
// that change the service. The token is read once, when the app is built.

import fp from 'fastify-plugin';
import { operatorOnly, type OperatorCheck } from '../../http/operator-only';

declare module 'fastify' {
  interface FastifyInstance {
    operatorOnly: OperatorCheck;
  }
}

export default fp(
  async (app) => {
    app.decorate('operatorOnly', operatorOnly(app));
  },
  { name: 'operator-only', dependencies: ['config'] },
);
