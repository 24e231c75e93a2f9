// Route family: operator calls (/api/v1/operator/*), all behind the operator
// token (app.operatorOnly), checked before the body is read.
// Refusals are {error: {code, message, retryable}}; nothing is cached; no
// CORS, so no web page elsewhere can call these with a browser's help.

import type { FastifyInstance } from 'fastify';
import catalogueImportRoutes from './catalogue-import';
import catalogueStatusRoutes from './catalogue-status';
import { operatorErrorHandler } from './envelope';

export default async function routes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  app.setErrorHandler(operatorErrorHandler);
  await app.register(catalogueImportRoutes);
  await app.register(catalogueStatusRoutes);
}
