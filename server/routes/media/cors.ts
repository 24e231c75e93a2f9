// The short-video service, the cleaned playlists and the media files are
// fetched cross-origin without credentials (spec 1 §7), by the app and by
// players: any origin may read them, and preflights are answered here.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mediaConfig } from '../../services/media/config';

export function allowAnyOrigin(app: FastifyInstance, preflightPaths: readonly string[], methods: string): void {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
  });
  const preflight = async (req: FastifyRequest, reply: FastifyReply) => {
    const asked = req.headers['access-control-request-headers'];
    // Echo only header names (letters, digits, dashes, commas); anything else gets the default.
    const headers = typeof asked === 'string' && /^[\w\-, ]{1,500}$/.test(asked) ? asked : 'Content-Type, Range';
    reply.header('Access-Control-Allow-Methods', methods).header('Access-Control-Allow-Headers', headers).header('Access-Control-Max-Age', String(mediaConfig.corsMaxAgeS)).status(204).send();
  };
  for (const url of preflightPaths) app.options(url, preflight);
}
