// Route family: the short-video service (/api/v2/short-videos*, spec 1 §7).
// Answers {success, data} / {success: false, message}; CORS for any origin.
// Owns the task worker's life: started when the app is ready, stopped (its
// running task back to pending) before the database closes.

import type { FastifyInstance } from 'fastify';
import { createHostAllowList } from '../../media/allowed-hosts';
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
    exclusive: app.database.kind === 'pglite',
    log: { info: (m) => app.log.info(m), error: (obj, m) => app.log.error(obj, m) },
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());

  await app.register(readRoutes);
  await app.register(generateRoutes, { worker });
  await app.register(playRoutes);
}
