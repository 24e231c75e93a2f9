// Makes the database available as app.db (Drizzle, PGlite or PostgreSQL) and
// closes it when the app closes (after in-flight requests are done).

import fp from 'fastify-plugin';
import type { Database, Db } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export default fp<{ database: Database; closeOnShutdown?: boolean }>(
  async (app, opts) => {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    if (opts.closeOnShutdown !== false) app.addHook('onClose', async () => opts.database.close());
  },
  { name: 'database' },
);
