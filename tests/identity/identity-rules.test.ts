import { describe, expect, it } from 'vitest';
import { unwrapEnvelope } from '../../src/api/envelope';
import { HttpErrorCode } from '../../src/api/http';
import { playerInfoSchema } from '../../src/api/player-schemas';
import { isAccountInvalid } from '../../src/account/identity/account-errors';
import { identityKeys } from '../../src/account/identity/config';
import { isRecordValid, makeRecord, readRecord, recordAge, writeRecord } from '../../src/account/identity/credential-record';
import { fingerprintOf } from '../../src/account/identity/device-env';
import { generateDeviceId, isValidDeviceId } from '../../src/account/identity/device-id';
import { startSession } from '../../src/account/identity/identity-record';
import { memoryStore } from '../../src/lib/key-value-store';

const day = 24 * 3600_000;
const info = { player_id: 'P0123456789ABCDEF', points: 10, has_win667: false, win667_status: 'insufficient' };

describe('local credential record v2.0', () => {
  it('is valid only with a credential of 10+ characters and a player id starting with P', () => {
    expect(isRecordValid({ credential: '0123456789', playerId: 'P1' })).toBe(true);
    expect(isRecordValid({ credential: '012345678', playerId: 'P1' })).toBe(false);
    expect(isRecordValid({ credential: '0123456789', playerId: 'X1' })).toBe(false);
  });

  it('round-trips through storage and drops a broken or invalid record', () => {
    const store = memoryStore();
    const r = makeRecord('credential-abcdef', 'P00AA', 'dev_1', 1000);
    writeRecord(store, r);
    expect(readRecord(store)).toEqual({ credential: 'credential-abcdef', playerId: 'P00AA', deviceId: 'dev_1', timestamp: 1000, version: '2.0' });
    store.setItem(identityKeys.record, JSON.stringify({ ...r, version: '1.0' }));
    expect(readRecord(store)).toBeNull();
    expect(store.getItem(identityKeys.record)).toBeNull();
    store.setItem(identityKeys.record, JSON.stringify({ ...r, credential: 'short' }));
    expect(readRecord(store)).toBeNull();
    store.setItem(identityKeys.record, '{not json');
    expect(readRecord(store)).toBeNull();
  });

  it('ages: fresh under 7 days, stale (basic check) from 7 days, expired (strict check) from 30 days', () => {
    const r = makeRecord('credential-abcdef', 'P1', 'dev_1', 0);
    expect(recordAge(r, 7 * day - 1)).toBe('fresh');
    expect(recordAge(r, 7 * day)).toBe('stale');
    expect(recordAge(r, 30 * day - 1)).toBe('stale');
    expect(recordAge(r, 30 * day)).toBe('expired');
  });
});

describe('device id', () => {
  it('follows the spec rule: 1..64 letters, digits, _ and -', () => {
    expect(isValidDeviceId('dev_abc-123')).toBe(true);
    expect(isValidDeviceId('')).toBe(false);
    expect(isValidDeviceId('a'.repeat(65))).toBe(false);
    expect(isValidDeviceId('a b')).toBe(false);
    const made = generateDeviceId(Date.UTC(2030, 0, 1), () => 0.999999);
    expect(isValidDeviceId(made)).toBe(true);
  });

  it('is made once and then read back; a tampered one is replaced', () => {
    const store = memoryStore();
    let n = 0;
    const random = () => (n++ % 36) / 36;
    const first = startSession(store, undefined, 'fp_1', 1, random);
    expect(first.created).toBe(true);
    const second = startSession(store, undefined, 'fp_1', 2, random);
    expect([second.record.primaryId, second.created]).toEqual([first.record.primaryId, false]);
    store.removeItem(identityKeys.identity);
    store.setItem(identityKeys.deviceId, 'bad id!');
    const again = startSession(store, undefined, 'fp_1', 3, random);
    expect(again.created).toBe(true);
    expect(isValidDeviceId(again.record.primaryId)).toBe(true);
    expect(again.record.primaryId).not.toBe(first.record.primaryId);
  });

  it('fingerprints depend on the device traits', () => {
    const a = fingerprintOf({ user_agent: 'UA', timezone: 'America/Sao_Paulo', screen_resolution: '412x915', color_depth: 24, language: 'pt-BR' });
    expect(a).toMatch(/^fp_[0-9a-f]{8}$/);
    expect(fingerprintOf({ user_agent: 'UA', timezone: 'America/Sao_Paulo', screen_resolution: '412x915', color_depth: 24, language: 'pt-BR' })).toBe(a);
    expect(fingerprintOf({ user_agent: 'UA', timezone: 'Asia/Shanghai', screen_resolution: '412x915', color_depth: 24, language: 'pt-BR' })).not.toBe(a);
  });
});

describe('player API envelope', () => {
  it('gives the data of a code-200 envelope, parsed', () => {
    expect(unwrapEnvelope({ ok: true, value: { code: 200, message: 'success', data: { ...info, extra: 1 } } }, playerInfoSchema, '/x')).toEqual({ ok: true, value: info });
  });

  it('turns other codes into errors with the server message, or "API Error {code}"', () => {
    const withMsg = unwrapEnvelope({ ok: true, value: { code: 4001, message: 'credential expired', data: null } }, playerInfoSchema, '/x');
    expect(withMsg).toEqual({ ok: false, error: { code: HttpErrorCode.Api, message: 'credential expired', retryable: false, apiCode: 4001 } });
    const bare = unwrapEnvelope({ ok: true, value: { code: 10001, data: null } }, playerInfoSchema, '/x');
    expect(bare.ok || bare.error.message).toBe('API Error 10001');
  });

  it('refuses answers of the wrong shape instead of trusting them', () => {
    const bad = unwrapEnvelope({ ok: true, value: { code: 200, data: { ...info, player_id: 'X1' } } }, playerInfoSchema, '/x');
    expect(bad.ok || bad.error.code).toBe(HttpErrorCode.BadResponse);
    const notEnvelope = unwrapEnvelope({ ok: true, value: [1, 2] }, playerInfoSchema, '/x');
    expect(notEnvelope.ok || notEnvelope.error.code).toBe(HttpErrorCode.BadResponse);
  });

  it('keeps the HTTP status of an error answer as its code', () => {
    const r = unwrapEnvelope({ ok: false, error: { code: HttpErrorCode.Http, message: 'HTTP 401: Unauthorized', retryable: false, status: 401 } }, playerInfoSchema, '/x');
    expect(r.ok || r.error.apiCode).toBe(401);
  });
});

describe('account-invalid errors (spec 1 §8)', () => {
  const err = (apiCode: number | undefined, message = 'x', code: 'API' | 'HTTP' | 'NETWORK' = 'API') => ({ code, message, retryable: false, apiCode });
  it('are recognised by code', () => {
    for (const c of [401, 403, 404, 4001, 4004, 10001]) expect(isAccountInvalid(err(c))).toBe(true);
    for (const c of [400, 409, 429, 500]) expect(isAccountInvalid(err(c))).toBe(false);
  });
  it('are recognised by message, Chinese or English', () => {
    expect(isAccountInvalid(err(400, 'Player not found'))).toBe(true);
    expect(isAccountInvalid(err(400, '凭证已过期'))).toBe(true);
    expect(isAccountInvalid(err(400, 'amount refused'))).toBe(false);
    expect(isAccountInvalid(err(undefined, 'unauthorized', 'NETWORK'))).toBe(false);
  });
});
