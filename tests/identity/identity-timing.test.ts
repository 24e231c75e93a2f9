// Time rules of the identity with a hand-driven clock and a stub API.

import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../src/api/http';
import type { PlayerApi } from '../../src/api/player-api';
import { AccountErrorCode } from '../../src/account/identity/account-errors';
import { IdentityManager } from '../../src/account/identity/identity-manager';
import { memoryStore } from '../../src/lib/key-value-store';
import { fakeScheduler } from './helpers/fake-scheduler';

const refused = <T>(): Promise<ApiResult<T>> => Promise.resolve({ ok: false, error: { code: 'NETWORK', message: 'stub', retryable: true } });
const player = { player_id: 'P00000000000000AA', points: 5, has_win667: false, win667_status: 'insufficient' };

function stubApi(overrides: Partial<PlayerApi>): PlayerApi {
  const base: PlayerApi = {
    init: refused, info: refused, watch: refused, watchStart: refused, videoConfig: refused, pointsQuery: refused, pointsAdd: refused, pointsSubtract: refused,
    transactions: refused, sso: refused, win667Account: refused, win667Status: refused, win667RefreshToken: refused, restore: refused,
  };
  return { ...base, ...overrides };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('identity timing', () => {
  it('times the whole init out after 30 s (初始化超时) and goes to failed', async () => {
    const s = fakeScheduler();
    const statuses: string[] = [];
    const api = stubApi({ init: () => new Promise(() => undefined) });
    const m = new IdentityManager({ api, store: memoryStore(), scheduler: s, env: () => ({}), random: () => 0.5 }, { onChange: (st) => statuses.push(st) });
    const pending = m.ensure();
    await flush();
    expect(m.status).toBe('initializing');
    s.advance(30_000);
    const res = await pending;
    expect(res.ok || res.error.code).toBe(AccountErrorCode.InitTimeout);
    expect(statuses).toEqual(['initializing', 'failed']);
    expect(m.error?.messageKey).toBe('account:initTimeout');
  });

  it('keeps a completed result for 1 h, then re-validates it with the server', async () => {
    const s = fakeScheduler();
    const init = vi.fn(async () => ({ ok: true as const, value: { ...player, credential: 'cred-0123456789' } }));
    const info = vi.fn(async () => ({ ok: true as const, value: { ...player, points: 7 } }));
    const m = new IdentityManager({ api: stubApi({ init, info }), store: memoryStore(), scheduler: s, env: () => ({}), random: () => 0.5 });
    expect((await m.ensure()).ok).toBe(true);
    s.advance(3600_000 - 1);
    await m.ensure();
    expect(info).not.toHaveBeenCalled();
    s.advance(1);
    const again = await m.ensure();
    expect(info).toHaveBeenCalledOnce();
    expect(again.ok && again.value.points).toBe(7);
    expect(init).toHaveBeenCalledOnce();
  });

  it('a forced reset goes back to pending and the next ensure makes a new player', async () => {
    const s = fakeScheduler();
    let n = 0;
    const init = vi.fn(async () => ({ ok: true as const, value: { ...player, player_id: `P${++n}`, credential: `cred-0123456789-${n}` } }));
    const m = new IdentityManager({ api: stubApi({ init }), store: memoryStore(), scheduler: s, env: () => ({}), random: () => 0.5 });
    await m.ensure();
    m.reset();
    expect(m.status).toBe('pending');
    const res = await m.ensure();
    expect(res.ok && res.value.playerId).toBe('P2');
  });
});
