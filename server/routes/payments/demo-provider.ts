// The built-in demo payment provider at /pay/ (on only without PAYMENT_URL:
// it "charges" nothing, so next to a real provider it would hand out free
// points). GET shows a signed checkout; POST confirm (the pay or cancel
// button) sends the signed notification to the shop's notify_url and then
// returns the visitor to the shop's return_url. The notification goes
// through this app's own request handling (inject): the same route, headers
// and bytes a remote provider sends, without the server having to reach its
// own public address over the network.

import rateLimit from '@fastify/rate-limit';
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { ownOrigin } from '../../http/own-origin';
import { readCheckout } from '../../services/payments/checkout';
import { paymentDefaults } from '../../services/payments/config';
import { bodySignature } from '../../services/payments/signature';
import { demoProviderConfig } from './config';
import { checkoutPage, refusalPage, type Refusal } from './demo-pages';

const refusalStatus: Record<Refusal, number> = { malformed: 400, signature: 401, expired: 410, refused: 502 };
const decisionField = z.object({ decision: z.enum(['pay', 'cancel']) });

function sendHtml(reply: FastifyReply, status: number, body: string, formTarget = ''): FastifyReply {
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'${formTarget}`)
    .send(body);
}

const demoProvider: FastifyPluginAsync = async (app) => {
  const { demoPath } = paymentDefaults;
  // Every page of this scope counts against its address (IPv6 per /64), like the player API.
  await app.register(rateLimit, { max: demoProviderConfig.requestsPerAddressPerMinute, timeWindow: demoProviderConfig.rateWindowMs, ipv6Subnet: demoProviderConfig.ipv6Subnet });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: demoProviderConfig.formBodyBytes }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(demoPath.replace(/\/$/, ''), async (req, reply) => {
    const q = req.url.indexOf('?');
    return reply.redirect(`${demoPath}${q < 0 ? '' : req.url.slice(q)}`, 301);
  });

  app.get(demoPath, async (req, reply) => {
    const read = readCheckout(req.query, app.payments.secret, app.payments.clock());
    if (!read.ok) return sendHtml(reply, refusalStatus[read.reason], refusalPage(read.reason));
    const self = `${ownOrigin(app)}${req.url}`;
    return sendHtml(reply, 200, checkoutPage(read.checkout, self, read.sig), ` ${new URL(read.checkout.return_url).origin}`);
  });

  app.post(`${demoPath}confirm`, async (req, reply) => {
    const read = readCheckout(req.body, app.payments.secret, app.payments.clock());
    if (!read.ok) return sendHtml(reply, refusalStatus[read.reason], refusalPage(read.reason));
    const c = read.checkout;
    const notify = new URL(c.notify_url);
    // Signed by the shop, so it is ours; checked anyway: the demo only ever notifies this server.
    if (notify.origin !== ownOrigin(app)) return sendHtml(reply, 400, refusalPage('malformed'));
    const decision = decisionField.safeParse(req.body).data?.decision === 'pay' ? 'paid' : 'failed';
    const body = JSON.stringify({
      payment_id: c.payment_id,
      event_id: `evt_${randomBytes(8).toString('hex')}`,
      status: decision,
      amount: c.amount,
      currency: c.currency,
      occurred_at: app.payments.clock().toISOString(),
    });
    const delivered = await app.inject({
      method: 'POST',
      url: notify.pathname,
      // Counted against the visitor who pressed the button, not this server's own address (the notify limit).
      remoteAddress: req.ip,
      headers: { 'content-type': 'application/json', [paymentDefaults.signatureHeader]: bodySignature(app.payments.secret, body) },
      payload: body,
    });
    if (delivered.statusCode !== 200) return sendHtml(reply, refusalStatus.refused, refusalPage('refused'));
    return reply.redirect(c.return_url, 303);
  });
};

export default demoProvider;
