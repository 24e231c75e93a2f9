// The identity against the real server (Fastify on PGlite, over fetch).

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPlayerApi } from '../../src/api/player-api';
import { AccountErrorCode } from '../../src/account/identity/account-errors';
import { identityKeys } from '../../src/account/identity/config';
import { makeRecord, readRecord, writeRecord } from '../../src/account/identity/credential-record';
import { IdentityManager } from '../../src/account/identity/identity-manager';
import { memoryStore } from '../../src/lib/key-value-store';
import { withRecovery } from '../../src/account/identity/recovery';
import { wallClockTimers } from '../../src/lib/timers';
import { accountState, configureAccount, initAccount } from '../../src/account/store';
import { players } from '../../server/db/schema/players';
import { signToken } from '../../server/services/sso/tokens';
import { countFetches, startServer, type LiveServer } from './helpers/live-server';

const day = 24 * 3600_000;
const env = () => ({ user_agent: 'Mozilla/5.0 (Linux; Android 13) vitest', timezone: 'America/Sao_Paulo', screen_resolution: '412x915', color_depth: 24, language: 'pt-BR', browser_fingerprint: 'fp_test' });

function managerFor(baseUrl: string, store = memoryStore(), listener = {}) {
  const api = createPlayerApi({ baseUrl });
  return { api, store, manager: new IdentityManager({ api, store, scheduler: wallClockTimers, env, random: Math.random }, listener) };
}

let server: LiveServer;
let fetches: ReturnType<typeof countFetches>;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());
afterEach(() => fetches?.restore());

describe('identity init on the real server', () => {
  it('stores a valid v2.0 record and mirrors the player into the store', async () => {
    const store = memoryStore();
    configureAccount({ api: createPlayerApi({ baseUrl: server.baseUrl }), store, env, navigate: vi.fn() });
    const res = await initAccount();
    expect(res.ok).toBe(true);
    const record = readRecord(store);
    expect(record).not.toBeNull();
    expect(record!.credential.length).toBeGreaterThanOrEqual(10);
    expect(record!.playerId).toMatch(/^P[0-9A-F]{16}$/);
    expect(record!.deviceId).toBe(store.getItem(identityKeys.deviceId));
    expect(record!.version).toBe('2.0');
    expect(accountState).toMatchObject({ status: 'completed', playerId: record!.playerId, points: 0, win667Status: 'insufficient', partner: 'other' });
  });

  it('makes ONE init request for two concurrent initAccount() calls', async () => {
    configureAccount({ api: createPlayerApi({ baseUrl: server.baseUrl }), store: memoryStore(), env, navigate: vi.fn() });
    fetches = countFetches();
    const [a, b] = await Promise.all([initAccount(), initAccount()]);
    expect(fetches.count('/api/v1/player/init')).toBe(1);
    expect(a.ok && b.ok && a.value.playerId === b.value.playerId).toBe(true);
  });

  it('recovers from a forged credential: clears it, re-inits once and retries the call', async () => {
    const { api, store, manager } = managerFor(server.baseUrl);
    writeRecord(store, makeRecord('forged-credential-0123456789', 'P0000000000000000', 'dev_forged', Date.now()));
    fetches = countFetches();
    const res = await withRecovery(manager, (id) => api.pointsQuery(id.credential));
    expect(res.ok).toBe(true);
    expect(fetches.count('/api/v1/player/init')).toBe(1);
    expect(fetches.count('/api/v1/player/points/query')).toBe(2);
    const record = readRecord(store)!;
    expect(record.credential).not.toBe('forged-credential-0123456789');
    expect(res.ok && res.value.player_id).toBe(record.playerId);
  });

  it('gives up with RECOVERY_FAILED after 2 retries of a call that stays refused', async () => {
    const { api, manager } = managerFor(server.baseUrl);
    fetches = countFetches();
    // The server refuses info for another player id with 401, every time.
    const res = await withRecovery(manager, (id) => api.info(id.credential, { player_id: 'PNOTME', device_id: id.deviceId, validation_type: 'basic', timestamp: 1 }));
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe(AccountErrorCode.RecoveryFailed);
      expect(res.error.messageKey).toBe('account:recoveryFailed');
    }
    expect(fetches.count('/api/v1/player/info')).toBe(3);
    expect(fetches.count('/api/v1/player/init')).toBe(3); // the first init, then one per retry
  });

  it('checks a stale (7+ day) record with the server and renews its timestamp', async () => {
    const first = managerFor(server.baseUrl);
    const made = await first.manager.ensure();
    if (!made.ok) throw new Error(made.error.message);
    const old = Date.now() - 8 * day;
    writeRecord(first.store, { ...readRecord(first.store)!, timestamp: old });
    const again = managerFor(server.baseUrl, first.store);
    fetches = countFetches();
    const res = await again.manager.ensure();
    expect(res.ok && res.value.playerId).toBe(made.value.playerId);
    expect(res.ok && res.value.points).toBe(0);
    expect(fetches.count('/api/v1/player/info')).toBe(1);
    expect(fetches.count('/api/v1/player/init')).toBe(0);
    expect(readRecord(first.store)!.timestamp).toBeGreaterThan(old);
  });

  it('replaces an unknown 30+ day credential and says it expired', async () => {
    const onCredentialExpired = vi.fn();
    const { store, manager } = managerFor(server.baseUrl, memoryStore(), { onCredentialExpired });
    writeRecord(store, makeRecord('unknown-credential-0123456789', 'P1111111111111111', 'dev_x', Date.now() - 31 * day));
    const res = await manager.ensure();
    expect(res.ok).toBe(true);
    expect(onCredentialExpired).toHaveBeenCalledOnce();
    expect(readRecord(store)!.playerId).not.toBe('P1111111111111111');
  });

  it('reports a disabled account (403 on the check) without making a new player', async () => {
    const first = managerFor(server.baseUrl);
    const made = await first.manager.ensure();
    if (!made.ok) throw new Error(made.error.message);
    await server.t.app.db.update(players).set({ disabled: true }).where(eq(players.playerId, made.value.playerId));
    writeRecord(first.store, { ...readRecord(first.store)!, timestamp: Date.now() - 8 * day });
    const again = managerFor(server.baseUrl, first.store);
    fetches = countFetches();
    const res = await again.manager.ensure();
    expect(res.ok || res.error.code).toBe(AccountErrorCode.AccountDisabled);
    expect(again.manager.status).toBe('failed');
    expect(fetches.count('/api/v1/player/init')).toBe(0);
  });

  it('restores a player on another device from a partner return token (GET /sso)', async () => {
    const home = managerFor(server.baseUrl);
    const made = await home.manager.ensure();
    if (!made.ok) throw new Error(made.error.message);
    const token = await signToken(server.t.config.ssoSecret!, 'return', { playerId: made.value.playerId }, 300);
    const otherStore = memoryStore();
    configureAccount({ api: createPlayerApi({ baseUrl: server.baseUrl }), store: otherStore, env, navigate: vi.fn() });
    const res = await initAccount({ accessToken: token.token });
    expect(res.ok && res.value.playerId).toBe(made.value.playerId);
    expect(accountState).toMatchObject({ status: 'completed', playerId: made.value.playerId, points: 0, hasWin667: false });
    const record = readRecord(otherStore)!;
    expect(record.playerId).toBe(made.value.playerId);
    expect(record.credential).not.toBe(made.value.credential);
    // The returned credential works; the old one was rotated away.
    const api = createPlayerApi({ baseUrl: server.baseUrl });
    expect((await api.pointsQuery(record.credential)).ok).toBe(true);
    const stale = await api.pointsQuery(made.value.credential);
    expect(stale.ok || stale.error.apiCode).toBe(401);
  });

  it('falls back to local validation when the server cannot be reached, but not for a 30+ day record', async () => {
    const closed = 'http://127.0.0.1:9'; // discard port: nothing listens there
    const store = memoryStore();
    writeRecord(store, makeRecord('local-credential-0123456789', 'P2222222222222222', 'dev_l', Date.now() - 8 * day));
    const stale = managerFor(closed, store);
    const res = await stale.manager.ensure();
    expect(res.ok && res.value.playerId).toBe('P2222222222222222');
    writeRecord(store, makeRecord('local-credential-0123456789', 'P2222222222222222', 'dev_l', Date.now() - 31 * day));
    const expired = managerFor(closed, store);
    const res2 = await expired.manager.ensure();
    expect(res2.ok || res2.error.code).toBe(AccountErrorCode.InitFailed);
  });
});

