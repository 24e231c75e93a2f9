// GET /healthz: a real query, so "ok" means the database answers: "ok" with
// the database broken would keep a dead instance in a load balancer's rotation.

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_req, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { ok: true, database: app.database.kind };
    } catch {
      return reply.status(503).send({ ok: false, database: app.database.kind });
    }
  });
}
