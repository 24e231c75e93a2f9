// Credit-store persistence under the experiment flag version-b (spec 2 §3,
// §6; spec 3 §6: "credit-store persistence is behind the experiment flag
// version-b"; local keys user_credits, credit_transactions,
// user_simulated_points).
//
// What we decided the spec means (issue 15). The spec's credit store kept
// the balance and the history in local storage, beside "simulated points".
// Here the server's ledger is the only balance: no point is ever made up or
// counted on the page. So, with version-b on, local storage keeps copies of
// what the server said, for the next visit to show at once (and when the
// server cannot be reached), marked as saved, until the server answers:
// - user_credits: the last balance the server gave this player, and when;
// - credit_transactions: the first page of the server's history, and when;
// - user_simulated_points: the one kind of points that are not real yet: a
//   recharge on its way (paid at the provider, not yet confirmed), shown as
//   pending beside the balance, never added to it, and dropped once the
//   server says the payment is paid or failed.
// Each copy names its player: another player's copy is never shown. With
// version-b off, nothing of this is kept, and copies left from an earlier
// visit with the flag on are removed.

import * as z from 'zod/mini';
import type { KeyValueStore } from '../../lib/key-value-store';
import { creditsConfig } from './config';
import type { CreditTransaction } from './transactions';

const keys = creditsConfig.storageKeys;

const balanceSchema = z.object({ player_id: z.string(), points: z.number(), saved_at: z.number() });

const transactionSchema = z.object({
  id: z.string(),
  kind: z.enum(['earn', 'spend', 'recharge', 'other']),
  source: z.string(),
  amount: z.number(),
  labelKey: z.nullable(z.string()),
  description: z.string(),
  at: z.nullable(z.number()),
  money: z.nullable(z.number()),
});
const historySchema = z.object({ player_id: z.string(), saved_at: z.number(), list: z.array(transactionSchema) });

const pendingSchema = z.object({ player_id: z.string(), payment_id: z.string().check(z.regex(/^PAY[0-9a-f]+$/)), points: z.number(), amount: z.number(), started_at: z.number() });

export interface SavedBalance {
  points: number;
  savedAt: number;
}

/** A recharge the visitor paid (or is paying) whose points the server has not credited yet. */
export interface PendingRecharge {
  paymentId: string;
  points: number;
  /** Reais. */
  amount: number;
  startedAt: number;
}

function read<S extends z.ZodMiniType>(store: KeyValueStore, key: string, schema: S): z.output<S> | null {
  const raw = store.getItem(key);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const write = (store: KeyValueStore, key: string, value: unknown) => store.setItem(key, JSON.stringify(value));

export function saveBalance(store: KeyValueStore, playerId: string, points: number, now: number): void {
  write(store, keys.credits, { player_id: playerId, points, saved_at: now });
}

export function loadBalance(store: KeyValueStore, playerId: string): SavedBalance | null {
  const saved = read(store, keys.credits, balanceSchema);
  return saved && saved.player_id === playerId ? { points: saved.points, savedAt: saved.saved_at } : null;
}

export function saveHistory(store: KeyValueStore, playerId: string, list: readonly CreditTransaction[], now: number): void {
  write(store, keys.transactions, { player_id: playerId, saved_at: now, list: list.slice(0, creditsConfig.historyPageSize) });
}

export function loadHistory(store: KeyValueStore, playerId: string): CreditTransaction[] | null {
  const saved = read(store, keys.transactions, historySchema);
  return saved && saved.player_id === playerId ? saved.list : null;
}

export function savePending(store: KeyValueStore, playerId: string, p: PendingRecharge): void {
  write(store, keys.simulatedPoints, { player_id: playerId, payment_id: p.paymentId, points: p.points, amount: p.amount, started_at: p.startedAt });
}

export function loadPending(store: KeyValueStore, playerId: string): PendingRecharge | null {
  const saved = read(store, keys.simulatedPoints, pendingSchema);
  return saved && saved.player_id === playerId ? { paymentId: saved.payment_id, points: saved.points, amount: saved.amount, startedAt: saved.started_at } : null;
}

export function clearPending(store: KeyValueStore): void {
  store.removeItem(keys.simulatedPoints);
}

/** version-b off: no copy of the credit store stays behind. */
export function forgetCredits(store: KeyValueStore): void {
  for (const key of [keys.credits, keys.transactions, keys.simulatedPoints]) store.removeItem(key);
}
