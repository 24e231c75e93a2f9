// Route family: player. The JSON API (/api/v1/player/*, /api/v1/win667/*,
// GET /sso) with CORS and its own envelope for errors, and beside it the demo
// partner site (/partner/), which answers in HTML.

import type { FastifyInstance } from 'fastify';
import partnerRoutes from '../../partner/routes';
import { securityDefaults } from '../../config';
import { playerContext } from './context';
import { installCors } from './cors';
import { envelopeErrorHandler } from './envelope';
import infoRoutes from './info';
import initRoutes from './init';
import pointsRoutes from './points';
import { installPlayerRateLimits } from './rate-limit';
import ssoRoutes from './sso';
import watchRoutes from './watch';
import win667Routes from './win667';

export default async function routes(app: FastifyInstance): Promise<void> {
  const ctx = playerContext(app);
  await app.register(async (api) => {
    installCors(api, ['/api/v1/player/*', '/api/v1/win667/*', '/sso']);
    api.setErrorHandler(envelopeErrorHandler);
    await installPlayerRateLimits(api, app.config.playerRateLimits ?? { perAddress: securityDefaults.playerRequestsPerAddress, perPlayer: securityDefaults.playerRequestsPerPlayer });
    for (const family of [initRoutes, infoRoutes, watchRoutes, pointsRoutes, ssoRoutes, win667Routes]) await api.register(family, ctx);
  });
  await app.register(partnerRoutes, { secret: ctx.secret, ttlS: ctx.ttlS });
}
