// Imports an upstream MacCMS v10 source: categories from the first list
// page's class, then list pages 1..N, each page's details fetched by ids in
// batches and saved in one transaction (a page is written whole or not at
// all). Re-running updates rows by source_key instead of duplicating them.

import type { Db } from '../../../db/client';
import type { UpstreamPolicy } from '../../../net/upstream-policy';
import { listCategories, upsertCategories, type CategoryRow } from '../categories';
import { importConfig } from '../config';
import { upsertVideos, type UpsertCounts } from '../videos';
import type { FetchPolicy } from './fetch-upstream';
import { mapCategories, type CategoryMapping, type SourceCategory } from './map-categories';
import { toVideoInput } from './map-video';
import { readListPage } from './read-answer';
import { fetchDetails, fetchRead, requestUrl } from './requests';
import type { UpstreamVideo } from './upstream-schema';

export interface ImportOptions {
  /** List pages to import (from page 1); fewer when the source has fewer. */
  pages: number;
  /** What the import may fetch: public addresses, plus the exceptions this policy names (server/net/upstream-policy.ts). */
  network: UpstreamPolicy;
  policy?: Partial<FetchPolicy>;
  detailBatchSize?: number;
  now?: () => Date;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface ImportSummary {
  /** The source's host: source keys are '<host>:<vod_id>'. */
  source: string;
  pages: { imported: number; failed: number; available: number | null };
  categories: UpsertCounts;
  videos: UpsertCounts;
  /** Items left out (malformed, or missing from a detail answer); not failures. */
  skipped: string[];
  /** Requests or pages that failed; the import exits 1 when there is any. */
  errors: string[];
}

interface CategoryState {
  local: CategoryRow[];
  ids: Map<number, number>;
}

function remember(state: CategoryState, mapping: CategoryMapping): void {
  for (const [from, to] of mapping.ids) state.ids.set(from, to);
  const byId = new Map(state.local.map((c) => [c.typeId, c]));
  for (const row of mapping.rows) byId.set(row.typeId, row);
  state.local = [...byId.values()];
}

/** Categories the page's videos use that the class list did not name (a source without class). */
function unmappedCategories(items: readonly UpstreamVideo[], state: CategoryState): SourceCategory[] {
  const out = new Map<number, SourceCategory>();
  for (const item of items) {
    if (item.type_id === 0 || state.ids.has(item.type_id) || out.has(item.type_id)) continue;
    out.set(item.type_id, { typeId: item.type_id, typePid: 0, typeName: item.type_name.trim() || `Type ${item.type_id}`, typeSort: 0 });
  }
  return [...out.values()];
}

function add(total: UpsertCounts, counts: UpsertCounts): void {
  total.inserted += counts.inserted;
  total.updated += counts.updated;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function importCatalogue(db: Db, endpoint: URL, options: ImportOptions): Promise<ImportSummary> {
  const policy: FetchPolicy = { timeoutMs: importConfig.requestTimeoutMs, retries: importConfig.retries, retryDelayMs: importConfig.retryDelayMs, network: options.network, ...options.policy };
  const batchSize = options.detailBatchSize ?? importConfig.detailBatchSize;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  const summary: ImportSummary = {
    source: endpoint.host,
    pages: { imported: 0, failed: 0, available: null },
    categories: { inserted: 0, updated: 0 },
    videos: { inserted: 0, updated: 0 },
    skipped: [],
    errors: [],
  };
  const fail = (message: string) => {
    summary.pages.failed++;
    summary.errors.push(message);
    log(message);
  };
  const state: CategoryState = { local: await listCategories(db), ids: new Map() };
  let classSaved = false;

  for (let pg = 1; pg <= options.pages; pg++) {
    if (summary.pages.available !== null && pg > summary.pages.available) break;
    const list = await fetchRead(requestUrl(endpoint, { ac: 'list', pg: String(pg) }), policy, readListPage);
    if (!list.ok) {
      fail(`page ${pg}: ${list.message}`);
      continue;
    }
    summary.skipped.push(...list.skipped);
    summary.pages.available = list.value.pagecount ?? summary.pages.available;

    if (!classSaved && list.value.categories.length > 0) {
      const mapping = mapCategories(list.value.categories, state.local, state.ids);
      try {
        add(summary.categories, await upsertCategories(db, mapping.rows));
        remember(state, mapping);
        classSaved = true;
      } catch (err) {
        summary.errors.push(`categories: could not save: ${messageOf(err)}`);
      }
    }
    // A page past the end: MacCMS answers it with an empty list.
    if (list.value.ids.length === 0) break;

    const details = await fetchDetails(endpoint, list.value.ids, batchSize, policy);
    if (!details.ok) {
      fail(`page ${pg}: ${details.message}`);
      continue;
    }
    summary.skipped.push(...details.skipped);

    const mapping = mapCategories(unmappedCategories(details.value, state), state.local, state.ids);
    const typeIdOf = (upstream: number) => (upstream === 0 ? 0 : (mapping.ids.get(upstream) ?? state.ids.get(upstream) ?? 0));
    const rows = details.value.map((item) => toVideoInput(item, { host: endpoint.host, typeId: typeIdOf(item.type_id), utcOffset: importConfig.upstreamUtcOffset, now: now() }));
    try {
      const saved = await db.transaction(async (tx) => ({ categories: await upsertCategories(tx, mapping.rows), videos: await upsertVideos(tx, rows) }));
      remember(state, mapping);
      add(summary.categories, saved.categories);
      add(summary.videos, saved.videos);
      summary.pages.imported++;
      log(`page ${pg}: ${saved.videos.inserted} inserted, ${saved.videos.updated} updated`);
    } catch (err) {
      fail(`page ${pg}: could not save: ${messageOf(err)}`);
    }
  }
  return summary;
}
