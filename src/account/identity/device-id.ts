// The device id: made once per browser (it is the identity record's primary
// id, identity-record.ts), validated on every read (spec 1 §5: non-empty, at
// most 64 characters, letters, digits, _ and -).

import { identityConfig } from './config';

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
