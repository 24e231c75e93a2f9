// Writes what the import fetched: the source's class list (once), and each
// page whole in one transaction with its record in the run (a page is saved
// and counted as done together, or not at all). Saves run one at a time, in
// the order pages arrive: category numbering (map-categories.ts) depends on
// what was saved before, and concurrent pages must not number the same new
// category twice.

import type { Db } from '../../../db/client';
import { recordPage, type RunRow } from '../sync/runs';
import { upsertCategories, type CategoryRow } from '../categories';
import { importConfig } from '../config';
import { upsertVideos, type UpsertCounts } from '../videos';
import { mapCategories, type CategoryMapping, type SourceCategory } from './map-categories';
import { toVideoInput } from './map-video';
import type { SourcePage } from './page-source';
import type { ImportSummary } from './run';
import type { UpstreamVideo } from './upstream-schema';

export interface CategoryState {
  local: CategoryRow[];
  /** Upstream type_id -> local type_id, the operator's mapping first. */
  ids: Map<number, number>;
  /** The operator's mapping for this source: these upstream categories are never created. */
  mapped: ReadonlyMap<number, number>;
}

interface SaverContext {
  run: RunRow;
  sourceId: number;
  host: string;
  state: CategoryState;
  summary: ImportSummary;
  now: () => Date;
}

type Saved = { ok: true; counts: UpsertCounts } | { ok: false; message: string };

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function add(total: UpsertCounts, counts: UpsertCounts): void {
  total.inserted += counts.inserted;
  total.updated += counts.updated;
}

function remember(state: CategoryState, mapping: CategoryMapping): void {
  for (const [from, to] of mapping.ids) state.ids.set(from, to);
  const byId = new Map(state.local.map((c) => [c.typeId, c]));
  for (const row of mapping.rows) byId.set(row.typeId, row);
  state.local = [...byId.values()];
}

/** Categories the page's videos use that no class list named (a source without class, or a videolist answer). */
function unmappedCategories(items: readonly UpstreamVideo[], state: CategoryState): SourceCategory[] {
  const out = new Map<number, SourceCategory>();
  for (const item of items) {
    if (item.type_id === 0 || state.ids.has(item.type_id) || out.has(item.type_id)) continue;
    out.set(item.type_id, { typeId: item.type_id, typePid: 0, typeName: item.type_name.trim() || `Type ${item.type_id}`, typeSort: 0 });
  }
  return [...out.values()];
}

export function createPageSaver(db: Db, ctx: SaverContext) {
  const { state, summary } = ctx;
  let queue: Promise<unknown> = Promise.resolve();
  let classSaved = false;
  /** Runs `work` after every save queued before it. */
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };

  const saveClasses = (categories: readonly SourceCategory[]) =>
    serial(async () => {
      if (classSaved || categories.length === 0) return;
      const mapping = mapCategories(
        categories.filter((c) => !state.mapped.has(c.typeId)),
        state.local,
        state.ids,
      );
      try {
        add(summary.categories, await upsertCategories(db, mapping.rows));
        remember(state, mapping);
        classSaved = true;
      } catch (err) {
        summary.errors.push(`categories: could not save: ${messageOf(err)}`);
      }
    });

  const savePage = (pg: number, page: SourcePage, pagecount: number | null): Promise<Saved> =>
    serial(async () => {
      const mapping = mapCategories(unmappedCategories(page.items, state), state.local, state.ids);
      const typeIdOf = (upstream: number) => (upstream === 0 ? 0 : (mapping.ids.get(upstream) ?? state.ids.get(upstream) ?? 0));
      const rows = page.items.map((item) => ({
        ...toVideoInput(item, { host: ctx.host, typeId: typeIdOf(item.type_id), utcOffset: importConfig.upstreamUtcOffset, now: ctx.now() }),
        sourceId: ctx.sourceId,
        upstreamId: item.vod_id,
        seenRunId: ctx.run.runId,
      }));
      try {
        const saved = await db.transaction(async (tx) => {
          const categories = await upsertCategories(tx, mapping.rows);
          const videos = await upsertVideos(tx, rows);
          await recordPage(tx, ctx.run.runId, pg, rows.length, { ...videos, pagecount });
          return { categories, videos };
        });
        remember(state, mapping);
        add(summary.categories, saved.categories);
        add(summary.videos, saved.videos);
        return { ok: true, counts: saved.videos };
      } catch (err) {
        return { ok: false, message: messageOf(err) };
      }
    });

  return { saveClasses, savePage };
}
