// Route family: first-party analytics (issue 15). Recording page views and
// clip starts (public, behind the app-config flag `analytics`) and the
// operator's summary. Errors answer {error, message} with their 4xx status.

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeError } from '../../http/errors';
import recordRoutes from './record';
import summaryRoutes from './summary';

function errorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const d = describeError(err);
  if (d.statusCode >= 500) req.log.error({ err }, 'analytics request failed');
  reply.header('Cache-Control', 'no-store').status(d.statusCode).send({ error: d.code, message: d.message });
}

export default async function routes(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(errorHandler);
  await app.register(recordRoutes);
  await app.register(summaryRoutes);
}
