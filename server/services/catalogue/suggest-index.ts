// Title suggestions (spec 2 §7 "Suggestions"): the videos whose title starts
// with what the visitor typed, compared through title-fold.ts, in any of the
// title languages, or whose romanised name (vod_en, the pinyin of a Chinese
// title) starts with it.
//
// The titles are held in memory as sorted keys, so an answer is a binary
// search and a short scan whatever the catalogue's size or the number of
// requests: typing is cheap for the visitor and for the server. The index is
// built from the database on first use, rebuilt when this process writes to
// the catalogue (response-cache.ts answersGeneration) and after
// suggestIndexTtlMs (another process's import).

import { videos } from '../../db/schema/catalogue';
import type { Db } from '../../db/client';
import { catalogueConfig } from './config';
import { pickName } from './format';
import { answersGeneration } from './response-cache';
import { foldRomanised, foldTitle } from './title-fold';
import { NAME_FIELDS, visibleVideo } from './video-filter';
import type { NameLanguage } from './vod-query';

const SUGGEST_FIELDS = {
  vodId: videos.vodId,
  ...NAME_FIELDS,
  vodEn: videos.vodEn,
  vodPic: videos.vodPic,
};

export type SuggestRow = {
  vodId: number;
  vodName: string;
  vodNamePt: string | null;
  vodNameEn: string | null;
  vodNameJa: string | null;
  vodNameKo: string | null;
  vodEn: string;
  vodPic: string;
};

/** One suggestion as MacCMS's ajax/suggest lists it. */
export interface SuggestItem {
  id: number;
  name: string;
  en: string;
  pic: string;
}

/** Folded key -> row index, sorted by key. */
type Keys = { key: string; row: number }[];

export interface SuggestIndex {
  rows: SuggestRow[];
  titles: Keys;
  romanised: Keys;
}

const byKey = (a: Keys[number], b: Keys[number]) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.row - b.row);

export function buildSuggestIndex(rows: SuggestRow[]): SuggestIndex {
  const titles: Keys = [];
  const romanised: Keys = [];
  rows.forEach((r, row) => {
    const keys = new Set([r.vodName, r.vodNamePt, r.vodNameEn, r.vodNameJa, r.vodNameKo].map((n) => (n ? foldTitle(n) : '')));
    for (const key of keys) if (key) titles.push({ key, row });
    const roman = foldRomanised(r.vodEn);
    if (roman) romanised.push({ key: roman, row });
  });
  return { rows, titles: titles.sort(byKey), romanised: romanised.sort(byKey) };
}

/** The first position whose key is >= prefix. */
function lowerBound(keys: Keys, prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid].key < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Rows of keys starting with `prefix`, in key order, added to `found` until it holds `limit`. */
function collect(keys: Keys, prefix: string, limit: number, found: Set<number>): void {
  for (let i = lowerBound(keys, prefix); i < keys.length && found.size < limit && keys[i].key.startsWith(prefix); i++) found.add(keys[i].row);
}

/** Up to `limit` videos for `typed`: title prefixes first (alphabetical by folded title), then romanised-name prefixes. */
export function suggest(index: SuggestIndex, typed: string, limit: number, language: NameLanguage | undefined): SuggestItem[] {
  const found = new Set<number>();
  const title = foldTitle(typed);
  if (title) collect(index.titles, title, limit, found);
  const roman = foldRomanised(typed);
  if (roman.length >= catalogueConfig.suggestMinRomanised) collect(index.romanised, roman, limit, found);
  return [...found].map((row) => {
    const r = index.rows[row];
    return { id: r.vodId, name: pickName(r, language), en: r.vodEn, pic: r.vodPic };
  });
}

interface Built {
  at: number;
  generation: number;
  index: Promise<SuggestIndex>;
}

const built = new WeakMap<object, Built>();

/** The database's index: built once and shared by concurrent requests; rebuilt after a write here or when old. */
export function suggestIndexFor(db: Db, now = Date.now()): Promise<SuggestIndex> {
  const generation = answersGeneration(db);
  const hit = built.get(db);
  if (hit && hit.generation === generation && now - hit.at < catalogueConfig.suggestIndexTtlMs) return hit.index;
  const entry: Built = { at: now, generation, index: db.select(SUGGEST_FIELDS).from(videos).where(visibleVideo).then(buildSuggestIndex) };
  built.set(db, entry);
  // A failed build is not kept: the next request tries again.
  entry.index.catch(() => {
    if (built.get(db) === entry) built.delete(db);
  });
  return entry.index;
}
