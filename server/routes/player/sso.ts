// POST /api/v1/player/sso (the sign-on link) and GET /sso?accessToken= (a
// visitor back from the partner gets their player and a new credential).

import type { FastifyPluginAsync } from 'fastify';
import { restoreFromReturnToken } from '../../services/sso/restore';
import { startSignOn } from '../../services/sso/start';
import { requirePlayer } from './auth';
import { ok } from './envelope';
import { parseInput } from './parse';
import { ssoQuery } from './schemas';

const ssoRoutes: FastifyPluginAsync = async (app) => {
  const { pointsRequired } = app.playerRules;
  const signOn = app.signOn;

  // Both answers hand out a secret (a sign-on token, a new credential): sent uncompressed (BREACH, server/http/compression.ts).
  app.post('/api/v1/player/sso', { compress: false }, async (req) => {
    const player = await requirePlayer(app, req.body);
    const result = await startSignOn(app.db, player, {
      secret: signOn.secret,
      ttlS: signOn.ttlS,
      pointsRequired,
      partnerHome: signOn.partnerHome(),
      balanceOnHome: !app.config.partnerUrl,
    });
    return ok(result, result.has_win667 ? 'Signed on to the partner site.' : `${result.remaining_points} more points needed for the partner site.`);
  });

  app.get('/sso', { compress: false }, async (req) => {
    const { accessToken } = parseInput(ssoQuery, req.query, 'query');
    return ok(await restoreFromReturnToken(app.db, signOn.secret, accessToken), 'Player restored.');
  });
};

export default ssoRoutes;
