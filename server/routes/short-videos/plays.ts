// Play counting and the service's totals. Recording a play is public, so it is
// rate limited per client address (config.ts); the address stored with a play
// is the request's own (req.ip: the socket, or the proxy chain only as far as
// TRUST_PROXY allows), never one the client names in the body or a header.

import type { FastifyInstance } from 'fastify';
import { limitPerAddress } from '../../http/address-rate-limit';
import { notFound } from '../../http/errors';
import { clipTotals, recordPlay, shortVideoConfig as c, taskCounts } from '../../services/short-videos/index';
import { shortVideoRouteConfig as limits } from './config';
import { ok, parseInput } from './envelope';
import { idParams, playBody } from './schemas';

export default async function playRoutes(app: FastifyInstance): Promise<void> {
  // Its own scope: the limiter applies to the play route only, whatever else is registered around it.
  await app.register(async (scope) => {
    await limitPerAddress(scope, { max: limits.playsPerAddress, windowMs: limits.playWindowMs, ipv6Subnet: limits.playIpv6Subnet, trackedAddresses: limits.playTrackedAddresses, what: 'plays recorded' });

    scope.post('/api/v2/short-videos/:id/play', async (req) => {
      const { id } = parseInput(idParams, req.params, 'short video id');
      // ip_address stays accepted (spec 1 §7) but is ignored: a client cannot choose the address a play is counted under.
      const body = parseInput(playBody, req.body, 'request body');
      const header = (name: string) => {
        const value = req.headers[name];
        return typeof value === 'string' ? value : null;
      };
      const playCount = await recordPlay(app.db, id, {
        ip: req.ip ? req.ip.slice(0, c.ipMaxLength) : null,
        // The body's values win (spec 1 §7); the request's own are the fallback.
        userAgent: body.user_agent || header('user-agent')?.slice(0, c.userAgentMaxLength) || null,
        referer: body.referer || header('referer')?.slice(0, c.refererMaxLength) || null,
      });
      if (playCount === null) throw notFound(`Short video ${id} does not exist.`);
      return ok({ id, play_count: playCount });
    });
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
