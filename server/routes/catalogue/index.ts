// Route family: the MacCMS v10 compatible catalogue (spec 2 §7, spec 1 §7),
// its suggestion endpoint, and the alternative v2 backend over the same data.
// Failures answer in the MacCMS envelope ({code: 0, msg, list: []}) so the
// app's "code 1 means success" check sees them; 5xx never carry details.

import type { FastifyInstance } from 'fastify';
import { describeError } from '../../http/errors';
import { vodFailure } from '../../services/catalogue/index';
import categoryRoutes from './categories';
import suggestRoutes from './suggest';
import v2CatalogueRoutes from './v2';
import vodRoutes from './vod';

export default async function routes(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((err, req, reply) => {
    const d = describeError(err);
    if (d.statusCode >= 500) req.log.error({ err }, 'catalogue request failed');
    reply.status(d.statusCode).send(vodFailure(d.message));
  });
  await app.register(vodRoutes);
  await app.register(categoryRoutes);
  await app.register(suggestRoutes);
  // The alternative backend answers in the v2 envelope (its own error handler).
  await app.register(v2CatalogueRoutes);
}
