// GET /api.php/type/get_all_categories: every enabled category, flat and as a tree.

import type { FastifyInstance } from 'fastify';
import { catalogueConfig, categoryInfo, listCategories } from '../../services/catalogue/index';

export default async function categoryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api.php/type/get_all_categories', async () =>
    app.catalogueCache.answer('categories', async () => ({
      code: 1,
      msg: catalogueConfig.categoriesMessage,
      info: categoryInfo(await listCategories(app.db)),
    })),
  );
}
