// The alternative catalogue backend (spec 2 §7: the app uses it when the app
// config's useAlternativeEndpoint flag is on): /api/v2/categories,
// /api/v2/videos (by category), /api/v2/search (by keyword) and
// /api/v2/videos/{id}, each with lang. The same catalogue as the MacCMS
// answers in the v2 envelope of the short-video service ({success, data,
// total, total_pages, page, page_size}; {success: false, message} with a 4xx).
// Videos are listed with every field (the app needs no ac=detail round trip).

import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors';
import { ownOrigin } from '../../http/own-origin';
import {
  categoryInfo,
  getVideo,
  listCategories,
  listVideos,
  toDetailItem,
  v2LangQuery,
  v2SearchQuery,
  v2VideoParams,
  v2VideosQuery,
  type VodQuery,
} from '../../services/catalogue/index';
import { allowAnyOrigin } from '../media/cors';
import { ok, parseInput, v2ErrorHandler } from '../short-videos/envelope';

const PATHS = { categories: '/api/v2/categories', videos: '/api/v2/videos', video: '/api/v2/videos/:id', search: '/api/v2/search' } as const;

export default async function v2CatalogueRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    allowAnyOrigin(scope, Object.values(PATHS), 'GET, OPTIONS');
    scope.setErrorHandler(v2ErrorHandler);

    const page = (q: VodQuery & { ac: 'detail' }) =>
      app.catalogueCache.answer(`v2:${JSON.stringify(q)}`, async () => {
        const { total, rows } = await listVideos(app.db, q);
        return ok(
          rows.map((r) => toDetailItem(r, q.nameLanguage, ownOrigin(app))),
          { total, total_pages: Math.max(1, Math.ceil(total / q.pageSize)), page: q.page, page_size: q.pageSize },
        );
      });

    scope.get(PATHS.categories, async (req) => {
      parseInput(v2LangQuery, req.query, 'query');
      return app.catalogueCache.answer('v2:categories', async () => {
        const info = categoryInfo(await listCategories(app.db));
        return ok(info.all_categories, { total: info.total });
      });
    });

    scope.get(PATHS.videos, async (req) => page(parseInput(v2VideosQuery, req.query, 'query')));

    scope.get(PATHS.search, async (req) => page(parseInput(v2SearchQuery, req.query, 'query')));

    scope.get(PATHS.video, async (req) => {
      const { id } = parseInput(v2VideoParams, req.params, 'video id');
      const { lang } = parseInput(v2LangQuery, req.query, 'query');
      const row = await getVideo(app.db, id);
      if (!row) throw notFound(`Video ${id} is not in the catalogue.`);
      return ok(toDetailItem(row, lang, ownOrigin(app)));
    });
  });
}
