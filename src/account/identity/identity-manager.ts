// The anonymous identity's life (spec 1 §4): pending -> initializing ->
// completed | failed, under the init lock, with the 30 s time-outs, the 1 h
// validity of a completed result and the credential age rules. Callers that
// arrive while an init runs share it, so concurrent callers cause one init.

import type { PlayerApi } from '../../api/player-api';
import { AccountErrorCode, accountError, fromApiError, type AccountError, type AccountResult } from './account-errors';
import { restoreFromAccessToken } from './access-token';
import { identityConfig, identityKeys } from './config';
import { checkCredential, type ValidationType } from './credential-check';
import { clearRecord, isRecordValid, makeRecord, readRecord, recordAge, writeRecord, type CredentialRecord } from './credential-record';
import type { DeviceEnvironmentReader } from './device-env';
import { loadOrCreateDeviceId } from './device-id';
import { InitLock } from './init-lock';
import type { KeyValueStore } from '../../lib/key-value-store';
import { withTimeout, type Timers } from '../../lib/timers';

export type IdentityStatus = 'pending' | 'initializing' | 'completed' | 'failed';

export interface Identity {
  credential: string;
  playerId: string;
  deviceId: string;
  /** What the server said about the player, when this init asked it. */
  points: number | null;
  hasWin667: boolean | null;
  win667Status: string | null;
}

export interface IdentityDeps {
  api: PlayerApi;
  store: KeyValueStore;
  scheduler: Timers;
  env: DeviceEnvironmentReader;
  random: () => number;
}

export interface IdentityListener {
  onChange?(status: IdentityStatus, identity: Identity | null, error: AccountError | null): void;
  /** A 30-day-old credential was refused by the server: a toast says so (spec 1 §8). */
  onCredentialExpired?(): void;
}

export interface EnsureOptions {
  /** Skip the stored record and make a new player (after clearing, for recovery). */
  force?: boolean;
  /** A partner return token to exchange first. */
  accessToken?: string;
}

const fromRecord = (r: CredentialRecord, server?: { points: number; has_win667: boolean; win667_status?: string }): Identity => ({
  credential: r.credential,
  playerId: r.playerId,
  deviceId: r.deviceId,
  points: server?.points ?? null,
  hasWin667: server?.has_win667 ?? null,
  win667Status: server?.win667_status ?? null,
});

export class IdentityManager {
  status: IdentityStatus = 'pending';
  identity: Identity | null = null;
  error: AccountError | null = null;
  private completedAt = 0;
  private inFlight: Promise<AccountResult<Identity>> | null = null;
  private readonly lock: InitLock;

  constructor(
    private readonly deps: IdentityDeps,
    private readonly listener: IdentityListener = {},
  ) {
    this.lock = new InitLock(deps.scheduler);
  }

  /** The identity, initialising when there is none or the last result is over an hour old. */
  ensure(options: EnsureOptions = {}): Promise<AccountResult<Identity>> {
    if (this.inFlight) {
      return withTimeout(this.deps.scheduler, this.inFlight, identityConfig.initWaitTimeoutMs, () => ({
        ok: false as const,
        error: accountError(AccountErrorCode.WaitTimeout, 'Waited 30 s for the running init.', true),
      }));
    }
    if (!options.force && !options.accessToken && this.isCompletedValid()) return Promise.resolve({ ok: true, value: this.identity! });
    const revalidate = this.status === 'completed';
    const run = this.run(options, revalidate).finally(() => {
      if (this.inFlight === run) this.inFlight = null;
    });
    this.inFlight = run;
    return run;
  }

  /** Forced reinitialise: back to pending (spec 1 §4); the local record is dropped. */
  reset(): void {
    clearRecord(this.deps.store);
    this.identity = null;
    this.completedAt = 0;
    this.set('pending', null);
  }

  /** Recovery's re-init: unless someone already replaced the failing credential, clear and start over. */
  async recover(failedCredential: string): Promise<AccountResult<Identity>> {
    if (this.identity && this.identity.credential !== failedCredential && this.isCompletedValid()) return { ok: true, value: this.identity };
    if (!this.inFlight) this.reset();
    return this.ensure({ force: true });
  }

  private isCompletedValid(): boolean {
    return this.status === 'completed' && this.identity !== null && this.deps.scheduler.now() - this.completedAt < identityConfig.initResultValidityMs;
  }

  private set(status: IdentityStatus, error: AccountError | null): void {
    this.status = status;
    this.error = error;
    this.listener.onChange?.(status, this.identity, error);
  }

