// GET /api/v2/hls/clean.m3u8?src=URL[&start=S&end=E]: the upstream playlist
// (a master followed to a variant) with its ads removed, optionally only the
// whole segments overlapping [start, end) s of the clean timeline, URIs
// absolute. For native HLS players that cannot take the worker's text.
// Only catalogue playlist hosts are fetched, on public addresses unless they
// are the server's own origin or ALLOWED_PRIVATE_UPSTREAMS (server/net/):
// 403 otherwise, never an open proxy, and never this endpoint itself; an
// upstream failure is a 502 (naming no address), bad parameters a 400.
// The cost is bounded (app.cleanService, server/services/media/
// clean-service.ts): answers are cached by source and range for 5 min,
// concurrent requests share one fetch and clean, parsing runs in worker
// threads; a playlist over the size or segment caps is a 422, and a server
// with too much cleaning under way answers 503 with Retry-After.

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { mediaConfig } from '../../services/media/config';
import { parseInput } from '../short-videos/envelope';

const seconds = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, 'must be a number of seconds')
  .transform(Number);

const cleanQuery = z
  .object({
    src: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).max(mediaConfig.maxSrcLength),
    start: seconds.optional(),
    end: seconds.optional(),
  })
  .refine((q) => q.start === undefined || q.end === undefined || q.end > q.start, { message: 'end must be after start', path: ['end'] });

export default async function cleanRoute(app: FastifyInstance): Promise<void> {
  const service = app.cleanService;

  app.get(mediaConfig.cleanPath, async (req, reply) => {
    const q = parseInput(cleanQuery, req.query, 'query');
    const controller = new AbortController();
    // The response's socket closing before the answer is sent: the client went away (after the answer: nothing to drop).
    reply.raw.once('close', () => controller.abort());
    const cleaned = await service.clean({ src: q.src, start: q.start, end: q.end }, controller.signal);
    if (!cleaned.ok) {
      const e = cleaned.error;
      if (e.retryAfterS !== undefined) reply.header('Retry-After', String(e.retryAfterS));
      throw new HttpError(e.status, e.code, e.message);
    }
    return reply
      .header('Content-Type', 'application/vnd.apple.mpegurl')
      .header('Cache-Control', `public, max-age=${mediaConfig.cleanMaxAgeS}`)
      .header('X-Ad-Segments', String(cleaned.value.adSegmentCount))
      .send(cleaned.value.text);
  });
}
