// Credit-store persistence under version-b and user_simulated_points
// (src/account/credits/credit-persistence.ts says what we decided they
// mean), driven by the real server: its app config endpoint turns version-b
// on (DATA_DIR/app-config.json), and the page's own clients make a real
// check-in and a real recharge paid on the demo provider. The next visit,
// with the server out of reach, shows the saved balance and history at once;
// a recharge on its way is kept as pending until the server settles it; with
// version-b off, no copy stays.

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BalanceCard } from '../../src/account/credits/BalanceCard';
import { checkIn, configureCredits, creditsState, startCredits, type CreditsDeps } from '../../src/account/credits/credits-store';
import { HistoryList } from '../../src/account/credits/HistoryList';
import { configureRecharge, rechargeState, resumeSavedRecharge, startRecharge, waitForPayment, type RechargeDeps } from '../../src/account/credits/recharge-store';
import { fromApiError, type AccountResult } from '../../src/account/identity/account-errors';
import { accountState, initialAccountState } from '../../src/account/store';
import { appConfigOf, fetchAppConfigAnswer } from '../../src/api/app-config';
import type { ApiResult } from '../../src/api/http';
import { createPaymentsApi } from '../../src/api/payments-api';
import { createPlayerApi } from '../../src/api/player-api';
import { createI18n } from '../../src/i18n';
import { memoryStore } from '../../src/lib/key-value-store';
import { startServer, type LiveServer } from '../identity/helpers/live-server';

const keys = ['user_credits', 'credit_transactions', 'user_simulated_points'];
const render = (el: ReturnType<typeof h>) => renderToStaticMarkup(h(I18nextProvider, { i18n: createI18n('pt-BR') }, el));
const asAccount = <T,>(r: ApiResult<T>): AccountResult<T> => (r.ok ? r : { ok: false, error: fromApiError(r.error) });
const timers = { setTimeout: (fn: () => void) => setTimeout(fn, 0), clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>) };

let live: LiveServer;
let credential: string;
let playerId: string;
let versionB: boolean;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clipfeed-versionb-'));
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, 'app-config.json'), JSON.stringify({ flags: { versionB: true } }));
  live = await startServer({ DATA_DIR: dataDir });
  const init = await live.t.app.inject({ method: 'POST', url: '/api/v1/player/init', payload: { device_id: 'dev_versionb_1' } });
  ({ credential, player_id: playerId } = init.json().data);
  // The flag as the page reads it: from the server's app config endpoint.
  versionB = appConfigOf(await fetchAppConfigAnswer({ baseUrl: live.baseUrl }), live.baseUrl)!.flags.versionB;
});
afterAll(async () => live?.close());
afterEach(() => {
  configureCredits();
  configureRecharge();
  Object.assign(accountState, initialAccountState());
});

/** The credits and recharge stores on the page's real clients against the live server (or against nothing). */
function wire(store: ReturnType<typeof memoryStore>, options: { reachable?: boolean; flag?: boolean } = {}) {
  const base = options.reachable === false ? 'http://127.0.0.1:9' : live.baseUrl;
  const playerApi = createPlayerApi({ baseUrl: base, timeoutMs: 2_000 });
  const paymentsApi = createPaymentsApi(base);
  const flag = async () => options.flag ?? versionB;
  const checkouts: string[] = [];
  Object.assign(accountState, { status: 'completed', playerId, points: null });
  const credits: Partial<CreditsDeps> = {
    store,
    call: async (fn) => asAccount(await fn(playerApi, credential)),
    applyBalance: (points) => void (accountState.points = points),
    refreshBalance: async () => {
      const r = await playerApi.pointsQuery(credential);
      if (r.ok) accountState.points = r.value.points;
    },
    versionB: flag,
  };
  const recharge: Partial<RechargeDeps> = {
    store,
    timers,
    api: paymentsApi,
    call: async (fn) => asAccount(await fn(paymentsApi, credential)),
    versionB: flag,
    navigate: (url) => void checkouts.push(url),
    applyBalance: (points) => void (accountState.points = points),
    notify: () => undefined,
  };
  configureCredits(credits);
  configureRecharge(recharge);
  return { checkouts };
}

async function settled<T>(read: () => T, want: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 1500; i++) {
    const v = read();
    if (want(v)) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('did not settle');
}

