// Route family: payments. The provider's notifications (always), and the
// demo payment provider at /pay/ when no PAYMENT_URL names a real one. The
// player's own payment calls are in the player family (routes/player/payments.ts).

import type { FastifyInstance } from 'fastify';
import demoProvider from './demo-provider';
import notifyRoutes from './notify';

export default async function paymentRoutes(app: FastifyInstance): Promise<void> {
  await app.register(notifyRoutes);
  if (app.payments.demo) await app.register(demoProvider);
}
