// Play counting and the service's totals.

import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors';
import { clipTotals, recordPlay, shortVideoConfig as c, taskCounts } from '../../services/short-videos/index';
import { ok, parseInput } from './envelope';
import { idParams, playBody } from './schemas';

export default async function playRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/v2/short-videos/:id/play', async (req) => {
    const { id } = parseInput(idParams, req.params, 'short video id');
    const body = parseInput(playBody, req.body, 'request body');
    // The body's values win (spec 1 §7); the request's own are the fallback.
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const playCount = await recordPlay(app.db, id, {
      ip: body.ip_address || req.ip || null,
      userAgent: body.user_agent || header('user-agent')?.slice(0, c.userAgentMaxLength) || null,
      referer: body.referer || header('referer')?.slice(0, c.refererMaxLength) || null,
    });
    if (playCount === null) throw notFound(`Short video ${id} does not exist.`);
    return ok({ id, play_count: playCount });
  });

  app.get('/api/v2/short-videos/stats', async () => {
    const [totals, tasks] = await Promise.all([clipTotals(app.db), taskCounts(app.db)]);
    return ok({
      total_short_videos: totals.shortVideos,
      total_originals: totals.originals,
      total_plays: totals.plays,
      average_duration: totals.averageSeconds,
      tasks,
    });
  });
}
