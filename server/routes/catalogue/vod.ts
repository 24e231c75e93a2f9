// GET /api.php/provide/vod/ (with or without the slash): ac=list | detail |
// videolist. HEAD answers at once without touching the database: the app
// only times it to measure the network.

import type { FastifyInstance } from 'fastify';
import { ownOrigin } from '../../http/own-origin';
import { classArray, listCategories, listVideos, parseVodQuery, toDetailItem, toListItem, vodEnvelope, vodFailure } from '../../services/catalogue/index';

const PATHS = ['/api.php/provide/vod/', '/api.php/provide/vod'];

export default async function vodRoutes(app: FastifyInstance): Promise<void> {
  for (const url of PATHS) {
    app.get(url, { exposeHeadRoute: false }, async (req, reply) => {
      const parsed = parseVodQuery(req.query);
      if (!parsed.ok) return reply.status(400).send(vodFailure(parsed.message));
      const q = parsed.query;
      return app.catalogueCache.answer(`vod:${JSON.stringify(q)}`, async () => {
        if (q.ac === 'detail') {
          const { total, rows } = await listVideos(app.db, { ...q, ac: 'detail' });
          return vodEnvelope(q.page, q.pageSize, total, rows.map((r) => toDetailItem(r, q.nameLanguage, ownOrigin(app))));
        }
        const [{ total, rows }, types] = await Promise.all([listVideos(app.db, { ...q, ac: 'list' }), listCategories(app.db)]);
        return { ...vodEnvelope(q.page, q.pageSize, total, rows.map((r) => toListItem(r, q.nameLanguage))), class: classArray(types) };
      });
    });
    app.head(url, async (_req, reply) => reply.type('application/json; charset=utf-8').send());
  }
}
