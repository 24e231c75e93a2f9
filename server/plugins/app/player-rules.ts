// What the player API decides by, as app.playerRules: the points and watch
// rules from the configuration, the key that signs watch tickets (derived
// from the sign-on secret) and the clock, resolved once when the app is built.

import fp from 'fastify-plugin';
import { pointsDefaults, type ServerConfig } from '../../config';
import type { DayRule } from '../../services/players/points-day';
import { watchRules } from '../../services/players/rules';
import type { WatchRules } from '../../services/players/watch-rules';
import { ticketKey, type TicketKey, type TicketRules } from '../../services/players/watch-ticket';

export interface PlayerRules {
  rules: WatchRules & TicketRules;
  /** The daily check-in's reward and its day. */
  checkin: { checkinReward: number; day: DayRule };
  /** Signs watch tickets. */
  ticketKey: TicketKey;
  pointsRequired: number;
  clock: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    playerRules: PlayerRules;
  }
}

// Tests move the player API's clock (watch tickets must age on the server's
// clock); keyed by the app's config object, so each test app has its own.
const clocks = new WeakMap<ServerConfig, () => Date>();

/**
 * Replaces the clock of the player API built with this config (null: the real clock again).
 * @internal A test seam (knip.json: @internal exports are allowed for test seams only).
 */
export function setPlayerClock(config: ServerConfig, clock: (() => Date) | null): void {
  if (clock) clocks.set(config, clock);
  else clocks.delete(config);
}

export default fp(
  async (app) => {
    const config = app.config;
    const rules = watchRules(config.points);
    app.decorate('playerRules', {
      rules,
      checkin: { checkinReward: pointsDefaults.checkinReward, day: rules },
      ticketKey: ticketKey(app.signOn.secret),
      pointsRequired: config.points.partnerPointsRequired,
      clock: () => {
        const injected = clocks.get(config);
        return injected ? injected() : new Date();
      },
    } satisfies PlayerRules);
  },
  { name: 'player-rules', dependencies: ['config', 'sign-on'] },
);
