// Makes the validated configuration available as app.config.

import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
  }
}

export default fp<{ config: ServerConfig }>(
  async (app, opts) => {
    app.decorate('config', opts.config);
  },
  { name: 'config' },
);
