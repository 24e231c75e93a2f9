// GET /partner/: the demo partner site. With ?token= it redeems a sign-on
// token (once) and shows the linked account; with no token, its home page.
// The token sits in the address, so pages send no referrer and are not cached.

import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { accountPage, errorPage, landingPage } from './pages';
import { redeemSignOn } from './redeem';

export interface PartnerOptions {
  secret: string;
  ttlS: number;
}

const query = z.object({ token: z.string().max(4096).optional() });

function sendHtml(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'")
    .send(body);
}

const partnerRoutes: FastifyPluginAsync<PartnerOptions> = async (app, opts) => {
  const config = app.config;
  const appUrl = config.publicUrl ? new URL('/', config.publicUrl).toString() : '/';

  app.get('/partner', async (req, reply) => {
    const q = req.url.indexOf('?');
    return reply.redirect(`/partner/${q < 0 ? '' : req.url.slice(q)}`, 301);
  });

  app.get('/partner/', async (req, reply) => {
    const q = query.safeParse(req.query ?? {});
    if (!q.success) return sendHtml(reply, 400, errorPage('malformed', appUrl));
    if (q.data.token === undefined) return sendHtml(reply, 200, landingPage(appUrl, config.points.partnerPointsRequired));
    const visit = await redeemSignOn(app.db, q.data.token, { secret: opts.secret, ttlS: opts.ttlS, config });
    if (!visit.ok) return sendHtml(reply, visit.reason === 'disabled' ? 403 : 401, errorPage(visit.reason, appUrl));
    return sendHtml(reply, 200, accountPage(visit));
  });
};

export default partnerRoutes;
