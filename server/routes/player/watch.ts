// POST /api/v1/player/video/start: a watch ticket for a catalogue video, asked
// for when the clip starts playing. POST /api/v1/player/video/watch: the
// server decides whether the watch counts (the ticket, the video's first
// count in this cycle, the interval and the daily quota).

import type { FastifyPluginAsync } from 'fastify';
import { recordWatch, startWatch } from '../../services/players/watch';
import { requireCredentialHash } from './auth';
import type { PlayerContext } from './context';
import { ok } from './envelope';
import { parseInput } from './parse';
import { startBody, watchBody } from './schemas';

const watchRoutes: FastifyPluginAsync<PlayerContext> = async (app, ctx) => {
  app.post('/api/v1/player/video/start', async (req) => {
    const { video_id } = parseInput(startBody, req.body);
    return ok(await startWatch(app.db, requireCredentialHash(req.body), video_id, ctx.ticketKey, ctx.rules, ctx.clock));
  });

  app.post('/api/v1/player/video/watch', async (req) => {
    const { video_id, ticket } = parseInput(watchBody, req.body);
    const { result, message } = await recordWatch(app.db, requireCredentialHash(req.body), { videoId: video_id, ticket }, ctx.ticketKey, ctx.rules, ctx.clock);
    return ok(result, message);
  });
};

export default watchRoutes;
