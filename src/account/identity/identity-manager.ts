// The anonymous identity's life (spec 1 §4): pending -> initializing ->
// completed | failed, under the init lock, with the 30 s time-outs, the 1 h
// validity of a completed result and the credential age rules. Callers that
// arrive while an init runs share it, so concurrent callers cause one init.
// The first init of a page start loads the device identity record
// (identity-record.ts); a new player is asked for with the record's id, the
// three fingerprint samples and the pending invite (pending-invite.ts). The
// credential record is mirrored into its 7-day cookie (cookies.ts). Every
// fingerprint reading waits for its turn (device-pacing.ts): an init asked
// for at boot runs once the first clip plays, one reading per task.

import type { PlayerApi } from '../../api/player-api';
import { AccountErrorCode, accountError, fromApiError, type AccountError, type AccountResult } from './account-errors';
import { restoreFromAccessToken } from './access-token';
import { identityConfig, identityCookies, identityKeys } from './config';
import { withCookieMirror, type CookieJar } from './cookies';
import { checkCredential, type ValidationType } from './credential-check';
import { clearRecord, isRecordValid, makeRecord, readRecord, recordAge, writeRecord, type CredentialRecord } from './credential-record';
import type { DeviceEnvironment, DeviceEnvironmentReader } from './device-env';
import { immediatePacing, type DevicePacing } from './device-pacing';
import { confidenceOf, saveIdentity, startSession, type LoadedIdentity } from './identity-record';
import { InitLock } from './init-lock';
import { forgetInvite, pendingInvite } from './pending-invite';
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
  /** When each fingerprint reading may run; absent: at once. */
  pacing?: DevicePacing;
  random: () => number;
  /** The identity's cookies (the page's document.cookie); absent: local storage alone. */
  cookies?: CookieJar;
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
  /** Local storage, with the credential record mirrored into its cookie. */
  private readonly store: KeyValueStore;
  /** The device identity record of this page start, loaded by the first init. */
  private session: LoadedIdentity | null = null;

  constructor(
    private readonly deps: IdentityDeps,
    private readonly listener: IdentityListener = {},
  ) {
    this.lock = new InitLock(deps.scheduler);
    this.store = deps.cookies ? withCookieMirror(deps.store, deps.cookies, identityKeys.record, identityCookies.credential, identityConfig.credentialCookieMaxAgeS) : deps.store;
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
    clearRecord(this.store);
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
      // This browser has its player now: an invite it arrived with was used or is moot.
      forgetInvite(this.store);
      this.identity = result.value;
      this.completedAt = this.deps.scheduler.now();
      this.set('completed', null);
    } else {
      this.set('failed', result.error);
    }
    return result;
  }

  /** One reading of the device data, when the pacing gives it its turn. */
  private async readDevice(): Promise<DeviceEnvironment> {
    await (this.deps.pacing ?? immediatePacing).turn();
    return this.deps.env();
  }

  /** The identity record, loaded (and this session counted) on the first call of a page start. */
  private async loadSession(): Promise<LoadedIdentity> {
    if (this.session) return this.session;
    const { scheduler, random, cookies } = this.deps;
    const { browser_fingerprint } = await this.readDevice();
    this.session = startSession(this.deps.store, cookies, browser_fingerprint, scheduler.now(), random);
    return this.session;
  }

  /** The server accepted a player for this identity: verified, seen now. */
  private markVerified(session: LoadedIdentity, riskScore?: number): void {
    session.record = { ...session.record, isVerified: true, lastSeenAt: this.deps.scheduler.now(), ...(riskScore !== undefined ? { riskScore } : {}) };
    saveIdentity(this.deps.store, this.deps.cookies, session.record);
  }

  private async initialise(options: EnsureOptions, revalidate: boolean, signal: AbortSignal): Promise<AccountResult<Identity>> {
    const { scheduler } = this.deps;
    const store = this.store;
    const session = await this.loadSession();
    const deviceId = session.record.primaryId;
    if (options.accessToken) {
      const restored = await restoreFromAccessToken(this.deps.api, store, deviceId, options.accessToken, scheduler.now(), signal);
      // A spent or expired return link is not fatal: the visitor keeps the identity this browser has.
      if (restored.ok) {
        this.markVerified(session);
        return { ok: true, value: fromRecord(restored.value.record, restored.value.player) };
      }
    }
    const record = options.force ? null : readRecord(store);
    if (record) {
      const age = recordAge(record, scheduler.now());
      if (age === 'fresh' && !revalidate) return { ok: true, value: fromRecord(record) };
      const kept = await this.validate(session, record, age === 'fresh' ? 'revalidate' : age === 'stale' ? 'basic' : 'strict');
      if (kept) return kept;
      if (age === 'expired') this.listener.onCredentialExpired?.();
    }
    return this.createPlayer(session, signal);
  }

  /** A result to keep (valid, disabled, or unreachable server), or null when the record was cleared. */
  private async validate(session: LoadedIdentity, record: CredentialRecord, type: ValidationType): Promise<AccountResult<Identity> | null> {
    const { api, scheduler } = this.deps;
    const store = this.store;
    const outcome = await checkCredential(api, store, record, await this.readDevice(), type, scheduler.now());
    switch (outcome.kind) {
      case 'valid': {
        const confirmed = makeRecord(record.credential, record.playerId, record.deviceId, scheduler.now());
        writeRecord(store, confirmed);
        this.markVerified(session);
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

  private async createPlayer(session: LoadedIdentity, signal: AbortSignal): Promise<AccountResult<Identity>> {
    const { api, scheduler } = this.deps;
    const store = this.store;
    const deviceId = session.record.primaryId;
    // The fingerprint read three times in a row, each in its own task: a real browser shows the same one each time (spec 1 §5).
    const readings: DeviceEnvironment[] = [];
    for (let i = 0; i < identityConfig.fingerprintSamples; i++) readings.push(await this.readDevice());
    const device = readings[0];
    const samples = readings.map((r) => r.browser_fingerprint).filter((fp): fp is string => fp !== undefined);
    const riskScore = clientRisk(device, samples);
    const invite = pendingInvite(store);
    const res = await api.init(
      {
        device_id: deviceId,
        identity_id: deviceId,
        risk_score: riskScore,
        is_new_user: store.getItem(identityKeys.firstTimeUser) === null,
        confidence: confidenceOf(session),
        user_agent: device.user_agent,
        referrer: device.referrer,
        browser_fingerprint: device.browser_fingerprint,
        timezone: device.timezone,
        screen_resolution: device.screen_resolution,
        color_depth: device.color_depth,
        language: device.language,
        webdriver: device.webdriver,
        fingerprint_samples: samples,
        ...(invite ? { invite } : {}),
      },
      signal,
    );
    if (!res.ok) return { ok: false, error: fromApiError(res.error, AccountErrorCode.InitFailed) };
    const record = makeRecord(res.value.credential, res.value.player_id, deviceId, scheduler.now());
    if (!isRecordValid(record)) return { ok: false, error: accountError(AccountErrorCode.InitFailed, 'The init answer holds a credential that fails the local validity rules.', false) };
    writeRecord(store, record);
    store.setItem(identityKeys.firstTimeUser, 'false');
    this.markVerified(session, riskScore);
    return { ok: true, value: fromRecord(record, res.value) };
  }
}

/** The risk this browser sees in itself: automation, or a fingerprint that changed between readings. */
function clientRisk(device: DeviceEnvironment, samples: readonly string[]): number {
  if (device.webdriver) return identityConfig.clientRiskAutomation;
  if (new Set(samples).size > 1) return identityConfig.clientRiskUnstableFingerprint;
  return identityConfig.clientRiskNormal;
}
