// What the player routes need besides app.db: the rules and the sign-on
// secret, resolved once when the routes are registered.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pointsDefaults, securityDefaults } from '../../config';
import { loadSsoSecret } from '../../security/secret';
import { watchRules } from '../../services/players/rules';
import type { WatchRules } from '../../services/players/watch-rules';
import { partnerHome } from '../../services/sso/partner-url';
import { ownOrigin } from '../../http/own-origin';

export interface PlayerContext {
  rules: WatchRules;
  secret: string;
  ttlS: number;
  pointsRequired: number;
  clock: () => Date;
  /** The partner's home page (PARTNER_URL, or this server's demo partner). */
  partnerHome(req?: FastifyRequest): string;
}

export function playerContext(app: FastifyInstance): PlayerContext {
  const config = app.config;
  return {
    rules: watchRules(config.points),
    // start.ts fills ssoSecret; an app built without one keeps a generated secret in DATA_DIR.
    secret: config.ssoSecret ?? loadSsoSecret(undefined, config.dataDir),
    ttlS: securityDefaults.ssoTokenTtlS,
    pointsRequired: config.points.partnerPointsRequired,
    clock: () => new Date(),
    // Never from the request's Host or forwarded headers (a sign-on link must not point where a client says).
    partnerHome: () => partnerHome(config, ownOrigin(app)),
  };
}

export const checkinRules = (ctx: PlayerContext) => ({ checkinReward: pointsDefaults.checkinReward, day: ctx.rules });
