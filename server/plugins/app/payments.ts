// Recharge payments as app.payments: the provider (PAYMENT_URL, or the demo
// provider this server runs at /pay/), the secret both sides sign with
// (PAYMENT_SECRET; for the demo, a key derived from the sign-on secret, so
// nothing new is kept on disk), the points-per-BRL rate, and the addresses
// handed to the provider: our notification endpoint and the app's return
// page, from PUBLIC_URL or the listening address, never from the request.

import fp from 'fastify-plugin';
import { ownOrigin } from '../../http/own-origin';
import { paymentDefaults } from '../../services/payments/config';
import type { PaymentSettings } from '../../services/payments/payments';
import { hmacHex } from '../../services/payments/signature';

export interface Payments extends PaymentSettings {
  /** The built-in demo provider answers at /pay/ (no PAYMENT_URL). */
  demo: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

export default fp(
  async (app) => {
    const setting = app.config.payment;
    const demo = !setting?.url;
    const origin = () => ownOrigin(app);
    const payments: Payments = {
      demo,
      secret: setting?.secret ?? hmacHex(app.signOn.secret, paymentDefaults.demoKeyLabel),
      pointsPerBrl: setting?.pointsPerBrl ?? paymentDefaults.pointsPerBrl,
      get providerUrl() {
        return setting?.url ?? `${origin()}${paymentDefaults.demoPath}`;
      },
      get notifyUrl() {
        return `${origin()}${paymentDefaults.notifyPath}`;
      },
      returnUrl: (paymentId) => `${origin()}/#${paymentDefaults.returnHashParam}=${paymentId}`,
      clock: () => app.playerRules.clock(),
    };
    app.decorate('payments', payments);
  },
  { name: 'payments', dependencies: ['config', 'sign-on', 'player-rules'] },
);
