// GET /api/v1/analytics/summary: what analytics recorded (totals, counts per
// kind and page, the latest events), for the operator (ADMIN_TOKEN): the
// events are anonymous, but reading them is nobody else's business.

import type { FastifyInstance } from 'fastify';
import { summarize } from '../../services/analytics/store';

export default async function summaryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/analytics/summary', { onRequest: app.operatorOnly }, async (_req, reply) => reply.header('Cache-Control', 'no-store').send(await summarize(app.db)));
}
