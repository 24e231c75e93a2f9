// The catalogue's answer cache as app.catalogueCache
// (server/services/catalogue/response-cache.ts): answers kept a few seconds,
// shared by concurrent requests, cleared by this process's catalogue writes.

import fp from 'fastify-plugin';
import { cachedAnswer } from '../../services/catalogue/index';

export interface CatalogueCache {
  /** The cached answer for `key`, or computes, stores and returns it. */
  answer<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
  }
}

export default fp(
  async (app) => {
    // Keyed by the database inside the service: an import or the demo seeding clears it without knowing the app.
    app.decorate('catalogueCache', { answer: (key, compute) => cachedAnswer(app.db, key, compute) } satisfies CatalogueCache);
  },
  { name: 'catalogue-cache', dependencies: ['database'] },
);
