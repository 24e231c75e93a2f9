// Which server the API calls go to. Spec 1 §2: debug mode (debug=true, the
// debug_mode flag, or a local host) changes the API source. A build names its
// sources with VITE_API_BASE (normal) and VITE_DEBUG_API_BASE (debug, e.g. a
// staging server); both default to '' = the server that served the page,
// which is also what a debug session uses when no debug source is named.

import { isDebugMode, type DebugLocation } from '../lib/debug';
import { pageLocalStorage } from '../lib/key-value-store';

export interface ApiSources {
  base: string;
  debugBase: string;
}

export function apiSourceFor(debug: boolean, sources: ApiSources): string {
  const chosen = debug && sources.debugBase ? sources.debugBase : sources.base;
  return chosen.replace(/\/+$/, '');
}

/** The page's API source, read once at start (node tests: no location, the normal source). */
export function pageApiSource(env: Record<string, unknown> = import.meta.env): string {
  const location = (globalThis as { location?: DebugLocation }).location;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const sources = { base: text(env.VITE_API_BASE) || text(env.VITE_PLAYER_API_BASE), debugBase: text(env.VITE_DEBUG_API_BASE) };
  return apiSourceFor(location ? isDebugMode(location, pageLocalStorage()) : false, sources);
}
