// Recharge payments through the real app (issue 15): a checkout made by the
// player API, paid on the demo provider's page, whose signed notification
// credits the ledger once. Replayed, forged, reordered and mismatched
// notifications change nothing; 50 parallel deliveries of one payment credit
// once; hostile input gets a 4xx. On PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set (real row locks under real concurrency).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlayerClock } from '../../server/plugins/app/player-rules';
import { bodySignature } from '../../server/services/payments/signature';
import { create, expectLedgerMatchesBalance, history, newPlayer, notify, paymentRow, pointsOf, post } from './helpers/payments';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

describe.each(databaseKinds)('recharge payments on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('offers the amounts and the rate', async () => {
    const res = await post(t, '/api/v1/player/payments/options', {});
    expect(res.json().data).toEqual({ currency: 'BRL', points_per_brl: 100, amounts: [5, 10, 20, 50] });
  });

  it('a checkout paid on the demo provider credits the points once, as a recharge in BRL, and returns the visitor', async () => {
    const credential = await newPlayer(t);
    const made = await create(t, credential, 10);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const p = made.body.data;
    expect(p).toMatchObject({ status: 'pending', amount_cents: 1000, currency: 'BRL', points: 1000 });
    expect(p.payment_id).toMatch(/^PAY[0-9a-f]{24}$/);
    const checkout = new URL(p.checkout_url);
    expect(checkout.pathname).toBe('/pay/');
    expect(checkout.searchParams.get('amount')).toBe('10.00');
    expect(checkout.searchParams.get('return_url')).toBe(`http://localhost:8080/#recharge=${p.payment_id}`);

    const page = await t.app.inject({ method: 'GET', url: `${checkout.pathname}${checkout.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('BRL 10.00');
    expect(page.body).toMatch(/<svg class="pay__qr"[^>]*viewBox="0 0 \d+ \d+"/);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'.*form-action 'self'/);
    expect(await post(t, '/api/v1/player/payments/status', { credential, payment_id: p.payment_id }).then((r) => r.json().data.status)).toBe('pending');

    const form = new URLSearchParams([...checkout.searchParams, ['decision', 'pay']]);
    const paid = await t.app.inject({ method: 'POST', url: '/pay/confirm', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost:8080/#recharge=${p.payment_id}`);

    expect((await post(t, '/api/v1/player/payments/status', { credential, payment_id: p.payment_id })).json().data).toMatchObject({ status: 'paid', points: 1000, balance: 1000 });
    expect(await pointsOf(t, credential)).toBe(1000);
    const [row] = await history(t, credential);
    expect(row).toMatchObject({ type: 'recharge', amount: 1000, source: 'payment_recharge', balance_after: 1000, money: { amount_cents: 1000, currency: 'BRL' } });

    // The same form posted again (a double tap, the back button) is one more delivery of a paid payment: nothing changes.
    const again = await t.app.inject({ method: 'POST', url: '/pay/confirm', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    expect(again.statusCode).toBe(303);
    expect(await pointsOf(t, credential)).toBe(1000);
    expect(await history(t, credential)).toHaveLength(1);
  });

  it('cancel on the provider marks the payment failed and credits nothing', async () => {
    const credential = await newPlayer(t);
    const p = (await create(t, credential, 5)).body.data;
    const checkout = new URL(p.checkout_url);
    const form = new URLSearchParams([...checkout.searchParams, ['decision', 'cancel']]);
    const res = await t.app.inject({ method: 'POST', url: '/pay/confirm', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    expect(res.statusCode).toBe(303);
    expect((await post(t, '/api/v1/player/payments/status', { credential, payment_id: p.payment_id })).json().data.status).toBe('failed');
    expect(await pointsOf(t, credential)).toBe(0);
  });

  it('a replayed notification changes nothing', async () => {
    const credential = await newPlayer(t);
    const p = (await create(t, credential, 20)).body.data;
    const body = JSON.stringify({ payment_id: p.payment_id, event_id: 'evt_replay', status: 'paid', amount: '20.00', currency: 'BRL' });
    const first = await notify(t, p, { body });
    expect(first.json().data).toEqual({ payment_id: p.payment_id, status: 'paid', credited: true });
    for (let i = 0; i < 3; i++) {
      const replay = await notify(t, p, { body });
      expect(replay.statusCode).toBe(200);
      expect(replay.json().data.credited).toBe(false);
    }
    expect(await pointsOf(t, credential)).toBe(2000);
    expect(await history(t, credential)).toHaveLength(1);
    expect((await paymentRow(t, p.payment_id)).eventId).toBe('evt_replay');
  });

  it('a forged notification changes nothing: wrong secret, no signature, a signature of another body', async () => {
    const credential = await newPlayer(t);
    const p = (await create(t, credential, 10)).body.data;
    const body = JSON.stringify({ payment_id: p.payment_id, event_id: 'evt_forged', status: 'paid', amount: '10.00', currency: 'BRL' });
    const otherBody = JSON.stringify({ payment_id: p.payment_id, event_id: 'evt_other', status: 'failed', amount: '10.00', currency: 'BRL' });
    const attempts = [
      await notify(t, p, { body, secret: 'not-the-secret-not-the-secret-0123456789' }),
      await notify(t, p, { body, signature: '' }),
      await notify(t, p, { body, signature: bodySignature(t.app.payments.secret, otherBody) }),
      await notify(t, p, { body, signature: `sha256=${'0'.repeat(64)}` }),
      await notify(t, p, { body, signature: 'sha256=zz' }),
    ];
    for (const r of attempts) {
      expect(r.statusCode).toBe(401);
      expect(r.json().data).toBeNull();
    }
    expect((await paymentRow(t, p.payment_id)).status).toBe('pending');
    expect(await pointsOf(t, credential)).toBe(0);
  });

  it('out-of-order notifications change nothing once paid, and a payment that failed first is still credited once paid', async () => {
    const credential = await newPlayer(t);
    const a = (await create(t, credential, 10)).body.data;
    expect((await notify(t, { payment_id: a.payment_id, status: 'paid' })).json().data.credited).toBe(true);
    for (const status of ['pending', 'failed']) {
      const late = await notify(t, { payment_id: a.payment_id, status });
      expect(late.statusCode).toBe(200);
      expect(late.json().data).toEqual({ payment_id: a.payment_id, status: 'paid', credited: false });
    }
    expect((await paymentRow(t, a.payment_id)).status).toBe('paid');

    const b = (await create(t, credential, 5)).body.data;
    expect((await notify(t, { payment_id: b.payment_id, status: 'pending', amount: '5.00' })).json().data.status).toBe('pending');
    expect((await notify(t, { payment_id: b.payment_id, status: 'failed', amount: '5.00' })).json().data.status).toBe('failed');
    expect((await notify(t, { payment_id: b.payment_id, status: 'paid', amount: '5.00' })).json().data).toEqual({ payment_id: b.payment_id, status: 'paid', credited: true });
    expect((await notify(t, { payment_id: b.payment_id, status: 'paid', amount: '5.00' })).json().data.credited).toBe(false);
    expect(await pointsOf(t, credential)).toBe(1500);
    expect((await history(t, credential)).map((r) => r.money?.amount_cents)).toEqual([500, 1000]);
    await expectLedgerMatchesBalance(t, credential);
  });

  it('a notification whose amount or currency is not the payment\'s is refused and changes nothing', async () => {
    const credential = await newPlayer(t);
    const p = (await create(t, credential, 10)).body.data;
    for (const wrong of [{ amount: '1000.00' }, { amount: '10.01' }, { currency: 'USD' }]) {
      const r = await notify(t, { payment_id: p.payment_id, ...wrong });
      expect(r.statusCode).toBe(409);
      expect(r.json().data).toBeNull();
    }
    expect((await paymentRow(t, p.payment_id)).status).toBe('pending');
    expect(await pointsOf(t, credential)).toBe(0);
  });

  it('50 parallel deliveries of one payment credit it once', async () => {
    const credential = await newPlayer(t);
    const p = (await create(t, credential, 50)).body.data;
    // Half are one event delivered 25 times, half 25 distinct events saying paid.
    const same = JSON.stringify({ payment_id: p.payment_id, event_id: 'evt_same', status: 'paid', amount: '50.00', currency: 'BRL' });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? notify(t, p, { body: same }) : notify(t, { payment_id: p.payment_id, amount: '50.00' }))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(new Array(50).fill(200));
    expect(results.filter((r) => r.json().data.credited === true)).toHaveLength(1);
    expect(await pointsOf(t, credential)).toBe(5000);
    const rows = await history(t, credential);
    expect(rows).toHaveLength(1);
    expect(rows[0].balance_after).toBe(5000);
    await expectLedgerMatchesBalance(t, credential);
  });

  it('refuses hostile player calls with a 4xx', async () => {
    const credential = await newPlayer(t);
    const other = await newPlayer(t);
    const cases: [unknown, number][] = [
      [{ credential, amount: 7 }, 400], // not an offered amount
      [{ credential, amount: '10' }, 400],
      [{ credential, amount: 10.5 }, 400],
      [{ credential, amount: -10 }, 400],
      [{ credential, amount: 1e12 }, 400],
      [{ credential }, 400],
      [{ credential: 'x'.repeat(40), amount: 10 }, 401],
      [{ amount: 10 }, 401],
    ];
    for (const [payload, status] of cases) expect((await post(t, '/api/v1/player/payments/create', payload)).statusCode, JSON.stringify(payload)).toBe(status);
    const mine = (await create(t, credential, 10)).body.data;
    expect((await post(t, '/api/v1/player/payments/status', { credential: other, payment_id: mine.payment_id })).statusCode).toBe(404);
    for (const payment_id of ['PAY', `PAY${'g'.repeat(24)}`, 'x'.repeat(5000), 12, null]) {
      expect((await post(t, '/api/v1/player/payments/status', { credential, payment_id })).statusCode).toBe(400);
    }
    // At most five open checkouts at a time: the sixth is refused until one is paid or expires.
    for (let i = 0; i < 4; i++) expect((await create(t, credential, 5)).status).toBe(200);
    const sixth = await create(t, credential, 5);
    expect(sixth.status).toBe(409);
    expect(sixth.body.data.error).toBe('tooManyOpenPayments');
  });

  it('refuses hostile notifications with a 4xx and no change', async () => {
    const credential = await newPlayer(t);
    const p = (await create(t, credential, 10)).body.data;
    const signed = (body: string, contentType = 'application/json') =>
      t.app.inject({ method: 'POST', url: '/api/v1/payments/notify', headers: { 'content-type': contentType, 'x-payment-signature': bodySignature(t.app.payments.secret, body) }, payload: body });
    expect((await signed('{not json')).statusCode).toBe(400);
    expect((await signed('')).statusCode).toBe(400);
    expect((await signed('[]')).statusCode).toBe(400);
    expect((await signed(`payment_id=${p.payment_id}&status=paid`, 'application/x-www-form-urlencoded')).statusCode).toBe(415);
    expect((await signed(JSON.stringify({ payment_id: p.payment_id, event_id: 'e', status: 'paid', amount: '10.00', currency: 'BRL', points: 999999 }))).statusCode).toBe(400);
    expect((await signed(JSON.stringify({ payment_id: p.payment_id, event_id: 'e', status: 'refunded', amount: '10.00', currency: 'BRL' }))).statusCode).toBe(400);
    expect((await signed(JSON.stringify({ payment_id: `PAY${'0'.repeat(24)}`, event_id: 'e', status: 'paid', amount: '10.00', currency: 'BRL' }))).statusCode).toBe(404);
    expect((await signed(JSON.stringify({ payment_id: p.payment_id, event_id: 'e\u0000', status: 'paid', amount: '10.00', currency: 'BRL' }))).statusCode).toBe(400);
    expect((await signed(JSON.stringify({ payment_id: p.payment_id, event_id: 'e', status: 'paid', amount: '10.00', currency: 'BRL', pad: 'x'.repeat(5000) }))).statusCode).toBe(413);
    expect((await paymentRow(t, p.payment_id)).status).toBe('pending');
    expect(await pointsOf(t, credential)).toBe(0);
  });

  it('the demo provider holds a script back: more than 60 pages a minute from one address get a 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await t.app.inject({ method: 'GET', url: '/pay/?payment_id=x', remoteAddress: '10.66.0.1' })).statusCode);
    expect(codes.slice(0, 60)).toEqual(new Array(60).fill(400));
    expect(codes[60]).toBe(429);
    expect((await t.app.inject({ method: 'GET', url: '/pay/?payment_id=x', remoteAddress: '10.66.0.2' })).statusCode).toBe(400);
  });

  it('the demo provider refuses a tampered, forged or expired checkout, and a tampered confirmation credits nothing', async () => {
    const credential = await newPlayer(t);
    const p = (await create(t, credential, 10)).body.data;
    const checkout = new URL(p.checkout_url);
    const tampered = new URL(checkout);
    tampered.searchParams.set('amount', '0.01');
    const page = await t.app.inject({ method: 'GET', url: `/pay/${tampered.search}` });
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('data-reason="signature"');
    expect((await t.app.inject({ method: 'GET', url: '/pay/?payment_id=<script>' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/pay${checkout.search}` })).headers.location).toBe(`/pay/${checkout.search}`);

    const form = new URLSearchParams([...tampered.searchParams, ['decision', 'pay']]);
    const confirm = await t.app.inject({ method: 'POST', url: '/pay/confirm', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    expect(confirm.statusCode).toBe(401);
    expect(await pointsOf(t, credential)).toBe(0);

    const late = new URL(checkout);
    late.searchParams.set('expires', String(Number(checkout.searchParams.get('expires')) + 3600));
    expect((await t.app.inject({ method: 'GET', url: `/pay/${late.search}` })).statusCode).toBe(401); // a later expiry breaks the signature
    // 31 minutes on, the checkout has expired: the provider refuses it.
    setPlayerClock(t.config, () => new Date(Date.now() + 31 * 60_000));
    try {
      const expired = await t.app.inject({ method: 'GET', url: `/pay/${checkout.search}` });
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain('data-reason="expired"');
      const form = new URLSearchParams([...checkout.searchParams, ['decision', 'pay']]);
      expect((await t.app.inject({ method: 'POST', url: '/pay/confirm', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() })).statusCode).toBe(410);
    } finally {
      setPlayerClock(t.config, null);
    }
    expect((await paymentRow(t, p.payment_id)).status).toBe('pending');
  });
});