describe('credit-store persistence (version-b on, from the app config endpoint)', () => {
  it('the app config endpoint says version-b is on', () => {
    expect(versionB).toBe(true);
  });

  it('keeps the server balance, history and a recharge on its way; the next visit shows them saved; settled recharges leave', async () => {
    const store = memoryStore();
    const { checkouts } = wire(store);
    startCredits();
    await settled(() => creditsState.history.status, (s) => s === 'ready');
    expect((await checkIn())?.kind).toBe('done');
    await settled(() => store.getItem('credit_transactions'), (v) => v !== null && v.includes('daily_checkin'));
    expect(JSON.parse(store.getItem('user_credits')!)).toMatchObject({ player_id: playerId, points: 10 });

    // A recharge: the checkout is made and the pending payment kept under user_simulated_points.
    expect(await startRecharge(10)).toBe('leaving');
    const pending = JSON.parse(store.getItem('user_simulated_points')!);
    expect(pending).toMatchObject({ player_id: playerId, points: 1000, amount: 10 });
    expect(checkouts[0]).toContain(`payment_id=${pending.payment_id}`);

    // The next visit, before paying: the recharge is shown pending (and never added to the balance).
    const next = memoryStore(Object.fromEntries(store.map));
    wire(next);
    void resumeSavedRecharge();
    await settled(() => rechargeState.phase, (p) => p === 'waiting' || p === 'unconfirmed');
    expect(rechargeState.pending?.paymentId).toBe(pending.payment_id);

    // Paid on the demo provider; the wait sees it, the pending copy leaves, the new balance and history are kept.
    const checkout = new URL(checkouts[0]);
    const paid = await live.t.app.inject({ method: 'POST', url: '/pay/confirm', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams([...checkout.searchParams, ['decision', 'pay']]).toString() });
    expect(paid.statusCode).toBe(303);
    wire(next); // (ends the earlier wait's polling)
    await waitForPayment(pending.payment_id);
    expect(rechargeState.phase).toBe('paid');
    expect(accountState.points).toBe(1010);
    expect(next.getItem('user_simulated_points')).toBeNull();
    await settled(() => next.getItem('credit_transactions'), (v) => v !== null && v.includes('payment_recharge'));
    expect(JSON.parse(next.getItem('user_credits')!).points).toBe(1010);

    // A later visit with the server out of reach: the saved balance and history are on screen, marked saved.
    const offline = memoryStore(Object.fromEntries(next.map));
    wire(offline, { reachable: false });
    startCredits();
    await settled(() => creditsState.saved, (s) => s !== null);
    await settled(() => creditsState.history.status, (s) => s === 'ready');
    const balance = render(h(BalanceCard));
    expect(balance).toContain('data-testid="credits-balance-saved" data-points="1010"');
    expect(balance).toContain('Saldo salvo em');
    const history = render(h(HistoryList));
    expect(history).toContain('Recarga: +1k pontos');
    expect(history).toContain('BRL 10');
    expect(history).toContain('Check-in diário');
  });

  it('a saved recharge older than its checkout (30 minutes) is dropped, not followed', async () => {
    const store = memoryStore({ user_simulated_points: JSON.stringify({ player_id: playerId, payment_id: `PAY${'1'.repeat(24)}`, points: 500, amount: 5, started_at: Date.now() - 31 * 60_000 }) });
    wire(store);
    await resumeSavedRecharge();
    expect(rechargeState.phase).toBe('idle');
    expect(rechargeState.pending).toBeNull();
    expect(store.getItem('user_simulated_points')).toBeNull();
  });

  it("another player's copies are never shown", async () => {
    const store = memoryStore({
      user_credits: JSON.stringify({ player_id: 'P-someone-else', points: 99999, saved_at: 1 }),
      credit_transactions: JSON.stringify({ player_id: 'P-someone-else', saved_at: 1, list: [] }),
    });
    wire(store, { reachable: false });
    startCredits();
    await settled(() => creditsState.history.status, (s) => s === 'error');
    expect(creditsState.saved).toBeNull();
    expect(render(h(BalanceCard))).not.toContain('99999');
  });

  it('with version-b off nothing is kept, and copies from an earlier visit are removed', async () => {
    const store = memoryStore({
      user_credits: JSON.stringify({ player_id: playerId, points: 5, saved_at: 1 }),
      credit_transactions: JSON.stringify({ player_id: playerId, saved_at: 1, list: [] }),
      user_simulated_points: JSON.stringify({ player_id: playerId, payment_id: `PAY${'0'.repeat(24)}`, points: 1, amount: 1, started_at: 1 }),
    });
    wire(store, { flag: false });
    startCredits();
    await settled(() => keys.map((k) => store.getItem(k)), (v) => v.every((x) => x === null));
    expect(creditsState.saved).toBeNull();
    expect(await startRecharge(5)).toBe('leaving');
    expect(store.getItem('user_simulated_points')).toBeNull();
  });
});
