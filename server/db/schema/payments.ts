// Recharge payments (issue 15): one row per checkout our server made. The
// provider's notification moves it from pending to paid (credited to the
// ledger once, in the same database transaction) or failed; the conditional
// update (WHERE status = 'pending') is what makes a repeated notification a
// no-op, and ledger_tx_ref (unique) holds the one ledger row it paid.

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { players, transactions } from './players';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** Public id: 'PAY' + random hex; what the checkout and the notifications name. */
    paymentId: text('payment_id').notNull().unique(),
    playerRef: integer('player_ref')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The price in centavos (BRL 10 = 1000). */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** Points credited when paid, fixed at creation by PAYMENT_POINTS_PER_BRL. */
    points: integer('points').notNull(),
    /** pending | paid | failed */
    status: text('status').notNull().default('pending'),
    /** The provider's id of the notification that settled it. */
    eventId: text('event_id'),
    ledgerTxRef: integer('ledger_tx_ref')
      .unique()
      .references(() => transactions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_player_idx').on(t.playerRef, t.createdAt),
    check('payments_amount_positive', sql`${t.amountCents} > 0 and ${t.points} > 0`),
  ],
);
