// GET /api.php/provide/vod/ (with or without the slash): ac=list | detail |
// videolist, JSON or (at=xml) MacCMS's RSS. The same API under the ad-free
// prefix (/noad/api.php/provide/vod/) answers as with clean=1. HEAD answers
// at once without touching the database: the app only times it to measure
// the network.

import type { FastifyInstance } from 'fastify';
import { ownOrigin } from '../../http/own-origin';
import { catalogueConfig, parseVodQuery, vodAnswer, vodFailure } from '../../services/catalogue/index';

const ROUTES = [
  ...catalogueConfig.vodPaths.map((url) => ({ url, adFree: false })),
  ...catalogueConfig.vodPaths.map((url) => ({ url: `${catalogueConfig.adFreePrefix}${url}`, adFree: true })),
];

export default async function vodRoutes(app: FastifyInstance): Promise<void> {
  for (const { url, adFree } of ROUTES) {
    app.get(url, { exposeHeadRoute: false }, async (req, reply) => {
      const parsed = parseVodQuery(req.query, adFree);
      if (!parsed.ok) return reply.status(400).send(vodFailure(parsed.message));
      const { query, output } = parsed;
      const answer = await app.catalogueCache.answer(`vod:${JSON.stringify({ query, output })}`, () => vodAnswer(app.db, query, output, ownOrigin(app)));
      if (typeof answer === 'string') return reply.type(catalogueConfig.xmlContentType).send(answer);
      return answer;
    });
    app.head(url, async (_req, reply) => reply.type('application/json; charset=utf-8').send());
  }
}
