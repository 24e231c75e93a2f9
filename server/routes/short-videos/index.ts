// Route family: the short-video service (/api/v2/short-videos*, spec 1 §7).
// Answers {success, data} / {success: false, message}; CORS for any origin.
// Reads and play recording are public (plays rate limited per address); the
// writes need the operator token (server/http/operator-only.ts).
// Owns the task worker's life: started when the app is ready, stopped (its
// running task back to pending) before the database closes.

import type { FastifyInstance } from 'fastify';
import { operatorOnly } from '../../http/operator-only';
import { createHostAllowList } from '../../media/allowed-hosts';
import { upstreamPolicyFor } from '../../net/upstream-policy';
import { createTaskWorker } from '../../services/short-videos/index';
import { allowAnyOrigin } from '../media/cors';
import { v2ErrorHandler } from './envelope';
import generateRoutes from './generate';
import playRoutes from './plays';
import readRoutes from './read';

export default async function routes(app: FastifyInstance): Promise<void> {
  allowAnyOrigin(app, ['/api/v2/short-videos', '/api/v2/short-videos/*', '/api/v2/videos/:id/short-videos/generate'], 'GET, POST, DELETE, OPTIONS');
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  app.setErrorHandler(v2ErrorHandler);

  const worker = createTaskWorker({
    db: app.db,
    allowList: createHostAllowList(app.db),
    policy: upstreamPolicyFor(app),
    exclusive: app.database.kind === 'pglite',
    log: { info: (m) => app.log.info(m), error: (obj, m) => app.log.error(obj, m) },
  });
  // After the server listens: a task may fetch from this server's own origin (the demo content).
  if (app.backgroundWorkStarts === 'ready') app.addHook('onReady', async () => worker.start());
  else app.addHook('onListen', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());

  const operator = operatorOnly(app);
  await app.register(readRoutes, { operator });
  await app.register(generateRoutes, { worker, operator });
  await app.register(playRoutes);
}
