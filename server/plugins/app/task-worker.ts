// The short-video task worker as app.taskWorker, and its life: started once
// the server listens (a task may fetch from this server's own origin, the
// demo content), or when the app is ready for apps only driven by inject();
// stopped before the database closes (preClose), its running task back to
// pending.

import fp from 'fastify-plugin';
import { createTaskWorker, type TaskWorker } from '../../services/short-videos/index';

declare module 'fastify' {
  interface FastifyInstance {
    taskWorker: TaskWorker;
  }
}

export default fp(
  async (app) => {
    const worker = createTaskWorker({
      db: app.db,
      allowList: app.hostAllowList,
      policy: app.upstreamPolicy,
      exclusive: app.database.kind === 'pglite',
      log: { info: (m) => app.log.info(m), error: (obj, m) => app.log.error(obj, m) },
    });
    app.decorate('taskWorker', worker);
    if (app.backgroundWorkStarts === 'ready') app.addHook('onReady', async () => worker.start());
    else app.addHook('onListen', async () => worker.start());
    app.addHook('preClose', async () => worker.stop());
  },
  { name: 'task-worker', dependencies: ['config', 'database', 'host-allow-list', 'upstream-policy'] },
);
