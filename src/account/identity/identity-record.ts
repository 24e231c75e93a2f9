// The device identity record (spec 1 §3): primaryId, backupIds,
// deviceFingerprints, firstSeenAt, lastSeenAt, sessionCount, isVerified,
// riskScore. The primary id is the device id the player API receives
// (device_id and identity_id). It is kept in three places: the record, the
// plain device-id key (what older builds stored) and a 1-year cookie; when
// they disagree the record's id wins and the others become backup ids, and
// when local storage was cleared the cookie brings the id back.

import * as z from 'zod/mini';
import { identityConfig, identityCookies, identityKeys } from './config';
import type { CookieJar } from './cookies';
import { generateDeviceId, isValidDeviceId } from './device-id';
import type { KeyValueStore } from '../../lib/key-value-store';

export interface IdentityRecord {
  primaryId: string;
  /** Earlier ids of this browser, newest last. */
  backupIds: string[];
  /** Distinct fingerprints this browser showed, newest last (at most 100). */
  deviceFingerprints: string[];
  firstSeenAt: number;
  lastSeenAt: number;
  /** Page starts that loaded this record. */
  sessionCount: number;
  /** The server accepted a player for this identity, and it was seen within the identity expiry. */
  isVerified: boolean;
  /** The client's own risk estimate (0..100) as last sent to the server. */
  riskScore: number;
}

const idSchema = z.string().check(z.refine(isValidDeviceId));
const recordSchema = z.object({
  primaryId: idSchema,
  backupIds: z.array(idSchema),
  deviceFingerprints: z.array(z.string().check(z.maxLength(256))),
  firstSeenAt: z.number(),
  lastSeenAt: z.number(),
  sessionCount: z.number().check(z.int(), z.gte(0)),
  isVerified: z.boolean(),
  riskScore: z.number().check(z.gte(0), z.lte(100)),
});

function readStored(store: KeyValueStore): IdentityRecord | null {
  const text = store.getItem(identityKeys.identity);
  if (text === null) return null;
  try {
    const r = recordSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

const lastN = <T>(list: readonly T[], n: number) => list.slice(Math.max(0, list.length - n));

/** `list` with `item` moved (or added) to the end, at most `max` long. */
function withNewest(list: readonly string[], item: string, max: number): string[] {
  return lastN([...list.filter((x) => x !== item), item], max);
}

export function saveIdentity(store: KeyValueStore, cookies: CookieJar | undefined, record: IdentityRecord): void {
  store.setItem(identityKeys.identity, JSON.stringify(record));
  store.setItem(identityKeys.deviceId, record.primaryId);
  cookies?.set(identityCookies.identity, record.primaryId, identityConfig.identityCookieMaxAgeS);
}

export interface LoadedIdentity {
  record: IdentityRecord;
  /** No copy of an id was found: the identity was made now. */
  created: boolean;
  /** The record had seen this session's fingerprint before. */
  knownFingerprint: boolean;
}

/**
 * A page start: the stored record (or a new one), its ids reconciled across
 * the places they are kept, this session counted and the fingerprint noted.
 * Saved before it is returned.
 */
export function startSession(store: KeyValueStore, cookies: CookieJar | undefined, fingerprint: string | undefined, now: number, random: () => number): LoadedIdentity {
  const stored = readStored(store);
  const plain = store.getItem(identityKeys.deviceId);
  const cookie = cookies?.get(identityCookies.identity) ?? null;
  const found = [stored?.primaryId, plain, cookie].filter((id): id is string => isValidDeviceId(id));
  const primaryId = found[0] ?? generateDeviceId(now, random);
  const others = [...(stored?.backupIds ?? []), ...found].filter((id) => id !== primaryId);
  const fresh = stored !== null && now - stored.lastSeenAt < identityConfig.identityExpiryMs;
  const record: IdentityRecord = {
    primaryId,
    backupIds: lastN([...new Set(others)], identityConfig.maxBackupIds),
    deviceFingerprints: fingerprint ? withNewest(stored?.deviceFingerprints ?? [], fingerprint, identityConfig.maxFingerprints) : (stored?.deviceFingerprints ?? []),
    firstSeenAt: stored?.firstSeenAt ?? now,
    lastSeenAt: now,
    sessionCount: (stored?.sessionCount ?? 0) + 1,
    isVerified: fresh && stored.isVerified,
    riskScore: stored?.riskScore ?? 0,
  };
  saveIdentity(store, cookies, record);
  return { record, created: found.length === 0, knownFingerprint: fingerprint !== undefined && (stored?.deviceFingerprints.includes(fingerprint) ?? false) };
}

/**
 * How sure this browser is that it is a device the server knows (init
 * `confidence`): a verified record that has seen this fingerprint before, a
 * known record that changed (or is no longer verified), or a new one.
 */
export function confidenceOf(loaded: LoadedIdentity): number {
  if (loaded.created) return identityConfig.confidenceNewDevice;
  return loaded.record.isVerified && loaded.knownFingerprint ? identityConfig.confidenceKnownDevice : identityConfig.confidenceChangedDevice;
}
