// Makes the validated configuration available as app.config.

import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    /**
     * When background work (the short-video task worker) starts: 'listen' (the server, so tasks
     * that fetch from this server's own origin find it answering) or 'ready' (apps driven by
     * inject() in tests, which never listen).
     */
    backgroundWorkStarts: 'listen' | 'ready';
  }
}

export default fp<{ config: ServerConfig; backgroundWorkStarts?: 'listen' | 'ready' }>(
  async (app, opts) => {
    app.decorate('config', opts.config);
    app.decorate('backgroundWorkStarts', opts.backgroundWorkStarts ?? 'listen');
  },
  { name: 'config' },
);
