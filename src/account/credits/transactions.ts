// Server ledger rows (POST /api/v1/player/transactions) as history lines:
// a signed amount, a translated label for the sources the app knows (the
// server's own description, as text, for any other) and the local day.

import type { Transactions } from '../../api/player-schemas';
import { CreditSource } from './config';
import { localDateKey } from './dates';
import { formatBrl, formatCredits } from './format';

type ServerTransaction = Transactions['list'][number];

export type TransactionKind = 'earn' | 'spend' | 'recharge' | 'other';

export interface CreditTransaction {
  id: string;
  kind: TransactionKind;
  source: string;
  /** Positive for earn and recharge, negative for spend. */
  amount: number;
  /** i18n key of a known source, else null (then `description` is shown). */
  labelKey: string | null;
  description: string;
  /** ms, or null when the server's time did not parse. */
  at: number | null;
  /** A recharge: the reais paid for its points (spec 2 §2.6 "BRL n"); null otherwise. */
  money: number | null;
}

const SOURCE_LABELS: Record<string, string> = {
  [CreditSource.checkin]: 'credits:history.sources.checkin',
  [CreditSource.videoWatch]: 'credits:history.sources.watch',
  [CreditSource.partnerSignup]: 'credits:history.sources.partner',
  [CreditSource.inviteFriend]: 'credits:history.sources.invite',
  [CreditSource.recharge]: 'credits:history.sources.recharge',
};

const KINDS: readonly TransactionKind[] = ['earn', 'spend', 'recharge'];

export function toCreditTransaction(row: ServerTransaction): CreditTransaction {
  const kind = (KINDS as readonly string[]).includes(row.type) ? (row.type as TransactionKind) : 'other';
  const size = Math.abs(row.amount);
  const at = Date.parse(row.timestamp);
  return {
    id: String(row.id),
    kind,
    source: row.source,
    amount: kind === 'spend' ? -size : kind === 'other' ? row.amount : size,
    labelKey: SOURCE_LABELS[row.source] ?? null,
    description: row.description?.trim() || row.source,
    at: Number.isFinite(at) ? at : null,
    money: kind === 'recharge' && row.money ? row.money.amount_cents / 100 : null,
  };
}

/** "+10", "-1k"; a recharge shows the money paid: "BRL 25" (its points are in its label). */
export function amountText(tx: CreditTransaction): string {
  if (tx.money !== null) return formatBrl(tx.money);
  return `${tx.amount < 0 ? '-' : '+'}${formatCredits(Math.abs(tx.amount))}`;
}

/** Whether the history shows a watch reward earned on the local date of `now` (the watch task is then done today). */
export function earnedFromWatchingToday(list: readonly CreditTransaction[], now: number): boolean {
  const today = localDateKey(now);
  return list.some((tx) => tx.kind === 'earn' && tx.source === CreditSource.videoWatch && tx.at !== null && localDateKey(tx.at) === today);
}

/** Whether the history shows today's check-in. */
export function checkedInToday(list: readonly CreditTransaction[], now: number): boolean {
  const today = localDateKey(now);
  return list.some((tx) => tx.kind === 'earn' && tx.source === CreditSource.checkin && tx.at !== null && localDateKey(tx.at) === today);
}
