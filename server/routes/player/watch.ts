// POST /api/v1/player/video/watch: the server decides whether the watch counts.

import type { FastifyPluginAsync } from 'fastify';
import { recordWatch } from '../../services/players/watch';
import { requireCredentialHash } from './auth';
import type { PlayerContext } from './context';
import { ok } from './envelope';
import { parseInput } from './parse';
import { watchBody } from './schemas';

const watchRoutes: FastifyPluginAsync<PlayerContext> = async (app, ctx) => {
  app.post('/api/v1/player/video/watch', async (req) => {
    // video_id is checked, not kept: the rules count watches, whichever video they were.
    parseInput(watchBody, req.body);
    const { result, message } = await recordWatch(app.db, requireCredentialHash(req.body), ctx.rules, ctx.clock);
    return ok(result, message);
  });
};

export default watchRoutes;
