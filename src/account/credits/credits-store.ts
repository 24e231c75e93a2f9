// The credits screen's store (STYLE.md 9): the task book (local), the
// transaction history and the watch reward (server), with module-level
// actions. Actions return outcomes; the screen turns them into notices.
// Balance changes go through the account store, which owns the balance.

import { proxy } from 'valtio';
import type { ApiResult } from '../../api/http';
import type { PlayerApi } from '../../api/player-api';
import type { AccountResult } from '../identity/account-errors';
import { localStorageStore, type KeyValueStore } from '../../lib/key-value-store';
import { loadAppConfig } from '../../server-config/store';
import { accountCall, accountRuntime, accountState, applyServerBalance, refreshBalance } from '../store';
import { forgetCredits, loadBalance, loadHistory as loadSavedHistory, saveBalance, saveHistory, type SavedBalance } from './credit-persistence';
import { checkinOutcome, type CheckinOutcome } from './checkin';
import { CreditSource, creditsConfig, TaskId, taskDefinitions } from './config';
import { loadTaskBook, saveTaskBook } from './task-store';
import { applyResets, isCompleted, markCompleted, type TaskBook } from './tasks';
import { checkedInToday, earnedFromWatchingToday, toCreditTransaction, type CreditTransaction } from './transactions';
import { invitedThisWeek } from './invite';

export type HistoryStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface CreditsState {
  book: TaskBook;
  checkinBusy: boolean;
  history: {
    status: HistoryStatus;
    items: CreditTransaction[];
    page: number;
    totalPages: number;
    loadingMore: boolean;
    moreFailed: boolean;
  };
  /** Points of one watch cycle, as the server's video config says; null until it answers. */
  watchReward: number | null;
  /** version-b: the balance saved on an earlier visit, shown until the server's arrives. */
  saved: SavedBalance | null;
}

export interface CreditsDeps {
  store: KeyValueStore;
  now: () => number;
  call<T>(fn: (api: PlayerApi, credential: string) => Promise<ApiResult<T>>): Promise<AccountResult<T>>;
  applyBalance(points: number): void;
  refreshBalance(): Promise<unknown>;
  /** The experiment flag version-b: the credit store is kept locally (credit-persistence.ts). */
  versionB(): Promise<boolean>;
  playerId(): string | null;
  balance(): number | null;
}

const initialState = (): CreditsState => ({
  book: { records: {}, lastReset: null },
  checkinBusy: false,
  history: { status: 'idle', items: [], page: 0, totalPages: 0, loadingMore: false, moreFailed: false },
  watchReward: null,
  saved: null,
});

export const creditsState = proxy<CreditsState>(initialState());

function browserDeps(): CreditsDeps {
  return {
    store: localStorageStore(),
    now: () => Date.now(),
    call: (fn) => accountCall((credential) => fn(accountRuntime().deps.api, credential)),
    applyBalance: applyServerBalance,
    refreshBalance: () => refreshBalance('poll'),
    versionB: () => loadAppConfig().then((config) => config.flags.versionB),
    playerId: () => accountState.playerId,
    balance: () => accountState.points,
  };
}

let deps: CreditsDeps | null = null;
const current = () => (deps ??= browserDeps());

/**
 * Replaces what the store runs on (tests) and resets the state.
 * @internal A test seam (knip.json: @internal exports are allowed for test seams only).
 */
export function configureCredits(overrides: Partial<CreditsDeps> = {}): void {
  deps = { ...browserDeps(), ...overrides };
  Object.assign(creditsState, initialState());
}

function setBook(book: TaskBook): void {
  creditsState.book = book;
  saveTaskBook(current().store, book);
}

const def = (id: TaskId) => taskDefinitions.find((d) => d.id === id)!;

export function taskDone(id: TaskId): boolean {
  return isCompleted(creditsState.book, def(id), current().now());
}

/** The screen opened: tasks reset by date, the balance, history and watch rules are asked for. */
export function startCredits(): void {
  const d = current();
  setBook(applyResets(loadTaskBook(d.store), d.now()));
  void restoreCopies().then(() => loadHistory({ quiet: creditsState.history.status === 'ready' }));
  void d.refreshBalance().then(keepCopies);
  void loadWatchReward();
}

