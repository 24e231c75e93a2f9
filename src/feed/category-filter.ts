// The play-source selector (spec 3 §2, §3 "Play source"): 'all' (综合,
// random across every category) plus the catalogue's categories. Pure
// helpers; the feed store holds the selector's state and runs the switch.

import type { Category } from '../api/catalogue-schemas';
import type { LocalizedText } from '../api/localized-text';
import { categoryName } from '../i18n/category-name';

export interface PlaySource {
  /** null for 'all'. */
  id: number | null;
  /** The catalogue's name (type_name); '' when it gave none (shown as 未知分类). */
  name: string;
  /** Our names per language (type_names); {} for a source that gives only type_name. */
  names: LocalizedText;
  type: 'all' | 'category';
}

export const ALL_SOURCE: PlaySource = { id: null, name: '', names: {}, type: 'all' };

export const SourceMessage = {
  all: 'feed:source.all',
  unknown: 'feed:source.unknown',
  switched: 'feed:source.switched',
  switchedAll: 'feed:source.switchedAll',
  switchedUnknown: 'feed:source.switchedUnknown',
  loadCategoryFailed: 'feed:source.loadCategoryFailed',
  networkConnectionFailed: 'feed:source.networkConnectionFailed',
  switchSourceFailed: 'feed:source.switchSourceFailed',
} as const;

/** 'all' first, then one source per category (already filtered and sorted by the client). */
export function sourcesFromCategories(categories: readonly Category[]): PlaySource[] {
  return [ALL_SOURCE, ...categories.map((c): PlaySource => ({ id: c.type_id, name: c.type_name.trim(), names: { ...c.type_names }, type: 'category' }))];
}

/** What to show for a source in `language`: an i18n key (综合 / 未知分类) or the category's name (the rule discover uses too). */
export function sourceLabel(source: PlaySource, language: string): { key: string } | { text: string } {
  if (source.type === 'all') return { key: SourceMessage.all };
  const name = categoryName({ type_name: source.name, type_names: source.names }, language);
  return name ? { text: name } : { key: SourceMessage.unknown };
}

export const sameSource = (a: PlaySource, b: PlaySource): boolean => a.type === b.type && a.id === b.id;

/** Selecting the current source only closes the selector (spec 3 §2). */
export function selectionAction(current: PlaySource, target: PlaySource): 'close' | 'switch' {
  return sameSource(current, target) ? 'close' : 'switch';
}

/** The category-load failure message: a network failure reads as such, anything else as a load failure. */
export function categoryErrorKey(error: { code: string }): string {
  return error.code === 'NETWORK' || error.code === 'TIMEOUT' ? SourceMessage.networkConnectionFailed : SourceMessage.loadCategoryFailed;
}
