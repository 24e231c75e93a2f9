// GET /api/v1/app/config: feature flags, the feed's ad items, the points
// needed for the partner site and the browsing pages' slot ads, for the page
// to read once at start (app.appConfig: the file override is read and
// validated when the app is built, and a bad file stops it).

import type { FastifyInstance } from 'fastify';
import { appConfigAnswer } from '../services/app-config';
import { allowAnyOrigin } from './media/cors';

/** The answer changes only with a restart: a short browser cache saves a round trip per page load. */
const MAX_AGE_S = 60;

export default async function appConfigRoutes(app: FastifyInstance): Promise<void> {
  const body = appConfigAnswer(app.appConfig, app.config.publicUrl, app.config.points.partnerPointsRequired);
  await app.register(async (scope) => {
    allowAnyOrigin(scope, ['/api/v1/app/config'], 'GET, OPTIONS');
    scope.get('/api/v1/app/config', async (_req, reply) => reply.header('Cache-Control', `public, max-age=${MAX_AGE_S}`).send(body));
  });
}
