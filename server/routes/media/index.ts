// Route family: media. The demo files at /media/ and the cleaned-playlist
// endpoint, both readable from any origin. Errors answer in the v2 envelope
// ({success: false, message}).

import type { FastifyInstance } from 'fastify';
import { describeError } from '../../http/errors';
import { createHostAllowList } from '../../media/allowed-hosts';
import { mediaConfig } from '../../media/config';
import { upstreamPolicyFor } from '../../net/upstream-policy';
import { failure } from '../short-videos/envelope';
import cleanRoute from './clean';
import { allowAnyOrigin } from './cors';
import staticMedia from './static';

export default async function routes(app: FastifyInstance): Promise<void> {
  allowAnyOrigin(app, [`${mediaConfig.urlPrefix}*`, mediaConfig.cleanPath], 'GET, HEAD, OPTIONS');
  app.setErrorHandler((err, req, reply) => {
    const d = describeError(err);
    // A 502 is the upstream's failure, not ours: its message names the upstream and stays.
    // A 503 is the clean endpoint's load bound doing its job (a flood would flood the log too).
    if (d.statusCode >= 500 && d.statusCode !== 502 && d.statusCode !== 503) req.log.error({ err }, 'media request failed');
    reply.header('Cache-Control', 'no-store').status(d.statusCode).send(failure(d.message, d.code));
  });
  await app.register(staticMedia);
  await app.register(cleanRoute, { allowList: createHostAllowList(app.db), policy: upstreamPolicyFor(app) });
}
