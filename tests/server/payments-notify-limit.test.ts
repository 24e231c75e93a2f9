// The provider's notify route under a per-address limit, sent as the attacks:
// one address flooding it (forged signatures), the same address forging
// X-Forwarded-For to pass as many, and the real provider limited mid-way,
// whose retry after the window still credits the payment once. Behind a
// configured proxy (TRUST_PROXY) each forwarded client has its own count.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyRouteConfig } from '../../server/routes/payments/config';
import { bodySignature } from '../../server/services/payments/signature';
import { create, history, newPlayer, paymentRow, pointsOf } from './helpers/payments';
import { buildTestApp, type TestApp } from './helpers/test-app';

const MAX = notifyRouteConfig.perAddress;

let t: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = undefined;
});

interface From {
  remoteAddress: string;
  forwardedFor?: string;
}

function send(a: TestApp, body: string, signature: string, from: From) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-payment-signature': signature };
  if (from.forwardedFor) headers['x-forwarded-for'] = from.forwardedFor;
  return a.app.inject({ method: 'POST', url: '/api/v1/payments/notify', headers, payload: body, remoteAddress: from.remoteAddress });
}

/** A body signed with a key the provider does not hold: refused 401, but still counted. */
const forged = (a: TestApp, from: From) => send(a, JSON.stringify({ payment_id: 'PAYforged', status: 'paid' }), `sha256=${'0'.repeat(64)}`, from);

const paid = (a: TestApp, paymentId: string, from: From) => {
  const body = JSON.stringify({ payment_id: paymentId, event_id: 'evt_limited', status: 'paid', amount: '10.00', currency: 'BRL' });
  return send(a, body, bodySignature(a.app.payments.secret, body), from);
};

function expectLimited(res: Awaited<ReturnType<typeof send>>) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  const body = res.json() as { code: number; message: string; data: unknown };
  expect(body.code).toBe(429);
  expect(body.message).toMatch(new RegExp(`^Too many payment notifications from this address: at most ${MAX} a minute\\. Try again in `));
}

describe('payment notify rate limit', () => {
  it('the call past the limit gets a 429 and applies nothing; the provider\'s retry after the window credits once', async () => {
    t = await buildTestApp('pglite');
    const credential = await newPlayer(t);
    const p = (await create(t, credential, 10)).body.data as { payment_id: string };
    const provider = { remoteAddress: '198.51.100.7' };
    for (let i = 0; i < MAX; i++) expect((await forged(t, provider)).statusCode).toBe(401);

    expectLimited(await paid(t, p.payment_id, provider));
    expect((await paymentRow(t, p.payment_id)).status).toBe('pending');
    expect(await pointsOf(t, credential)).toBe(0);
    // Another address is not held back by this one's flood.
    expect((await forged(t, { remoteAddress: '198.51.100.8' })).statusCode).toBe(401);

    // The provider retries once the window has passed (the limiter counts by the clock).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + notifyRouteConfig.windowMs + 1_000 });
    const retried = await paid(t, p.payment_id, provider);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.credited).toBe(true);
    const again = await paid(t, p.payment_id, provider);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.credited).toBe(false);
    expect(await pointsOf(t, credential)).toBe(1000);
    expect((await history(t, credential)).filter((r) => r.type === 'recharge')).toHaveLength(1);
  });

  it('a forged X-Forwarded-For does not escape the limit when no proxy is trusted', async () => {
    t = await buildTestApp('pglite');
    const socket = '203.0.113.5';
    for (let i = 0; i < MAX; i++) expect((await forged(t, { remoteAddress: socket, forwardedFor: `192.0.2.${i % 250}` })).statusCode).toBe(401);
    expectLimited(await forged(t, { remoteAddress: socket, forwardedFor: '192.0.2.251' }));
  });

  it('behind a trusted proxy (TRUST_PROXY) each forwarded sender has its own count', async () => {
    const proxy = '10.0.0.2';
    t = await buildTestApp('pglite', { TRUST_PROXY: proxy });
    for (let i = 0; i < MAX; i++) expect((await forged(t, { remoteAddress: proxy, forwardedFor: '192.0.2.10' })).statusCode).toBe(401);
    expectLimited(await forged(t, { remoteAddress: proxy, forwardedFor: '192.0.2.10' }));
    expect((await forged(t, { remoteAddress: proxy, forwardedFor: '192.0.2.11' })).statusCode).toBe(401);
  });
});
