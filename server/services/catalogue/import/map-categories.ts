// Upstream type ids -> local category ids. The rule, in order, for each
// upstream category (parents before their children):
//  1. a local category with the same type_id and the same name is that
//     category (a re-import, or a source sharing our numbering);
//  2. a free type_id is kept as it is;
//  3. the id is taken by another category (a collision): a local category
//     with the same name under the same (mapped) parent is reused, else the
//     category gets the next id above every local and upstream id.
// Rule 3 makes re-imports stable: the renumbered category is found again by
// name. Parents missing upstream make the category top-level (type_pid 0).
// Existing categories keep their local fields (our per-language names
// among them); only parent and sort follow the source. A new category has no
// per-language names: its type_name is the source's truth, not translated.

import type { CategoryRow } from '../categories';

export interface SourceCategory {
  typeId: number;
  typePid: number;
  typeName: string;
  typeSort: number;
}

export interface CategoryMapping {
  /** Upstream type_id -> local type_id, for the categories given. */
  ids: Map<number, number>;
  /** The rows to upsert, whole (existing ones carry their local fields). */
  rows: CategoryRow[];
}

/** Parents first: a category comes after its upstream parent whenever that parent is in the list. */
function parentsFirst(list: readonly SourceCategory[]): SourceCategory[] {
  const byId = new Map(list.map((c) => [c.typeId, c]));
  const done = new Set<number>();
  const out: SourceCategory[] = [];
  const visit = (c: SourceCategory, trail: Set<number>) => {
    if (done.has(c.typeId) || trail.has(c.typeId)) return;
    trail.add(c.typeId);
    const parent = byId.get(c.typePid);
    if (parent && parent !== c) visit(parent, trail);
    done.add(c.typeId);
    out.push(c);
  };
  for (const c of list) visit(c, new Set());
  return out;
}

/**
 * Maps `upstream` against the `local` categories; `known` (upstream -> local
 * ids mapped earlier in the same import) resolves parents not in `upstream`.
 */
export function mapCategories(upstream: readonly SourceCategory[], local: readonly CategoryRow[], known: ReadonlyMap<number, number> = new Map()): CategoryMapping {
  const byId = new Map(local.map((c) => [c.typeId, c]));
  const ids = new Map<number, number>();
  const rows: CategoryRow[] = [];
  let nextId = Math.max(0, ...local.map((c) => c.typeId), ...upstream.map((c) => c.typeId)) + 1;

  for (const u of parentsFirst(upstream)) {
    if (ids.has(u.typeId)) continue;
    const typePid = u.typePid === 0 ? 0 : (ids.get(u.typePid) ?? known.get(u.typePid) ?? 0);
    const sameId = byId.get(u.typeId);
    let target: CategoryRow | undefined;
    let typeId: number;
    if (!sameId || sameId.typeName === u.typeName) {
      target = sameId;
      typeId = u.typeId;
    } else {
      target = [...byId.values()].find((c) => c.typeName === u.typeName && c.typePid === typePid);
      typeId = target ? target.typeId : nextId++;
    }
    const row: CategoryRow = target
      ? { ...target, typePid, typeSort: u.typeSort }
      : { typeId, typePid, typeName: u.typeName, typeEn: '', typeNames: {}, typeSort: u.typeSort, typeMid: 1, typeStatus: 1 };
    byId.set(typeId, row);
    ids.set(u.typeId, typeId);
    rows.push(row);
  }
  return { ids, rows };
}