  private async run(options: EnsureOptions, revalidate: boolean): Promise<AccountResult<Identity>> {
    this.set('initializing', null);
    const lock = await this.lock.acquire();
    if (!lock.ok) return this.finish(lock);
    const abort = new AbortController();
    try {
      const result = await withTimeout(this.deps.scheduler, this.initialise(options, revalidate, abort.signal), identityConfig.initTimeoutMs, () => {
        abort.abort();
        return { ok: false as const, error: accountError(AccountErrorCode.InitTimeout, 'Initialisation took over 30 s.', true) };
      });
      return this.finish(result);
    } finally {
      lock.value();
    }
  }

  private finish(result: AccountResult<Identity>): AccountResult<Identity> {
    if (result.ok) {
      this.identity = result.value;
      this.completedAt = this.deps.scheduler.now();
      this.set('completed', null);
    } else {
      this.set('failed', result.error);
    }
    return result;
  }

  private async initialise(options: EnsureOptions, revalidate: boolean, signal: AbortSignal): Promise<AccountResult<Identity>> {
    const { store, scheduler, random } = this.deps;
    const { deviceId, created } = loadOrCreateDeviceId(store, scheduler.now(), random);
    if (options.accessToken) {
      const restored = await restoreFromAccessToken(this.deps.api, store, deviceId, options.accessToken, scheduler.now(), signal);
      // A spent or expired return link is not fatal: the visitor keeps the identity this browser has.
      if (restored.ok) return { ok: true, value: fromRecord(restored.value.record, restored.value.player) };
    }
    const record = options.force ? null : readRecord(store);
    if (record) {
      const age = recordAge(record, scheduler.now());
      if (age === 'fresh' && !revalidate) return { ok: true, value: fromRecord(record) };
      const kept = await this.validate(record, age === 'fresh' ? 'revalidate' : age === 'stale' ? 'basic' : 'strict');
      if (kept) return kept;
      if (age === 'expired') this.listener.onCredentialExpired?.();
    }
    return this.createPlayer(deviceId, created, signal);
  }

  /** A result to keep (valid, disabled, or unreachable server), or null when the record was cleared. */
  private async validate(record: CredentialRecord, type: ValidationType): Promise<AccountResult<Identity> | null> {
    const { api, store, scheduler, env } = this.deps;
    const outcome = await checkCredential(api, store, record, env(), type, scheduler.now());
    switch (outcome.kind) {
      case 'valid': {
        const confirmed = makeRecord(record.credential, record.playerId, record.deviceId, scheduler.now());
        writeRecord(store, confirmed);
        return { ok: true, value: fromRecord(confirmed, outcome.info) };
      }
      case 'disabled':
        return { ok: false, error: fromApiError(outcome.error, AccountErrorCode.AccountDisabled) };
      case 'local':
        // The strict (30-day) check never trusts the local record alone.
        if (outcome.valid && type !== 'strict') return { ok: true, value: fromRecord(record) };
        return { ok: false, error: fromApiError(outcome.error, AccountErrorCode.InitFailed) };
      case 'cleared':
        return null;
    }
  }

  private async createPlayer(deviceId: string, created: boolean, signal: AbortSignal): Promise<AccountResult<Identity>> {
    const { api, store, scheduler, env } = this.deps;
    const device = env();
    const res = await api.init(
      {
        device_id: deviceId,
        identity_id: deviceId,
        risk_score: device.webdriver ? identityConfig.clientRiskAutomation : identityConfig.clientRiskNormal,
        is_new_user: store.getItem(identityKeys.firstTimeUser) === null,
        confidence: created ? identityConfig.confidenceNewDevice : identityConfig.confidenceKnownDevice,
        user_agent: device.user_agent,
        referrer: device.referrer,
        browser_fingerprint: device.browser_fingerprint,
        timezone: device.timezone,
        screen_resolution: device.screen_resolution,
        color_depth: device.color_depth,
        language: device.language,
        webdriver: device.webdriver,
      },
      signal,
    );
    if (!res.ok) return { ok: false, error: fromApiError(res.error, AccountErrorCode.InitFailed) };
    const record = makeRecord(res.value.credential, res.value.player_id, deviceId, scheduler.now());
    if (!isRecordValid(record)) return { ok: false, error: accountError(AccountErrorCode.InitFailed, 'The init answer holds a credential that fails the local validity rules.', false) };
    writeRecord(store, record);
    store.setItem(identityKeys.firstTimeUser, 'false');
    return { ok: true, value: fromRecord(record, res.value) };
  }
}
