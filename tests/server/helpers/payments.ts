// Recharge payments in server tests: players, checkouts and the provider's
// signed notifications through the real app (tests/server/payments*.test.ts).

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { payments } from '../../../server/db/schema/payments';
import { players, transactions } from '../../../server/db/schema/players';
import { bodySignature } from '../../../server/services/payments/signature';
import { hashCredential } from '../../../server/services/players/credential';
import type { TestApp } from './test-app';

let devices = 0;

export async function newPlayer(t: TestApp): Promise<string> {
  const n = ++devices;
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/player/init', payload: { device_id: `dev_pay_${n}`, browser_fingerprint: `fp_pay_${n}` }, remoteAddress: `10.9.${n >> 8}.${n & 255}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.credential as string;
}

export const post = (t: TestApp, url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });

export async function create(t: TestApp, credential: string, amount: unknown = 10) {
  const res = await post(t, '/api/v1/player/payments/create', { credential, amount });
  return { status: res.statusCode, body: res.json() };
}

export async function pointsOf(t: TestApp, credential: string): Promise<number> {
  return (await post(t, '/api/v1/player/points/query', { credential })).json().data.points as number;
}

export async function history(t: TestApp, credential: string) {
  return (await post(t, '/api/v1/player/transactions', { credential })).json().data.list as { type: string; amount: number; source: string; balance_after: number; money?: { amount_cents: number; currency: string } }[];
}

export interface Note {
  payment_id: string;
  event_id?: string;
  status?: string;
  amount?: string;
  currency?: string;
  [k: string]: unknown;
}

/** A notification as the provider sends it: the JSON body and its signature with `secret` (default: the app's). */
export function notify(t: TestApp, note: Note, options: { secret?: string; signature?: string; body?: string } = {}) {
  const body = options.body ?? JSON.stringify({ event_id: `evt_${randomBytes(4).toString('hex')}`, status: 'paid', amount: '10.00', currency: 'BRL', ...note });
  const signature = options.signature ?? bodySignature(options.secret ?? t.app.payments.secret, body);
  return t.app.inject({ method: 'POST', url: '/api/v1/payments/notify', headers: { 'content-type': 'application/json', 'x-payment-signature': signature }, payload: body });
}

export async function paymentRow(t: TestApp, paymentId: string) {
  const [row] = await t.app.db.select().from(payments).where(eq(payments.paymentId, paymentId));
  return row;
}

/** The ledger of the player holding `credential` sums to its balance. */
export async function expectLedgerMatchesBalance(t: TestApp, credential: string): Promise<void> {
  const balance = await pointsOf(t, credential);
  const [player] = await t.app.db.select().from(players).where(eq(players.credentialHash, hashCredential(credential)));
  const rows = await t.app.db.select().from(transactions).where(eq(transactions.playerRef, player.id));
  expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(balance);
}
