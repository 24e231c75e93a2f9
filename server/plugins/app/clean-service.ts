// The cleaned-playlist service as app.cleanService
// (server/services/media/clean-service.ts): its answer cache, its bound on
// cleans under way and its worker-thread pool. The threads stop once the
// server has answered its requests (onClose).

import fp from 'fastify-plugin';
import { createCleanPool } from '../../services/media/clean-pool';
import { catalogueFetcher, createCleanService, type CleanService } from '../../services/media/clean-service';
import { createMediaProber } from '../../services/media/probe-run';

declare module 'fastify' {
  interface FastifyInstance {
    cleanService: CleanService;
  }
}

export default fp(
  async (app) => {
    const service = createCleanService({
      fetchPlaylist: catalogueFetcher(app.hostAllowList, app.upstreamPolicy),
      pool: createCleanPool(),
      prober: createMediaProber({ policy: app.upstreamPolicy }),
    });
    app.decorate('cleanService', service);
    app.addHook('onClose', async () => service.close());
  },
  { name: 'clean-service', dependencies: ['host-allow-list', 'upstream-policy'] },
);
