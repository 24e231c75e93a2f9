// points/add, points/subtract and the transaction history.

import type { FastifyPluginAsync } from 'fastify';
import { listTransactions } from '../../services/players/ledger';
import { addPoints, subtractPoints } from '../../services/players/points';
import { requirePlayer } from './auth';
import { ok } from './envelope';
import { parseInput } from './parse';
import { pointsChangeBody, transactionsBody } from './schemas';

const pointsRoutes: FastifyPluginAsync = async (app) => {
  const { checkin, clock, pointsRequired } = app.playerRules;

  app.post('/api/v1/player/points/add', async (req) => {
    const change = parseInput(pointsChangeBody, req.body);
    const player = await requirePlayer(app, req.body);
    return ok(await addPoints(app.db, player.id, change, checkin, clock));
  });

  app.post('/api/v1/player/points/subtract', async (req) => {
    const change = parseInput(pointsChangeBody, req.body);
    const player = await requirePlayer(app, req.body);
    return ok(await subtractPoints(app.db, player.id, change, { pointsRequired }));
  });

  app.post('/api/v1/player/transactions', async (req) => {
    const { page, page_size } = parseInput(transactionsBody, req.body);
    const player = await requirePlayer(app, req.body);
    const { rows, total } = await listTransactions(app.db, player.id, page, page_size);
    return ok({
      list: rows.map((t) => ({
        id: t.id,
        type: t.type,
        amount: t.amount,
        source: t.source,
        description: t.description,
        balance_after: t.balanceAfter,
        timestamp: t.createdAt.toISOString(),
        // A recharge: what was paid for the points (spec 2 §2.6 "BRL n").
        ...(t.payment ? { money: { amount_cents: t.payment.amountCents, currency: t.payment.currency } } : {}),
      })),
      total,
      page,
      page_size,
      total_pages: Math.max(1, Math.ceil(total / page_size)),
    });
  });
};

export default pointsRoutes;
