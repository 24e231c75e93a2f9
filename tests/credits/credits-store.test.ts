// The credits store on fake dependencies: the check-in goes to the server
// and its answer drives the balance and the task book; the history has its
// loading, error and retry states; tasks reset by date on open.

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../src/api/http';
import type { PlayerApi } from '../../src/api/player-api';
import type { PointsChange, Transactions, VideoConfig } from '../../src/api/player-schemas';
import { checkIn, configureCredits, creditsState, loadHistory, loadMoreHistory, startCredits, taskDone, type CreditsDeps } from '../../src/account/credits/credits-store';
import { fromApiError } from '../../src/account/identity/account-errors';
import { memoryStore } from '../../src/lib/key-value-store';
import { apiError, HttpErrorCode } from '../../src/api/http';

type Answers = {
  pointsAdd?: () => ApiResult<PointsChange>;
  transactions?: (page: number) => ApiResult<Transactions>;
  videoConfig?: () => ApiResult<VideoConfig>;
};

const NOW = new Date(2025, 2, 10, 12).getTime();
const fail = (status?: number): ApiResult<never> => ({ ok: false, error: apiError(status ? HttpErrorCode.Http : HttpErrorCode.Network, 'x', !status, status ? { status } : {}) });
const page = (list: Transactions['list'], p = 1, totalPages = 1): ApiResult<Transactions> => ({ ok: true, value: { list, total: list.length, page: p, page_size: 20, total_pages: totalPages } });

function setup(answers: Answers, store = memoryStore()) {
  const api = {
    pointsAdd: vi.fn(async () => answers.pointsAdd?.() ?? fail()),
    transactions: vi.fn(async (_c: string, p: number) => answers.transactions?.(p) ?? page([])),
    videoConfig: vi.fn(async () => answers.videoConfig?.() ?? fail()),
  } as unknown as PlayerApi;
  const applyBalance = vi.fn();
  const deps: Partial<CreditsDeps> = {
    store,
    now: () => NOW,
    call: async (fn) => {
      const res = await fn(api, 'credential-xyz');
      return res.ok ? res : { ok: false, error: fromApiError(res.error) };
    },
    applyBalance,
    refreshBalance: vi.fn(async () => 'ok'),
    // The experiment flag version-b off (its persistence: credit-store-persistence.test.ts).
    versionB: async () => false,
  };
  configureCredits(deps);
  return { api, applyBalance, store };
}

afterEach(() => configureCredits());

describe('credits store', () => {
  it('check-in: a real call; the server balance and the completed task follow', async () => {
    const { api, applyBalance, store } = setup({ pointsAdd: () => ({ ok: true, value: { points: 10, amount: 10, source: 'daily_checkin', next_checkin_time: new Date(NOW + 3600_000).toISOString() } }) });
    startCredits();
    expect(taskDone('daily_checkin')).toBe(false);
    const outcome = await checkIn();
    expect(outcome).toMatchObject({ kind: 'done', points: 10, amount: 10 });
    expect(api.pointsAdd).toHaveBeenCalledWith('credential-xyz', 'daily_checkin');
    expect(applyBalance).toHaveBeenCalledWith(10);
    expect(taskDone('daily_checkin')).toBe(true);
    expect(JSON.parse(store.getItem('credit_tasks')!).daily_checkin.completed).toBe(true);
    // A second tap does not call the server again.
    expect(await checkIn()).toEqual({ kind: 'already' });
    expect(api.pointsAdd).toHaveBeenCalledOnce();
  });

  it('check-in answered 409 marks the task done without a balance change', async () => {
    const { applyBalance } = setup({ pointsAdd: () => fail(409) });
    startCredits();
    expect(await checkIn()).toEqual({ kind: 'already' });
    expect(applyBalance).not.toHaveBeenCalled();
    expect(taskDone('daily_checkin')).toBe(true);
  });

  it('a failed check-in leaves the task open', async () => {
    setup({ pointsAdd: () => fail() });
    startCredits();
    expect((await checkIn())?.kind).toBe('failed');
    expect(taskDone('daily_checkin')).toBe(false);
    expect(creditsState.checkinBusy).toBe(false);
  });

  it('history: error, then a retry loads it; a watch reward today completes the watch task', async () => {
    let down = true;
    setup({
      transactions: () =>
        down
          ? fail()
          : page([{ id: 7, type: 'earn', amount: 100, source: 'video_watch', description: 'Watch cycle', balance_after: 100, timestamp: new Date(NOW - 60_000).toISOString() }]),
    });
    startCredits();
    await vi.waitFor(() => expect(creditsState.history.status).toBe('error'));
    expect(taskDone('watch_videos')).toBe(false);
    down = false;
    await loadHistory();
    expect(creditsState.history.status).toBe('ready');
    expect(creditsState.history.items.map((t) => t.id)).toEqual(['7']);
    expect(taskDone('watch_videos')).toBe(true);
  });

  it('history pages: "more" appends the next page without duplicates', async () => {
    const tx = (id: number) => ({ id, type: 'earn', amount: 10, source: 'daily_checkin', timestamp: new Date(2025, 0, id).toISOString() });
    setup({ transactions: (p) => (p === 1 ? page([tx(3), tx(2)], 1, 2) : page([tx(2), tx(1)], 2, 2)) });
    await loadHistory();
    expect(creditsState.history.totalPages).toBe(2);
    await loadMoreHistory();
    expect(creditsState.history.items.map((t) => t.id)).toEqual(['3', '2', '1']);
    expect(creditsState.history.page).toBe(2);
  });

  it('opening resets yesterday\'s daily tasks and reads the server watch reward', async () => {
    const yesterday = new Date(2025, 2, 9, 12);
    const store = memoryStore({
      credit_tasks: JSON.stringify({ watch_videos: { completed: true, completedAt: yesterday.getTime() } }),
      last_daily_reset: '2025-03-09',
    });
    setup({ videoConfig: () => ({ ok: true, value: { videos_required: 5, points_reward: 100, min_interval: 8, enabled: true, daily_video_limit: 999 } }) }, store);
    startCredits();
    expect(taskDone('watch_videos')).toBe(false);
    expect(store.getItem('last_daily_reset')).toBe('2025-03-10');
    await vi.waitFor(() => expect(creditsState.watchReward).toBe(100));
  });
});
