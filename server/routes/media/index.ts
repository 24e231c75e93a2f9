// Route family: media. The demo files at /media/ and the cleaned-playlist
// endpoint, both readable from any origin. Errors answer in the v2 envelope
// ({success: false, message}). Where the demo's files are is the demo's to
// say: app.ts passes it in (demoMedia).

import type { FastifyInstance } from 'fastify';
import { describeError } from '../../http/errors';
import { mediaConfig } from '../../services/media/config';
import { failure } from '../short-videos/envelope';
import cleanRoute from './clean';
import { allowAnyOrigin } from './cors';
import staticMedia, { type MediaMount } from './static';

export default async function routes(app: FastifyInstance, opts: { demoMedia: MediaMount }): Promise<void> {
  allowAnyOrigin(app, [`${mediaConfig.urlPrefix}*`, mediaConfig.cleanPath], 'GET, HEAD, OPTIONS');
  app.setErrorHandler((err, req, reply) => {
    const d = describeError(err);
    // A 502 is the upstream's failure, not ours: its message names the upstream and stays.
    // A 503 is the clean endpoint's load bound doing its job (a flood would flood the log too).
    if (d.statusCode >= 500 && d.statusCode !== 502 && d.statusCode !== 503) req.log.error({ err }, 'media request failed');
    reply.header('Cache-Control', 'no-store').status(d.statusCode).send(failure(d.message, d.code));
  });
  await app.register(staticMedia, { demo: opts.demoMedia });
  await app.register(cleanRoute);
}
