// Recharge through online payment (spec 2 §2.6, §8; issue 15): the offered
// amounts, a checkout made by the server and opened at the payment provider,
// and, back in the app, the wait for the provider's confirmation: pending,
// then paid (the success message, the new balance, the transaction in the
// history) or failed. The server alone credits the points; the page only
// asks how the payment stands. With version-b, a recharge on its way is kept
// locally (user_simulated_points, credit-persistence.ts) so a later visit
// still waits for it.

import { proxy } from 'valtio';
import type { ApiResult } from '../../api/http';
import { createPaymentsApi, type PaymentsApi, type RechargeOptions } from '../../api/payments-api';
import { localStorageStore, type KeyValueStore } from '../../lib/key-value-store';
import { realTimers, type Timeouts } from '../../lib/timers';
import { showToast } from '../../notices/store';
import type { AccountResult } from '../identity/account-errors';
import { accountCall, accountState, applyServerBalance } from '../store';
import { creditsConfig } from './config';
import { clearPending, loadPending, savePending, type PendingRecharge } from './credit-persistence';
import { creditStoreKept, keepCopies, loadHistory } from './credits-store';
import { formatBrl, formatCredits } from './format';

/** waiting: asking the server; unconfirmed: still pending after the last try (the visitor may check again). */
export type RechargePhase = 'idle' | 'waiting' | 'paid' | 'failed' | 'unconfirmed';

export interface RechargeState {
  options: RechargeOptions | null;
  optionsFailed: boolean;
  /** The amount whose checkout is being made. */
  starting: number | null;
  /** The payment the screen follows. */
  pending: PendingRecharge | null;
  phase: RechargePhase;
}

export interface RechargeDeps {
  store: KeyValueStore;
  timers: Timeouts;
  now(): number;
  api: PaymentsApi;
  call<T>(fn: (api: PaymentsApi, credential: string) => Promise<ApiResult<T>>): Promise<AccountResult<T>>;
  playerId(): string | null;
  versionB(): Promise<boolean>;
  /** Leaves the app for the provider's checkout page. */
  navigate(url: string): void;
  applyBalance(points: number): void;
  notify(key: string, params: Record<string, string | number>): void;
}

export const rechargeState = proxy<RechargeState>({ options: null, optionsFailed: false, starting: null, pending: null, phase: 'idle' });

function browserDeps(): RechargeDeps {
  const api = createPaymentsApi();
  return {
    store: localStorageStore(),
    timers: realTimers,
    now: () => Date.now(),
    api,
    call: (fn) => accountCall((credential) => fn(api, credential)),
    playerId: () => accountState.playerId,
    versionB: creditStoreKept,
    navigate: (url) => window.location.assign(url),
    applyBalance: applyServerBalance,
    notify: (key, params) => showToast(key, params, { type: 'success' }),
  };
}

let deps: RechargeDeps | null = null;
const current = () => (deps ??= browserDeps());
// Each wait has its number; a newer wait (or a reset) ends the older one's polling.
let generation = 0;

/**
 * Replaces what the store runs on (tests) and resets the state.
 * @internal A test seam (knip.json: @internal exports are allowed for test seams only).
 */
export function configureRecharge(overrides: Partial<RechargeDeps> = {}): void {
  deps = { ...browserDeps(), ...overrides };
  generation++;
  Object.assign(rechargeState, { options: null, optionsFailed: false, starting: null, pending: null, phase: 'idle' });
}

export async function loadRechargeOptions(): Promise<void> {
  if (rechargeState.options) return;
  const res = await current().api.options();
  rechargeState.optionsFailed = !res.ok;
  if (res.ok) rechargeState.options = res.value;
}

export type StartOutcome = 'leaving' | 'busy' | 'tooMany' | 'failed';

/** Makes the checkout and leaves for the provider's page. */
export async function startRecharge(amount: number): Promise<StartOutcome> {
  if (rechargeState.starting !== null) return 'busy';
  const d = current();
  rechargeState.starting = amount;
  const res = await d.call((api, credential) => api.create(credential, amount));
  if (!res.ok) {
    rechargeState.starting = null;
    return res.error.cause?.apiCode === 409 ? 'tooMany' : 'failed';
  }
  const pending: PendingRecharge = { paymentId: res.value.payment_id, points: res.value.points, amount: res.value.amount_cents / 100, startedAt: d.now() };
  const playerId = d.playerId();
  if (playerId && (await d.versionB())) savePending(d.store, playerId, pending);
  d.navigate(res.value.checkout_url);
  return 'leaving';
}

/** Follows a payment until the server says paid or failed (or the tries run out). */
export async function waitForPayment(paymentId: string): Promise<void> {
  const d = current();
  const mine = ++generation;
  rechargeState.phase = 'waiting';
  if (rechargeState.pending?.paymentId !== paymentId) rechargeState.pending = { paymentId, points: 0, amount: 0, startedAt: d.now() };
  for (let tries = 0; tries < creditsConfig.rechargePollTries; tries++) {
    if (tries > 0) await new Promise<void>((resolve) => d.timers.setTimeout(resolve, creditsConfig.rechargePollMs));
    if (mine !== generation) return;
    const res = await d.call((api, credential) => api.status(credential, paymentId));
    if (mine !== generation) return;
    if (!res.ok) {
      // Not this player's payment (another browser's link): nothing to follow.
      if (res.error.cause?.apiCode === 404) return settle('idle');
      continue;
    }
    const p = res.value;
    rechargeState.pending = { ...rechargeState.pending!, points: p.points, amount: p.amount_cents / 100 };
    if (p.status === 'paid') {
      d.applyBalance(p.balance);
      d.notify('credits:recharge.success', { points: formatCredits(p.points), amount: formatBrl(p.amount_cents / 100) });
      settle('paid');
      void loadHistory({ quiet: true }).then(keepCopies);
      return;
    }
    if (p.status === 'failed') return settle('failed');
  }
  rechargeState.phase = 'unconfirmed';
}

function settle(phase: RechargePhase): void {
  rechargeState.phase = phase;
  if (phase === 'idle') rechargeState.pending = null;
  clearPending(current().store);
}

/** The screen's "check again" after an unconfirmed wait. */
export function checkAgain(): void {
  if (rechargeState.pending) void waitForPayment(rechargeState.pending.paymentId);
}

/** The page came back from the provider's page by the Back button (back-forward cache): the amounts work again. */
export function rechargeAbandoned(): void {
  rechargeState.starting = null;
}

/** The visitor closed the paid or failed message. */
export function dismissRecharge(): void {
  rechargeState.phase = 'idle';
  rechargeState.pending = null;
}

/** The credits screen opened: with version-b, a recharge an earlier visit left on its way is followed again. */
export async function resumeSavedRecharge(): Promise<void> {
  const d = current();
  const playerId = d.playerId();
  if (rechargeState.phase !== 'idle' || !playerId || !(await d.versionB())) return;
  const saved = loadPending(d.store, playerId);
  if (!saved) return;
  // Its checkout has expired unpaid (or was paid and credited: the history shows it): nothing left to wait for.
  if (d.now() - saved.startedAt > creditsConfig.rechargeKeptMs) return clearPending(d.store);
  rechargeState.pending = saved;
  await waitForPayment(saved.paymentId);
}
