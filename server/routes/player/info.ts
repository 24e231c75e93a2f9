// Read-mostly player calls: info (with the optional device check),
// video/config and points/query.

import type { FastifyPluginAsync } from 'fastify';
import { pointsDefaults, securityDefaults } from '../../config';
import { hasDeviceData, recordDeviceCheck } from '../../services/players/device-check';
import { invalidCredential } from '../../services/players/errors';
import { playerInfo } from '../../services/players/view';
import { win667Status } from '../../services/players/win667-status';
import { findAccount } from '../../services/sso/partner-accounts-repo';
import { requirePlayer } from './auth';
import { ok } from './envelope';
import { parseInput } from './parse';
import { infoBody } from './schemas';

const infoRoutes: FastifyPluginAsync = async (app) => {
  const { clock, pointsRequired } = app.playerRules;

  app.post('/api/v1/player/info', async (req) => {
    const input = parseInput(infoBody, req.body);
    const player = await requirePlayer(app, req.body);
    // The client checks that the server agrees on its player id (spec 1 §5); a mismatch means its record is stale.
    if (input.player_id !== undefined && input.player_id !== player.playerId) throw invalidCredential('Invalid credential: it belongs to another player.');
    if (hasDeviceData(input)) await recordDeviceCheck(app.db, player.id, input, securityDefaults.fingerprintsKept, clock());
    const account = await findAccount(app.db, player.id);
    return ok(playerInfo(player, account !== undefined, pointsRequired));
  });

  app.post('/api/v1/player/video/config', async (req) => {
    const player = await requirePlayer(app, req.body);
    const p = app.config.points;
    return ok({
      videos_required: p.videosRequired,
      points_reward: p.reward,
      min_interval: p.minIntervalS,
      min_watch_time: p.minWatchS,
      enabled: p.reward > 0,
      daily_video_limit: p.dailyVideoLimit,
      current_progress: player.currentProgress,
      reset_hour: pointsDefaults.dailyResetHour,
      time_zone: pointsDefaults.timeZone,
    });
  });

  app.post('/api/v1/player/points/query', async (req) => {
    const player = await requirePlayer(app, req.body);
    const hasAccount = (await findAccount(app.db, player.id)) !== undefined;
    return ok({
      player_id: player.playerId,
      points: player.points,
      has_win667: hasAccount,
      win667_status: win667Status(player.points, hasAccount, pointsRequired),
      points_required: pointsRequired,
    });
  });
};

export default infoRoutes;
