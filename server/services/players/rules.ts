// The run-time points rules (app.config.points) with the fixed day rule of
// server/config.ts, in the shape the pure rules take.

import { pointsDefaults, type ServerConfig } from '../../config';
import { playerDefaults } from './config';
import type { TicketRules } from './watch-ticket';
import type { WatchRules } from './watch-rules';

export function watchRules(points: ServerConfig['points']): WatchRules & TicketRules {
  return {
    videosRequired: points.videosRequired,
    reward: points.reward,
    minIntervalS: points.minIntervalS,
    dailyVideoLimit: points.dailyVideoLimit,
    minWatchS: points.minWatchS,
    ticketMaxAgeS: playerDefaults.watchTicketMaxAgeS,
    timeZone: pointsDefaults.timeZone,
    resetHour: pointsDefaults.dailyResetHour,
  };
}
