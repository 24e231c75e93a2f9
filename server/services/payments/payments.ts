// Recharge payments (issue 15). The player asks for a checkout of one of the
// offered amounts; the provider charges it and notifies us; a paid
// notification credits the points to the ledger exactly once. The rules:
// - amounts are the offered ones only, and the points are fixed when the
//   payment is made (a rate change never alters a checkout already handed out);
// - a player holds at most maxOpenPerPlayer unpaid checkouts at a time;
// - a notification is applied under the payment's row lock: paid credits once
//   (the first paid wins, any later one changes nothing), failed marks a
//   pending payment, pending changes nothing, and one whose amount or
//   currency differs from ours is refused (409) and changes nothing.

import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { TransactionType } from '../players/config';
import { recordTransaction } from '../players/ledger';
import { lockPlayer, setPoints } from '../players/players-repo';
import { centsText, checkoutUrl } from './checkout';
import { paymentDefaults, PaymentSource, PaymentStatus } from './config';
import type { Notification } from './notification';
import { countOpen, findOwn, insertPayment, lockPayment, settle, type PaymentRow } from './payments-repo';

export interface PaymentSettings {
  secret: string;
  pointsPerBrl: number;
  /** The provider's checkout page. */
  providerUrl: string;
  notifyUrl: string;
  returnUrl(paymentId: string): string;
  clock(): Date;
}

/** A payment as the player API shows it. */
export interface PaymentView {
  payment_id: string;
  status: string;
  amount_cents: number;
  currency: string;
  points: number;
  created_at: string;
}

export const viewOf = (p: PaymentRow): PaymentView => ({
  payment_id: p.paymentId,
  status: p.status,
  amount_cents: p.amountCents,
  currency: p.currency,
  points: p.points,
  created_at: p.createdAt.toISOString(),
});

export async function createPayment(db: Db, playerRef: number, amountBrl: number, s: PaymentSettings): Promise<PaymentView & { checkout_url: string; expires_at: string }> {
  if (!(paymentDefaults.amountsBrl as readonly number[]).includes(amountBrl)) {
    throw badRequest(`Amount refused: recharges are of BRL ${paymentDefaults.amountsBrl.join(', ')} (got ${amountBrl}).`, 'amountNotOffered');
  }
  const now = s.clock();
  const row = await db.transaction(async (tx) => {
    // The player's row lock makes the open-checkout count and the insert one step.
    await lockPlayer(tx, playerRef);
    const open = await countOpen(tx, playerRef, new Date(now.getTime() - paymentDefaults.checkoutTtlS * 1000));
    if (open >= paymentDefaults.maxOpenPerPlayer) {
      throw new HttpError(409, 'tooManyOpenPayments', `Too many unpaid recharges: pay or let one of the ${open} open checkouts expire (${paymentDefaults.checkoutTtlS / 60} minutes) first.`);
    }
    return insertPayment(tx, {
      paymentId: `PAY${randomBytes(paymentDefaults.paymentIdBytes).toString('hex')}`,
      playerRef,
      amountCents: amountBrl * 100,
      currency: paymentDefaults.currency,
      points: amountBrl * s.pointsPerBrl,
      createdAt: now,
    });
  });
  const expires = Math.floor(now.getTime() / 1000) + paymentDefaults.checkoutTtlS;
  const checkout = { payment_id: row.paymentId, amount: centsText(row.amountCents), currency: row.currency, expires, return_url: s.returnUrl(row.paymentId), notify_url: s.notifyUrl };
  return { ...viewOf(row), checkout_url: checkoutUrl(s.providerUrl, checkout, s.secret), expires_at: new Date(expires * 1000).toISOString() };
}

export async function paymentStatus(db: Db, playerRef: number, paymentId: string): Promise<PaymentView> {
  const row = await findOwn(db, playerRef, paymentId);
  if (!row) throw notFound('No such payment for this player.', 'unknownPayment');
  return viewOf(row);
}

export interface NotificationOutcome {
  payment_id: string;
  status: string;
  /** True only for the delivery that credited the points. */
  credited: boolean;
}

export async function applyNotification(db: Db, n: Notification): Promise<NotificationOutcome> {
  return db.transaction(async (tx) => {
    const p = await lockPayment(tx, n.payment_id);
    if (!p) throw notFound('Unknown payment.', 'unknownPayment');
    if (n.amount !== centsText(p.amountCents) || n.currency !== p.currency) {
      throw new HttpError(409, 'amountMismatch', `The notification's amount (${n.currency} ${n.amount}) is not the payment's (${p.currency} ${centsText(p.amountCents)}); nothing changed.`);
    }
    const unchanged = { payment_id: p.paymentId, status: p.status, credited: false };
    if (p.status === PaymentStatus.paid || n.status === PaymentStatus.pending) return unchanged;
    if (n.status === PaymentStatus.failed) {
      if (p.status === PaymentStatus.pending) await settle(tx, p.id, { status: PaymentStatus.failed, eventId: n.event_id });
      return { ...unchanged, status: PaymentStatus.failed };
    }
    const player = await lockPlayer(tx, p.playerRef);
    const points = player.points + p.points;
    await setPoints(tx, p.playerRef, points);
    const ledgerTxRef = await recordTransaction(tx, {
      playerRef: p.playerRef,
      type: TransactionType.recharge,
      amount: p.points,
      source: PaymentSource.recharge,
      description: `Recharge ${p.currency} ${centsText(p.amountCents)}`,
      balanceAfter: points,
    });
    await settle(tx, p.id, { status: PaymentStatus.paid, eventId: n.event_id, ledgerTxRef });
    return { payment_id: p.paymentId, status: PaymentStatus.paid, credited: true };
  });
}