describe('init is never recovered', () => {
  let strict: LiveServer;
  beforeAll(async () => {
    strict = await startServer({ ALLOW_AUTOMATION: '0' });
  });
  afterAll(async () => strict?.close());

  it('an init refused with 403 fails with INIT_FAILED after one request, and a call waiting on it is not retried', async () => {
    const api = createPlayerApi({ baseUrl: strict.baseUrl });
    const automated = () => ({ ...env(), webdriver: true });
    const manager = new IdentityManager({ api, store: memoryStore(), scheduler: wallClockTimers, env: automated, random: Math.random });
    fetches = countFetches();
    const res = await manager.ensure();
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe(AccountErrorCode.InitFailed);
      expect(res.error.messageKey).toBe('account:initFailed');
      expect(res.error.cause?.apiCode).toBe(403);
    }
    expect(fetches.count('/api/v1/player/init')).toBe(1);
    const call = vi.fn(async () => ({ ok: true as const, value: 1 }));
    const through = await withRecovery(manager, call);
    expect(through.ok || through.error.code).toBe(AccountErrorCode.InitFailed);
    expect(call).not.toHaveBeenCalled();
    expect(fetches.count('/api/v1/player/init')).toBe(2);
  });

  it('a failed start reaches the visitor: the store holds the message and hands it to the shell as a toast', async () => {
    configureAccount({ api: createPlayerApi({ baseUrl: strict.baseUrl }), store: memoryStore(), env: () => ({ ...env(), webdriver: true }), navigate: vi.fn() });
    const res = await initAccount();
    expect(res.ok).toBe(false);
    expect(accountState.status).not.toBe('completed');
    expect(accountState.errorKey).toBe('account:initFailed');
    expect(accountState.toast).toEqual({ key: 'account:initFailed', params: {} });
  });
});

describe('identity on a server whose rate limit is spent (issue 13)', () => {
  let limited: LiveServer;
  beforeAll(async () => {
    limited = await startServer({ PLAYER_REQUESTS_PER_ADDRESS: '1' });
  });
  afterAll(async () => limited?.close());

  it('a 429 from the player API is TOO_MANY_REQUESTS with the spec\'s "too many requests" message, not an account failure', async () => {
    const first = managerFor(limited.baseUrl);
    expect((await first.manager.ensure()).ok).toBe(true);
    const second = managerFor(limited.baseUrl);
    const res = await second.manager.ensure();
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe(AccountErrorCode.TooManyRequests);
      expect(res.error.messageKey).toBe('account:tooManyRequests');
      expect(res.error.cause?.status).toBe(429);
      expect(res.error.retryable).toBe(true);
    }
  });
});
