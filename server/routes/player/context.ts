// What the player routes need besides app.db: the rules and the sign-on
// secret, resolved once when the routes are registered.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pointsDefaults, securityDefaults } from '../../config';
import { loadSsoSecret } from '../../security/secret';
import { watchRules } from '../../services/players/rules';
import type { WatchRules } from '../../services/players/watch-rules';
import { ticketKey, type TicketKey, type TicketRules } from '../../services/players/watch-ticket';
import type { ServerConfig } from '../../config';
import { partnerHome } from '../../services/sso/partner-url';
import { ownOrigin } from '../../http/own-origin';

export interface PlayerContext {
  rules: WatchRules & TicketRules;
  secret: string;
  /** Signs watch tickets (derived from the sign-on secret). */
  ticketKey: TicketKey;
  ttlS: number;
  pointsRequired: number;
  clock: () => Date;
  /** The partner's home page (PARTNER_URL, or this server's demo partner). */
  partnerHome(req?: FastifyRequest): string;
}

// Tests move the player API's clock (watch tickets must age on the server's
// clock); keyed by the app's config object, so each test app has its own.
const clocks = new WeakMap<ServerConfig, () => Date>();

/** Replaces the clock of the player API built with this config (null: the real clock again). For tests. */
export function setPlayerClock(config: ServerConfig, clock: (() => Date) | null): void {
  if (clock) clocks.set(config, clock);
  else clocks.delete(config);
}

export function playerContext(app: FastifyInstance): PlayerContext {
  const config = app.config;
  // start.ts fills ssoSecret; an app built without one keeps a generated secret in DATA_DIR.
  const secret = config.ssoSecret ?? loadSsoSecret(undefined, config.dataDir);
  return {
    rules: watchRules(config.points),
    secret,
    ticketKey: ticketKey(secret),
    ttlS: securityDefaults.ssoTokenTtlS,
    pointsRequired: config.points.partnerPointsRequired,
    clock: () => {
      const injected = clocks.get(config);
      return injected ? injected() : new Date();
    },
    // Never from the request's Host or forwarded headers (a sign-on link must not point where a client says).
    partnerHome: () => partnerHome(config, ownOrigin(app)),
  };
}

export const checkinRules = (ctx: PlayerContext) => ({ checkinReward: pointsDefaults.checkinReward, day: ctx.rules });
