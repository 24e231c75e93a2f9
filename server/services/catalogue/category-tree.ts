// Categories -> the shapes the app reads: the list response's `class` array
// and get_all_categories' info. Only enabled categories are shown (MacCMS
// hides type_status 0); input order (type_sort, then type_id) is kept.

import type { CategoryRow } from './categories';

export interface CategoryItem {
  type_id: number;
  type_pid: number;
  type_name: string;
  type_en: string;
  /** Ours, not MacCMS's: the name per interface language (pt-BR, zh, en, ja, ko); {} when the source gave only type_name. */
  type_names: Record<string, string>;
  type_sort: number;
  type_mid: number;
  type_status: number;
}

export type CategoryNode = CategoryItem & { children: CategoryItem[] };

export interface CategoryInfo {
  parent_categories: CategoryItem[];
  child_categories: CategoryItem[];
  all_categories: CategoryItem[];
  tree_structure: CategoryNode[];
  total: number;
  parent_total: number;
  child_total: number;
}

function toItem(row: CategoryRow): CategoryItem {
  return {
    type_id: row.typeId,
    type_pid: row.typePid,
    type_name: row.typeName,
    type_en: row.typeEn,
    type_names: row.typeNames,
    type_sort: row.typeSort,
    type_mid: row.typeMid,
    type_status: row.typeStatus,
  };
}

/** MacCMS's list `class`: id, parent and name of each category. */
export function classArray(rows: readonly CategoryRow[]): { type_id: number; type_pid: number; type_name: string }[] {
  return rows.filter((r) => r.typeStatus === 1).map((r) => ({ type_id: r.typeId, type_pid: r.typePid, type_name: r.typeName }));
}

/**
 * Parents have type_pid 0; every other category is a child. The tree holds
 * the parents, each with its children; a child whose parent is missing or
 * disabled stays in the flat lists only.
 */
export function categoryInfo(rows: readonly CategoryRow[]): CategoryInfo {
  const all = rows.filter((r) => r.typeStatus === 1).map(toItem);
  const parents = all.filter((c) => c.type_pid === 0);
  const children = all.filter((c) => c.type_pid !== 0);
  return {
    parent_categories: parents,
    child_categories: children,
    all_categories: all,
    tree_structure: parents.map((p) => ({ ...p, children: children.filter((c) => c.type_pid === p.type_id) })),
    total: all.length,
    parent_total: parents.length,
    child_total: children.length,
  };
}
