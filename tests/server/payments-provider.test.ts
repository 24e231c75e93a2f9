// Recharge payments with a real provider configured (PAYMENT_URL,
// PAYMENT_SECRET, PAYMENT_POINTS_PER_BRL): the checkout goes there, the demo
// provider is off, and only notifications signed with the shared secret count.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { create, newPlayer, notify, pointsOf } from './helpers/payments';
import { buildTestApp, type TestApp } from './helpers/test-app';

describe('a real provider (PAYMENT_URL, PAYMENT_SECRET)', () => {
  const secret = 'provider-shared-secret-0123456789-abcdefgh';
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { PAYMENT_URL: 'https://pay.example.com/checkout', PAYMENT_SECRET: secret, PAYMENT_POINTS_PER_BRL: '150' });
  });
  afterAll(async () => t?.close());

  it('sends the visitor to the provider, turns the demo provider off, and accepts only notifications signed with its secret', async () => {
    const credential = await newPlayer(t);
    const p = (await create(t, credential, 10)).body.data;
    expect(p.points).toBe(1500);
    expect(p.checkout_url.startsWith('https://pay.example.com/checkout?payment_id=')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/pay/${new URL(p.checkout_url).search}` })).statusCode).toBe(404);
    const demoKeySigned = await notify(t, { payment_id: p.payment_id }, { secret: 'x'.repeat(40) });
    expect(demoKeySigned.statusCode).toBe(401);
    expect((await notify(t, { payment_id: p.payment_id }, { secret })).json().data.credited).toBe(true);
    expect(await pointsOf(t, credential)).toBe(1500);
  });

  it('a provider URL without its secret stops the start with a message', () => {
    const r = loadConfig({ PAYMENT_URL: 'https://pay.example.com/checkout' });
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toMatch(/PAYMENT_SECRET: is required when PAYMENT_URL/);
    const short = loadConfig({ PAYMENT_URL: 'https://pay.example.com/checkout', PAYMENT_SECRET: 'short' });
    expect(short.ok ? '' : short.message).toMatch(/PAYMENT_SECRET: must be at least 32 characters/);
  });
});
