// The local credential record v2.0 {credential, playerId, deviceId,
// timestamp, version} (spec 1 §3) and its validity rules (spec 1 §4, §5).

import * as z from 'zod/mini';
import { identityConfig, identityKeys } from './config';
import type { KeyValueStore } from '../../lib/key-value-store';

export interface CredentialRecord {
  credential: string;
  playerId: string;
  deviceId: string;
  /** When the credential was stored or last confirmed by the server (ms). */
  timestamp: number;
  version: typeof identityConfig.recordVersion;
}

const recordSchema = z.object({
  credential: z.string(),
  playerId: z.string(),
  deviceId: z.string(),
  timestamp: z.number(),
  version: z.literal(identityConfig.recordVersion),
});

export function makeRecord(credential: string, playerId: string, deviceId: string, now: number): CredentialRecord {
  return { credential, playerId, deviceId, timestamp: now, version: identityConfig.recordVersion };
}

/** Spec 1 §5: credential of 10+ characters and a player id starting with P. */
export function isRecordValid(r: Pick<CredentialRecord, 'credential' | 'playerId'>): boolean {
  return r.credential.length >= identityConfig.minCredentialLength && r.playerId.startsWith(identityConfig.playerIdPrefix);
}

/**
 * fresh: usable as is; stale: older than the basic 7 days, to be confirmed by
 * the server (a network failure may fall back to local validation); expired:
 * older than the strict 30 days, only the server can confirm it.
 */
export type RecordAge = 'fresh' | 'stale' | 'expired';

export function recordAge(r: CredentialRecord, now: number): RecordAge {
  const age = now - r.timestamp;
  if (age >= identityConfig.credentialStrictMaxAgeMs) return 'expired';
  if (age >= identityConfig.credentialBasicMaxAgeMs) return 'stale';
  return 'fresh';
}

/** The stored record when it parses and passes the validity rules; a broken one is removed. */
export function readRecord(store: KeyValueStore): CredentialRecord | null {
  const text = store.getItem(identityKeys.record);
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const r = recordSchema.safeParse(parsed);
  if (!r.success || !isRecordValid(r.data)) {
    store.removeItem(identityKeys.record);
    return null;
  }
  return r.data;
}

export function writeRecord(store: KeyValueStore, record: CredentialRecord): void {
  store.setItem(identityKeys.record, JSON.stringify(record));
}

/** Local identity data dropped on recovery; the device id stays (it names the browser, not the player). */
export function clearRecord(store: KeyValueStore): void {
  store.removeItem(identityKeys.record);
}
