// Route family: the demo partner site. GET /partner/ with ?token= redeems a
// sign-on token (once) and shows the linked account; with no token, its home
// page, which shows the visitor's balance when ?visit= carries a valid visit
// token (the app's partner button for a player short of points). Answers in
// HTML; tokens sit in the address, so pages send no referrer and are not
// cached. Signs with app.signOn, as the player API does.

import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { TokenKind } from '../../services/sso/config';
import { redeemSignOn } from '../../services/sso/redeem';
import { verifyToken } from '../../services/sso/tokens';
import { accountPage, errorPage, landingPage, type HomeBalance } from './pages';

const query = z.object({ token: z.string().max(4096).optional(), visit: z.string().max(4096).optional() });

function sendHtml(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'")
    .send(body);
}

export default async function partnerRoutes(app: FastifyInstance): Promise<void> {
  const config = app.config;
  const appUrl = config.publicUrl ? new URL('/', config.publicUrl).toString() : '/';

  /** The balance a visit token carries; none when absent, forged, of another kind or expired (the page then says how to see it). */
  async function visitBalance(token: string | undefined): Promise<HomeBalance | null> {
    if (token === undefined) return null;
    const v = await verifyToken(app.signOn.secret, token, TokenKind.visit);
    return v.ok && v.claims.balance ? v.claims.balance : null;
  }

  app.get('/partner', async (req, reply) => {
    const q = req.url.indexOf('?');
    return reply.redirect(`/partner/${q < 0 ? '' : req.url.slice(q)}`, 301);
  });

  // Its pages show what a sign-on or visit token carries: sent uncompressed (BREACH, server/http/compression.ts).
  app.get('/partner/', { compress: false }, async (req, reply) => {
    const q = query.safeParse(req.query ?? {});
    if (!q.success) return sendHtml(reply, 400, errorPage('malformed', appUrl));
    if (q.data.token === undefined) return sendHtml(reply, 200, landingPage(appUrl, config.points.partnerPointsRequired, await visitBalance(q.data.visit)));
    const visit = await redeemSignOn(app.db, q.data.token, { secret: app.signOn.secret, ttlS: app.signOn.ttlS, config });
    if (!visit.ok) return sendHtml(reply, visit.reason === 'disabled' ? 403 : 401, errorPage(visit.reason, appUrl));
    return sendHtml(reply, 200, accountPage(visit));
  });
}
