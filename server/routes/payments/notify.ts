// POST /api/v1/payments/notify: the provider's notification. The signature
// (x-payment-signature: sha256=HMAC of the exact body bytes) is checked
// before the body is parsed or the database is read: a forged call costs an
// HMAC and gets a 401. A good one is applied once (services/payments); a
// repeated delivery is answered 200 again, so a provider that retries until
// it gets a 2xx stops, and nothing changes twice. Each address (req.ip: the
// socket, or the proxy chain only as far as TRUST_PROXY allows) may send so
// many a minute; over that, 429 before the body is read: nothing is applied,
// and the provider's later retry credits the payment once.

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { limitPerAddress } from '../../http/address-rate-limit';
import { HttpError, badRequest } from '../../http/errors';
import { paymentDefaults } from '../../services/payments/config';
import { notificationSchema } from '../../services/payments/notification';
import { applyNotification } from '../../services/payments/payments';
import { bodySignatureMatches } from '../../services/payments/signature';
import { notifyRouteConfig as limits } from './config';

const rawBodies = new WeakMap<FastifyRequest, string>();

const notifyRoutes: FastifyPluginAsync = async (app) => {
  // Counted on request, before the body is parsed or signed: a flood costs neither.
  await limitPerAddress(app, { max: limits.perAddress, windowMs: limits.windowMs, ipv6Subnet: limits.ipv6Subnet, trackedAddresses: limits.trackedAddresses, what: 'payment notifications' });
  // The signature covers the bytes as sent: keep them beside the parsed body (this scope only).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: paymentDefaults.notificationMaxBytes }, (req, body, done) => {
    rawBodies.set(req, body as string);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The notification is not JSON.', 'malformedNotification'), undefined);
    }
  });

  app.post(paymentDefaults.notifyPath, async (req) => {
    const raw = rawBodies.get(req);
    if (raw === undefined) throw new HttpError(415, 'unsupportedMediaType', 'A notification is a JSON body (application/json).');
    if (!bodySignatureMatches(app.payments.secret, raw, req.headers[paymentDefaults.signatureHeader])) {
      throw new HttpError(401, 'badSignature', `The ${paymentDefaults.signatureHeader} header is missing or does not sign this body.`);
    }
    const n = notificationSchema.safeParse(req.body);
    if (!n.success) throw badRequest(`Invalid notification: ${n.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')}.`, 'malformedNotification');
    return { code: 200, message: 'success', data: await applyNotification(app.db, n.data) };
  });
};

export default notifyRoutes;
