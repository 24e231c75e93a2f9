// POST /api/v1/analytics/events: a batch of page views and clip starts from
// the page (src/analytics/), sent with fetch keepalive or navigator.sendBeacon.
// Beacons carry text/plain (no CORS preflight), so the body is JSON either as
// parsed JSON or as text. Behind the app-config flag `analytics`: off, the
// endpoint answers 404 ANALYTICS_OFF (as if absent: the page sends nothing
// then, so only a script or an outdated page calls it). Hostile clients: the
// body is bounded (8 KiB, 50 events), parsed with a strict schema, and each
// address may send 120 batches a minute.

import type { FastifyInstance } from 'fastify';
import { limitPerAddress } from '../../http/address-rate-limit';
import { badRequest, notFound } from '../../http/errors';
import { analyticsConfig } from '../../services/analytics/config';
import { batchSchema } from '../../services/analytics/events';
import { recordEvents } from '../../services/analytics/store';
import { allowAnyOrigin } from '../media/cors';
import { analyticsRouteConfig as limits } from './config';

const recordPath = '/api/v1/analytics/events';

/** The body as a value: parsed JSON already, or the text of a beacon. */
function bodyValue(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw badRequest('Invalid batch: the body is not JSON.', 'VALIDATION');
  }
}

export default async function recordRoutes(app: FastifyInstance): Promise<void> {
  const enabled = app.appConfig.flags.analytics;
  // Its own scope: the limiter and CORS apply to this route only.
  await app.register(async (scope) => {
    allowAnyOrigin(scope, [recordPath], 'POST, OPTIONS');
    await limitPerAddress(scope, { max: limits.batchesPerAddress, windowMs: limits.windowMs, ipv6Subnet: limits.ipv6Subnet, trackedAddresses: limits.trackedAddresses, what: 'analytics batches' });

    scope.post(recordPath, { bodyLimit: analyticsConfig.bodyBytes }, async (req, reply) => {
      if (!enabled) throw notFound('Analytics is off on this server (app-config flag "analytics"): nothing is recorded.', 'ANALYTICS_OFF');
      const parsed = batchSchema.safeParse(bodyValue(req.body));
      if (!parsed.success) {
        const problems = parsed.error.issues.slice(0, limits.issuesNamed).map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
        throw badRequest(`Invalid batch: ${problems.join('; ')}.`, 'VALIDATION');
      }
      const result = await recordEvents(app.db, parsed.data.events);
      return reply.header('Cache-Control', 'no-store').send(result);
    });
  });
}
