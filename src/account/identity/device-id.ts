// The device id: made once per browser, kept in storage, validated on every
// read (spec 1 §5: non-empty, at most 64 characters, letters, digits, _ and -).

import { identityConfig, identityKeys } from './config';
import type { KeyValueStore } from '../../lib/key-value-store';

export function isValidDeviceId(id: unknown): id is string {
  return typeof id === 'string' && id.length > 0 && id.length <= identityConfig.deviceIdMaxLength && identityConfig.deviceIdPattern.test(id);
}

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

/** 'dev_' + the time in base 36 + random base-36 characters; `random` returns [0, 1). */
export function generateDeviceId(now: number, random: () => number): string {
  let tail = '';
  for (let i = 0; i < identityConfig.deviceIdRandomChars; i++) tail += alphabet[Math.floor(random() * alphabet.length) % alphabet.length];
  return `dev_${now.toString(36)}_${tail}`;
}

/** The stored device id, or a new one saved now; `created` tells which. */
export function loadOrCreateDeviceId(store: KeyValueStore, now: number, random: () => number): { deviceId: string; created: boolean } {
  const stored = store.getItem(identityKeys.deviceId);
  if (isValidDeviceId(stored)) return { deviceId: stored, created: false };
  const deviceId = generateDeviceId(now, random);
  store.setItem(identityKeys.deviceId, deviceId);
  return { deviceId, created: true };
}
