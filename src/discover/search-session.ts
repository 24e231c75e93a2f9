// The search state kept in session storage (spec 2 §2.3): saved before a
// card opens a video from the results, read back on return, cleared when
// search is left. What comes back is parsed like any external data: a
// damaged entry counts as none.

import * as z from 'zod/mini';
import { catalogueVideoSchema, parseItems, type CatalogueVideo } from '../api/catalogue-schemas';
import { discoverConfig } from './config';
import type { DiscoverView } from './discover-route';
import type { KeyValueStore } from '../lib/key-value-store';

export interface SearchSession {
  lastSearchQuery: string;
  searchResults: CatalogueVideo[];
  showSearchResults: boolean;
  searchCurrentPage: number;
  searchPagecount: number;
  searchTotal: number;
  pageState: DiscoverView;
}


const positive = z.catch(z.number().check(z.int(), z.positive()), 1);

const sessionSchema = z.object({
  lastSearchQuery: z.catch(z.string(), ''),
  searchResults: z.catch(z.array(z.unknown()), []),
  showSearchResults: z.catch(z.boolean(), false),
  searchCurrentPage: positive,
  searchPagecount: positive,
  searchTotal: z.catch(z.number().check(z.int(), z.nonnegative()), 0),
  pageState: z.catch(z.enum(['home', 'search', 'category']), 'home'),
});

function browserSession(): KeyValueStore | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function saveSearchSession(state: SearchSession, store: KeyValueStore | null = browserSession()): void {
  try {
    store?.setItem(discoverConfig.sessionKey, JSON.stringify(state));
  } catch {
    // Full or blocked storage: the search simply is not restored.
  }
}

/** The saved search, or null when there is none, it is damaged, or its query is blank (spec 2 §4). */
export function loadSearchSession(store: KeyValueStore | null = browserSession()): SearchSession | null {
  let raw: string | null = null;
  try {
    raw = store?.getItem(discoverConfig.sessionKey) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const r = sessionSchema.safeParse(json);
  if (!r.success) return null;
  const query = r.data.lastSearchQuery.trim();
  if (!query) return null;
  const results = parseItems(catalogueVideoSchema, r.data.searchResults) as CatalogueVideo[];
  return { ...r.data, lastSearchQuery: query, searchResults: results, searchPagecount: Math.max(r.data.searchPagecount, r.data.searchCurrentPage) };
}

export function clearSearchSession(store: KeyValueStore | null = browserSession()): void {
  try {
    store?.removeItem(discoverConfig.sessionKey);
  } catch {
    // Blocked storage holds nothing to clear.
  }
}
