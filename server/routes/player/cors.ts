// The player API is called cross-origin without cookies (spec 1 §7), so any
// origin may call it; preflights are answered here. Nothing is cacheable.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const maxAgeS = 600; // browsers may reuse a preflight answer for 10 minutes

export function installCors(app: FastifyInstance, preflightPaths: string[]): void {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Cache-Control', 'no-store');
  });
  const preflight = async (req: FastifyRequest, reply: FastifyReply) => {
    const asked = req.headers['access-control-request-headers'];
    // Echo only header names (letters, digits, dashes, commas); anything else gets the default.
    const headers = typeof asked === 'string' && /^[\w\-, ]{1,500}$/.test(asked) ? asked : 'Content-Type';
    reply
      .header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
      .header('Access-Control-Allow-Headers', headers)
      .header('Access-Control-Max-Age', String(maxAgeS))
      .status(204)
      .send();
  };
  for (const url of preflightPaths) app.options(url, preflight);
}