/** version-b: what an earlier visit saved is on screen at once (the server's answers replace it). */
async function restoreCopies(): Promise<void> {
  const d = current();
  const playerId = d.playerId();
  if (!playerId || !(await d.versionB())) return;
  creditsState.saved = loadBalance(d.store, playerId);
  const list = loadSavedHistory(d.store, playerId);
  if (list && creditsState.history.status !== 'ready') Object.assign(creditsState.history, { status: 'ready', items: list, page: 1, totalPages: 1 });
}

/** Whether the experiment flag version-b is on (the credit store is then kept locally). */
export function creditStoreKept(): Promise<boolean> {
  return current().versionB();
}

/** After a server answer: version-b keeps a copy of the balance and the first history page; otherwise none stays. */
export async function keepCopies(): Promise<void> {
  const d = current();
  const playerId = d.playerId();
  if (!(await d.versionB())) return forgetCredits(d.store);
  if (!playerId) return;
  const points = d.balance();
  if (points !== null) saveBalance(d.store, playerId, points, d.now());
  const h = creditsState.history;
  if (h.status === 'ready' && h.page >= 1) saveHistory(d.store, playerId, h.items, d.now());
}

async function loadWatchReward(): Promise<void> {
  const res = await current().call((api, c) => api.videoConfig(c));
  if (res.ok) creditsState.watchReward = res.value.points_reward;
}

/** What the server's history says about today's tasks wins over the local book. */
function reconcile(items: readonly CreditTransaction[]): void {
  const now = current().now();
  let book = creditsState.book;
  if (!taskDone(TaskId.checkin) && checkedInToday(items, now)) book = markCompleted(book, TaskId.checkin, now);
  if (!taskDone(TaskId.watch) && earnedFromWatchingToday(items, now)) book = markCompleted(book, TaskId.watch, now);
  if (!taskDone(TaskId.invite) && invitedThisWeek(items, now)) book = markCompleted(book, TaskId.invite, now);
  if (book !== creditsState.book) setBook(book);
}

/** First page of the history; `quiet` keeps the current list on screen while it reloads. */
export async function loadHistory(options: { quiet?: boolean } = {}): Promise<void> {
  const h = creditsState.history;
  if (!options.quiet) h.status = 'loading';
  const res = await current().call((api, c) => api.transactions(c, 1, creditsConfig.historyPageSize));
  if (!res.ok) {
    if (!options.quiet || h.status !== 'ready') h.status = 'error';
    return;
  }
  h.items = res.value.list.map(toCreditTransaction);
  h.page = 1;
  h.totalPages = res.value.total_pages ?? Math.max(1, Math.ceil(res.value.total / creditsConfig.historyPageSize));
  h.moreFailed = false;
  h.status = 'ready';
  reconcile(h.items);
  void keepCopies();
}

export async function loadMoreHistory(): Promise<void> {
  const h = creditsState.history;
  if (h.loadingMore || h.status !== 'ready' || h.page >= h.totalPages) return;
  h.loadingMore = true;
  const next = h.page + 1;
  const res = await current().call((api, c) => api.transactions(c, next, creditsConfig.historyPageSize));
  h.loadingMore = false;
  if (!res.ok) {
    h.moreFailed = true;
    return;
  }
  const known = new Set(h.items.map((tx) => tx.id));
  h.items.push(...res.value.list.map(toCreditTransaction).filter((tx) => !known.has(tx.id)));
  h.page = next;
  h.moreFailed = false;
}

/** The daily check-in through the server; a second tap while one is in flight does nothing. */
export async function checkIn(): Promise<CheckinOutcome | null> {
  if (creditsState.checkinBusy) return null;
  if (taskDone(TaskId.checkin)) return { kind: 'already' };
  creditsState.checkinBusy = true;
  const d = current();
  const outcome = checkinOutcome(await d.call((api, c) => api.pointsAdd(c, CreditSource.checkin)));
  creditsState.checkinBusy = false;
  if (outcome.kind === 'done') {
    setBook(markCompleted(creditsState.book, TaskId.checkin, d.now(), outcome.reopensAt));
    d.applyBalance(outcome.points);
    void loadHistory({ quiet: true });
  } else if (outcome.kind === 'already') {
    setBook(markCompleted(creditsState.book, TaskId.checkin, d.now()));
  }
  return outcome;
}
