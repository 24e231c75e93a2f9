// Route family: player. The JSON API (/api/v1/player/*, /api/v1/win667/*,
// GET /sso) with CORS, per-address and per-player rate limits and its own
// envelope for errors. Decides by app.playerRules and signs with app.signOn
// (server/plugins/app/).

import type { FastifyInstance } from 'fastify';
import { securityDefaults } from '../../config';
import { installCors } from './cors';
import { envelopeErrorHandler } from './envelope';
import infoRoutes from './info';
import initRoutes from './init';
import paymentRoutes from './payments';
import pointsRoutes from './points';
import { installPlayerRateLimits } from './rate-limit';
import ssoRoutes from './sso';
import watchRoutes from './watch';
import win667Routes from './win667';

export default async function routes(app: FastifyInstance): Promise<void> {
  installCors(app, ['/api/v1/player/*', '/api/v1/win667/*', '/sso']);
  app.setErrorHandler(envelopeErrorHandler);
  await installPlayerRateLimits(app, app.config.playerRateLimits ?? { perAddress: securityDefaults.playerRequestsPerAddress, perPlayer: securityDefaults.playerRequestsPerPlayer });
  for (const family of [initRoutes, infoRoutes, watchRoutes, pointsRoutes, paymentRoutes, ssoRoutes, win667Routes]) await app.register(family);
}
