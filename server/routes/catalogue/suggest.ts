// GET /index.php/ajax/suggest: titles starting with what the visitor typed
// (MacCMS's suggestion endpoint and answer: {code: 1, list: [{id, name, en,
// pic}]}). Public and called on every pause in typing, so it is rate limited
// per address in its own scope; the lookup itself is an in-memory prefix
// search (services/catalogue/suggest-index.ts).

import type { FastifyInstance } from 'fastify';
import { limitPerAddress } from '../../http/address-rate-limit';
import { parseSuggestQuery, suggest, suggestIndexFor, vodEnvelope, vodFailure } from '../../services/catalogue/index';
import { allowAnyOrigin } from '../media/cors';
import { catalogueRouteConfig as limits } from './config';

const SUGGEST_PATH = '/index.php/ajax/suggest';

export default async function suggestRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    allowAnyOrigin(scope, [SUGGEST_PATH], 'GET, OPTIONS');
    await limitPerAddress(scope, { max: limits.suggestionsPerAddress, windowMs: limits.suggestWindowMs, ipv6Subnet: limits.suggestIpv6Subnet, trackedAddresses: limits.suggestTrackedAddresses, what: 'suggestion requests' });
    scope.get(SUGGEST_PATH, async (req, reply) => {
      const parsed = parseSuggestQuery(req.query);
      if (!parsed.ok) return reply.status(400).send(vodFailure(parsed.message));
      const { text, limit, nameLanguage } = parsed.query;
      const list = suggest(await suggestIndexFor(app.db), text, limit, nameLanguage);
      return vodEnvelope(1, limit, list.length, list);
    });
  });
}
