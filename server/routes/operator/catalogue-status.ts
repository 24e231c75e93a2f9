// GET /api/v1/operator/catalogue/status: every imported source, its videos
// shown and gone, its last good sync and its newest run with the outcome
// (services/catalogue/sync/status.ts), for the operator and
// `npm run catalogue:status` when the server holds the PGlite directory.

import type { FastifyInstance } from 'fastify';
import { operatorStatusPath, sourcesStatus } from '../../services/catalogue/sync/index';

export default async function catalogueStatusRoutes(app: FastifyInstance): Promise<void> {
  app.get(operatorStatusPath, { onRequest: app.operatorOnly }, async () => ({ sources: await sourcesStatus(app.db) }));
}
