// Debug mode and a forced build version (spec 1 §2). Debug mode changes the
// API source; the caller (API config) reads isDebugMode once at start.
// Storage can throw (Safari private mode, disabled storage): treated as empty.

import { oneOf } from './one-of';
import { debugConfig } from './config';
import type { KeyValueStore } from './key-value-store';

export interface DebugLocation {
  search: string;
  hostname: string;
}


export type BuildVersion = (typeof debugConfig.versions)[number];

const TRUE_VALUES = ['true', '1'];

function safeGet(storage: Pick<KeyValueStore, 'getItem'> | null | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (debugConfig.localHosts as readonly string[]).includes(host) || host.endsWith('.localhost');
}

/** debug=true, debug_mode=true|1 in the query or localStorage, or a local host. */
export function isDebugMode(location: DebugLocation, storage: Pick<KeyValueStore, 'getItem'> | null | undefined): boolean {
  const query = new URLSearchParams(location.search);
  if (query.get('debug') === 'true') return true;
  const flag = query.get(debugConfig.debugModeKey) ?? safeGet(storage, debugConfig.debugModeKey);
  if (flag !== null && TRUE_VALUES.includes(flag)) return true;
  return isLocalHost(location.hostname);
}

const isVersion = oneOf<BuildVersion>(debugConfig.versions);

/**
 * The version forced by ?version= (remembered in sessionStorage for the rest of
 * the session), else one remembered earlier in the session, else null (use the
 * build's own variant). Unknown values are ignored.
 */
export function forcedVersion(location: Pick<DebugLocation, 'search'>, session: Pick<KeyValueStore, 'getItem' | 'setItem'> | null | undefined): BuildVersion | null {
  const fromQuery = new URLSearchParams(location.search).get('version');
  if (isVersion(fromQuery)) {
    try {
      session?.setItem(debugConfig.forcedVersionKey, fromQuery);
    } catch {
      // Without storage the version holds for this page load only.
    }
    return fromQuery;
  }
  const stored = safeGet(session, debugConfig.forcedVersionKey);
  return isVersion(stored) ? stored : null;
}
