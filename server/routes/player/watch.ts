// POST /api/v1/player/video/start: a watch ticket for a catalogue video, asked
// for when the clip starts playing. POST /api/v1/player/video/watch: the
// server decides whether the watch counts (the ticket, the video's first
// count in this cycle, the interval and the daily quota).

import type { FastifyPluginAsync } from 'fastify';
import { recordWatch, startWatch } from '../../services/players/watch';
import { requireCredentialHash } from './auth';
import { ok } from './envelope';
import { parseInput } from './parse';
import { startBody, watchBody } from './schemas';

const watchRoutes: FastifyPluginAsync = async (app) => {
  const { clock, rules, ticketKey } = app.playerRules;

  app.post('/api/v1/player/video/start', async (req) => {
    const { video_id } = parseInput(startBody, req.body);
    return ok(await startWatch(app.db, requireCredentialHash(req.body), video_id, ticketKey, rules, clock));
  });

  app.post('/api/v1/player/video/watch', async (req) => {
    const { video_id, ticket } = parseInput(watchBody, req.body);
    const { result, message } = await recordWatch(app.db, requireCredentialHash(req.body), { videoId: video_id, ticket }, ticketKey, rules, clock);
    return ok(result, message);
  });
};

export default watchRoutes;
