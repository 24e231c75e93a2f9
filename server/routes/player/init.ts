// POST /api/v1/player/init: a new anonymous player and its credential.

import type { FastifyPluginAsync } from 'fastify';
import { securityDefaults } from '../../config';
import { initPlayer } from '../../services/players/init';
import { ok } from './envelope';
import { parseInput } from './parse';
import { initBody } from './schemas';

const initRoutes: FastifyPluginAsync = async (app) => {
  const { clock, pointsRequired } = app.playerRules;

  // Hands out a new credential: sent uncompressed (BREACH, server/http/compression.ts).
  app.post('/api/v1/player/init', { compress: false }, async (req) => {
    const input = parseInput(initBody, req.body);
    const player = await initPlayer(app.db, input, {
      ip: req.ip,
      headerUserAgent: req.headers['user-agent'],
      policy: { allowAutomation: app.config.allowAutomation, initsPerIpPerMinute: app.config.initsPerIpPerMinute ?? securityDefaults.initsPerIpPerMinute },
      fingerprintsKept: securityDefaults.fingerprintsKept,
      pointsRequired,
      now: clock(),
    });
    return ok(player);
  });
};

export default initRoutes;
