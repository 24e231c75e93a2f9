// The player's recharge calls: payments/options (the offered amounts and
// the rate; no credential needed), payments/create (a checkout link at the
// provider) and payments/status (the app waits on it after the checkout;
// it carries the player's balance too).
// Authenticated, rate limited and enveloped like every player call.

import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { paymentIdSchema } from '../../services/payments/checkout';
import { paymentDefaults } from '../../services/payments/config';
import { createPayment, paymentStatus } from '../../services/payments/payments';
import { requirePlayer } from './auth';
import { ok } from './envelope';
import { parseInput } from './parse';

const createBody = z.object({
  amount: z.number({ error: 'amount is required: whole reais' }).int('must be whole reais').min(1, 'must be positive').max(1_000_000, 'is too large'),
});

const statusBody = z.object({ payment_id: paymentIdSchema });

const paymentRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/v1/player/payments/options', async () =>
    ok({ currency: paymentDefaults.currency, points_per_brl: app.payments.pointsPerBrl, amounts: paymentDefaults.amountsBrl }),
  );

  app.post('/api/v1/player/payments/create', async (req) => {
    const { amount } = parseInput(createBody, req.body);
    const player = await requirePlayer(app, req.body);
    return ok(await createPayment(app.db, player.id, amount, app.payments));
  });

  app.post('/api/v1/player/payments/status', async (req) => {
    const { payment_id } = parseInput(statusBody, req.body);
    const player = await requirePlayer(app, req.body);
    // With the balance: the app shows a paid recharge at once, whatever the balance poll's pace.
    return ok({ ...(await paymentStatus(app.db, player.id, payment_id)), balance: player.points });
  });
};

export default paymentRoutes;
