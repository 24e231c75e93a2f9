// GET /api/v2/hls/clean.m3u8?src=URL[&start=S&end=E]: the upstream playlist
// (a master followed to a variant) with its ads removed, optionally only the
// whole segments overlapping [start, end) s of the clean timeline, URIs
// absolute. For native HLS players that cannot take the worker's text.
// Only catalogue playlist hosts are fetched, on public addresses unless they
// are the server's own origin or ALLOWED_PRIVATE_UPSTREAMS (server/net/):
// 403 otherwise, never an open proxy, and never this endpoint itself; an
// upstream failure is a 502 (naming no address), bad parameters a 400.

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, HttpError } from '../../http/errors';
import type { HostAllowList } from '../../media/allowed-hosts';
import { cleanMedia } from '../../media/clean';
import { mediaConfig } from '../../media/config';
import { loadMediaPlaylist } from '../../media/load-media';
import type { UpstreamPolicy } from '../../net/upstream-policy';
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

export default async function cleanRoute(app: FastifyInstance, opts: { allowList: HostAllowList; policy: UpstreamPolicy }): Promise<void> {
  app.get(mediaConfig.cleanPath, async (req, reply) => {
    const q = parseInput(cleanQuery, req.query, 'query');
    const controller = new AbortController();
    req.raw.once('close', () => controller.abort());
    const loaded = await loadMediaPlaylist(q.src, { allowList: opts.allowList, policy: opts.policy, signal: controller.signal });
    if (!loaded.ok) {
      // Not a catalogue host, or an address the network policy refuses (always the same message): 403.
      if (loaded.error.kind === 'forbidden' || loaded.error.kind === 'refused') throw new HttpError(403, loaded.error.code, loaded.error.message);
      throw new HttpError(502, 'UPSTREAM', loaded.error.message);
    }
    const cleaned = cleanMedia(loaded.value.playlist, { start: q.start, end: q.end });
    if (!cleaned.ok) throw badRequest(cleaned.message, 'RANGE');
    return reply
      .header('Content-Type', 'application/vnd.apple.mpegurl')
      .header('Cache-Control', `public, max-age=${mediaConfig.cleanMaxAgeS}`)
      .header('X-Ad-Segments', String(cleaned.value.adSegments.length))
      .send(cleaned.value.text);
  });
}
