// Route family: the short-video service (/api/v2/short-videos*, spec 1 §7).
// Answers {success, data} / {success: false, message}; CORS for any origin.
// Reads and play recording are public (plays rate limited per address); the
// writes need the operator token (app.operatorOnly). Generation wakes
// app.taskWorker, whose life is its plugin's (server/plugins/app/task-worker.ts).

import type { FastifyInstance } from 'fastify';
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
  await app.register(readRoutes);
  await app.register(generateRoutes);
  await app.register(playRoutes);
}
