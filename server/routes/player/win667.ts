// /api/v1/win667/*: the partner account of the calling player, a fresh
// sign-on token for it, and where the partner button leads.

import type { FastifyPluginAsync } from 'fastify';
import { win667Status } from '../../services/players/win667-status';
import { findAccount } from '../../services/sso/partner-accounts-repo';
import { refreshSignOn } from '../../services/sso/start';
import { requirePlayer } from './auth';
import { ok } from './envelope';

const win667Routes: FastifyPluginAsync = async (app) => {
  const { pointsRequired } = app.playerRules;
  const signOn = app.signOn;

  // No account is an answer, not an error: a 404 here would make the client drop its identity.
  app.post('/api/v1/win667/account', async (req) => {
    const player = await requirePlayer(app, req.body);
    const account = await findAccount(app.db, player.id);
    return ok({
      has_win667: account !== undefined,
      account: account
        ? { account_id: account.accountId, created_at: account.createdAt.toISOString(), last_sign_on_at: account.lastSignOnAt?.toISOString() ?? null }
        : null,
    });
  });

  // Hands out a fresh sign-on token: sent uncompressed (BREACH, server/http/compression.ts).
  app.post('/api/v1/win667/refresh-token', { compress: false }, async (req) => {
    const player = await requirePlayer(app, req.body);
    return ok(await refreshSignOn(app.db, player, { secret: signOn.secret, ttlS: signOn.ttlS, pointsRequired, partnerHome: signOn.partnerHome() }));
  });

  app.post('/api/v1/win667/status', async (req) => {
    const player = await requirePlayer(app, req.body);
    const hasAccount = (await findAccount(app.db, player.id)) !== undefined;
    return ok({
      win667_status: win667Status(player.points, hasAccount, pointsRequired),
      has_win667: hasAccount,
      points: player.points,
      points_required: pointsRequired,
      points_needed: hasAccount ? 0 : Math.max(0, pointsRequired - player.points),
    });
  });
};

export default win667Routes;
