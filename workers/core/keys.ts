// #EXT-X-KEY: reading the tag, and the keys in effect for the segments after it.

import { parseAttributes } from './attributes';
import { IDENTITY_KEYFORMAT, type KeyInfo } from './types';
import type { Resolver } from './url';

/** No key in effect: shared by every clear segment. */
export const NO_KEYS: readonly KeyInfo[] = [];

/**
 * The keys in effect after a KEY tag: METHOD=NONE clears every key; any other
 * replaces the key of its KEYFORMAT and leaves the other formats' keys in effect.
 */
export function withKey(keys: readonly KeyInfo[], key: KeyInfo): readonly KeyInfo[] {
  if (key.method === 'NONE') return NO_KEYS;
  const format = key.keyFormat ?? IDENTITY_KEYFORMAT;
  const at = keys.findIndex((k) => (k.keyFormat ?? IDENTITY_KEYFORMAT) === format);
  if (at < 0) return [...keys, key];
  const next = keys.slice();
  next[at] = key;
  return next;
}

export function parseKey(value: string, resolve: Resolver): KeyInfo {
  const a = parseAttributes(value);
  const key: KeyInfo = { method: (a.METHOD ?? 'NONE').toUpperCase() };
  if (key.method === 'NONE') return key;
  if (a.URI !== undefined) key.uri = resolve(a.URI) ?? a.URI;
  if (a.IV) key.iv = a.IV;
  if (a.KEYFORMAT) key.keyFormat = a.KEYFORMAT;
  if (a.KEYFORMATVERSIONS) key.keyFormatVersions = a.KEYFORMATVERSIONS;
  return key;
}
