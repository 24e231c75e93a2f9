// Imports an upstream MacCMS v10 source, the whole of it unless a page limit
// is given, or (sinceLast) what changed since its last good sync (`h=`).
// Pages are fetched a few at a time (p-limit), every request paced to a rate;
// each page is saved in one transaction together with its record in the run
// (sync/runs.ts), so a run killed midway resumes with the pages not done.
// The page count is re-read from every answer (a source growing mid-import is
// followed); an empty page ends the source. Re-running updates rows by
// source_key instead of duplicating them; a completed whole-source run hides
// the source's videos it did not see. A signal stops it midway (the server
// shutting down): requests in flight are cancelled, no page is started, the
// saves under way finish, and the run is closed as interrupted before it returns.

import pLimit from 'p-limit';
import type { Db } from '../../../db/client';
import { RunKind } from '../../../db/schema/catalogue-sync';
import type { UpstreamPolicy } from '../../../net/upstream-policy';
import { listCategories } from '../categories';
import { importConfig } from '../config';
import type { UpsertCounts } from '../videos';
import { ensureSource, finishRun, interruptRun, markUnseenGone, startRun } from '../sync/runs';
import type { CategoryMapFile } from './category-map-file';
import type { FetchPolicy } from './fetch-upstream';
import { createPacer } from './pacer';
import { fetchClasses, fetchPage, probeMode, type PageQuery, type SourcePage } from './page-source';
import type { Read } from './read-answer';
import { createPageSaver, type CategoryState } from './save-page';

export interface ImportOptions {
  /** At most this many pages (from page 1); absent: the whole source. */
  pages?: number;
  /** Only what changed since the source's last good sync (MacCMS `h=`); a source never synced is imported whole. */
  sinceLast?: boolean;
  /** What the import may fetch: public addresses, plus the exceptions this policy names (server/net/upstream-policy.ts). */
  network: UpstreamPolicy;
  policy?: Partial<FetchPolicy>;
  detailBatchSize?: number;
  /** Pages in flight at once (importConfig.concurrency). */
  concurrency?: number;
  /** Requests a second to the source (importConfig.requestsPerSecond); 0: unpaced. */
  requestsPerSecond?: number;
  /** The operator's category mapping (category-map-file.ts), validated by the caller. */
  categoryMap?: CategoryMapFile;
  now?: () => Date;
  /** Failures and notable events, one line each. */
  log?: (line: string) => void;
  /** Also a line per saved page (the server's stream; a terminal gets onProgress instead). */
  logPages?: boolean;
  /** After each page: how far the run is. */
  onProgress?: (p: ImportProgress) => void;
  /** Stops the import midway; its reason (an Error's message or a string) is recorded with the run. */
  signal?: AbortSignal;
}

export interface ImportProgress {
  /** Pages of this run saved, resumed ones included. */
  pagesDone: number;
  /** Pages the run will fetch at most, when known. */
  pagesTotal: number | null;
  /** Videos written by this process. */
  videos: number;
  failed: number;
}

export interface ImportSummary {
  /** The source's host: source keys are '<host>:<vod_id>'. */
  source: string;
  /** The run (catalogue_runs): a full import or an incremental sync (`h=` hours), and the pages a resumed run had done before. */
  run: { id: number; kind: RunKind; hours: number | null; resumedPages: number };
  pages: { imported: number; failed: number; available: number | null };
  categories: UpsertCounts;
  videos: UpsertCounts;
  /** Videos of the source a completed whole-source run did not see, now hidden. */
  gone: number;
  /** Items left out (malformed, or missing from a detail answer); not failures. */
  skipped: string[];
  /** Requests or pages that failed; the import exits 1 when there is any. */
  errors: string[];
}

const HOUR_MS = 3_600_000;

function stopReason(signal: AbortSignal): string {
  const r: unknown = signal.reason;
  return r instanceof Error ? r.message : typeof r === 'string' ? r : 'it was stopped';
}

export async function importCatalogue(db: Db, endpoint: URL, options: ImportOptions): Promise<ImportSummary> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  const limit = options.pages ?? Number.POSITIVE_INFINITY;
  const policy: FetchPolicy = {
    timeoutMs: importConfig.requestTimeoutMs,
    retries: importConfig.retries,
    retryDelayMs: importConfig.retryDelayMs,
    network: options.network,
    pace: createPacer(options.requestsPerSecond ?? importConfig.requestsPerSecond),
    ...options.policy,
    signal: options.signal,
  };
  const aborted = () => options.signal?.aborted === true;

  const source = await ensureSource(db, endpoint);
  let kind: RunKind = RunKind.full;
  let hours: number | null = null;
  if (options.sinceLast && source.lastSyncAt) {
    kind = RunKind.since;
    hours = Math.ceil((now().getTime() - source.lastSyncAt.getTime()) / HOUR_MS) + importConfig.syncMarginHours;
  } else if (options.sinceLast) log(`${endpoint.host} has no completed import yet: importing the whole source`);
  const { run, pagesDone } = await startRun(db, source, kind, { hours, pageLimit: options.pages ?? null, now: now() });

  const summary: ImportSummary = {
    source: endpoint.host,
    run: { id: run.runId, kind, hours, resumedPages: pagesDone.size },
    pages: { imported: 0, failed: 0, available: null },
    categories: { inserted: 0, updated: 0 },
    videos: { inserted: 0, updated: 0 },
    gone: 0,
    skipped: [],
    errors: [],
  };
  if (pagesDone.size > 0) log(`resuming run ${run.runId}: ${pagesDone.size} page${pagesDone.size === 1 ? '' : 's'} already saved`);
  if (hours !== null) log(`asking for what changed in the last ${hours} hours`);

  const mapped = options.categoryMap?.get(endpoint.host.toLowerCase()) ?? new Map<number, number>();
  const state: CategoryState = { local: await listCategories(db), ids: new Map(mapped), mapped };
  const missing = [...mapped].filter(([, to]) => !state.local.some((c) => c.typeId === to));
  if (missing.length > 0) {
    summary.errors.push(`category map: ${missing.map(([from, to]) => `${endpoint.host} ${from} -> ${to}`).join(', ')}: no such local category`);
    await finishRun(db, run, { failedPages: 1, gone: 0, errors: summary.errors, now: now() }, importConfig.errorsKept);
    return summary;
  }

  const q: PageQuery = { endpoint, hours, batchSize: options.detailBatchSize ?? importConfig.detailBatchSize, policy };
  const saver = createPageSaver(db, { run, sourceId: source.sourceId, host: endpoint.host, state, summary, now });
  let available: number | null = null;
  let emptyAt = Number.POSITIVE_INFINITY;
  let reached = Math.max(0, ...pagesDone);
  let failedInARow = 0;
  let stopped = false;
  const progress = () =>
    options.onProgress?.({
      pagesDone: pagesDone.size,
      pagesTotal: available === null ? null : Math.min(limit, available),
      videos: summary.videos.inserted + summary.videos.updated,
      failed: summary.pages.failed,
    });

  const fail = (message: string) => {
    summary.pages.failed++;
    summary.errors.push(message);
    log(message);
  };

  async function onPage(pg: number, read: Read<SourcePage>): Promise<void> {
    // Stopped: a cancelled request is no failure of the page, and a page that arrived is not started on.
    if (aborted()) return;
    if (!read.ok) {
      fail(`page ${pg}: ${read.message}`);
      if (++failedInARow >= importConfig.failedPagesInARow && !stopped) {
        stopped = true;
        fail(`stopped after ${failedInARow} pages failed in a row: run the same import again later to resume`);
      }
      return progress();
    }
    failedInARow = 0;
    summary.skipped.push(...read.skipped);
    const page = read.value;
    if (page.pagecount !== undefined) summary.pages.available = available = page.pagecount;
    if (page.categories.length > 0) await saver.saveClasses(page.categories);
    // A page past the end: MacCMS answers it with an empty list.
    if (page.ids.length === 0) {
      emptyAt = Math.min(emptyAt, pg);
      return progress();
    }
    // Without a page count, only a page that answered says there may be one more.
    reached = Math.max(reached, pg);
    const saved = await saver.savePage(pg, page, available);
    if (saved.ok) {
      pagesDone.add(pg);
      summary.pages.imported++;
      if (options.logPages) log(`page ${pg}: ${saved.counts.inserted} inserted, ${saved.counts.updated} updated`);
    } else fail(`page ${pg}: could not save: ${saved.message}`);
    progress();
  }

  const first = Array.from({ length: pagesDone.size + 1 }, (_, i) => i + 1).find((pg) => !pagesDone.has(pg)) ?? 1;
  if (first <= limit) {
    const probe = await probeMode(q, first);
    if (probe.endpoint !== q.endpoint) log(`${endpoint.host} does not answer MacCMS JSON: reading its XML answers (at=xml)`);
    q.endpoint = probe.endpoint;
    if (probe.pagecount !== undefined) summary.pages.available = available = probe.pagecount;
    if (probe.mode === 'videolist') await saver.saveClasses(await fetchClasses(q));
    await onPage(first, probe.page ?? (await fetchPage(q, probe.mode, first)));

    // Pages up to the newest page count (or, without one, one past the furthest page reached), never past an empty page or the limit.
    const bound = () => Math.min(limit, emptyAt - 1, available ?? reached + 1);
    const started = new Set([first]);
    const limiter = pLimit(options.concurrency ?? importConfig.concurrency);
    for (;;) {
      const batch: number[] = [];
      for (let pg = 1; pg <= bound(); pg++) if (!started.has(pg) && !pagesDone.has(pg)) batch.push(pg);
      if (batch.length === 0 || stopped || aborted()) break;
      await Promise.all(
        batch.map((pg) => {
          started.add(pg);
          return limiter(async () => {
            if (stopped || aborted() || pg > bound()) return;
            await onPage(pg, await fetchPage(q, probe.mode, pg));
          });
        }),
      );
    }
  }

  if (options.signal && aborted()) {
    const next = kind === RunKind.full ? 'the next import of the source resumes with the pages not done' : 'the next sync asks again';
    const reason = `interrupted: ${stopReason(options.signal)}; ${next}`;
    log(reason);
    await interruptRun(db, run, { reason, failedPages: summary.pages.failed, errors: summary.errors, now: now() }, importConfig.errorsKept);
    summary.errors.push(reason);
    return summary;
  }

  // Whole source seen, nothing failed: what it no longer has is gone.
  const whole = kind === RunKind.full && summary.pages.failed === 0 && !stopped && (options.pages === undefined || (available !== null && options.pages >= available));
  if (whole && pagesDone.size > 0) {
    summary.gone = await markUnseenGone(db, source.sourceId, run.runId, now());
    if (summary.gone > 0) log(`${summary.gone} video${summary.gone === 1 ? '' : 's'} no longer at the source: hidden`);
  }
  await finishRun(db, run, { failedPages: summary.pages.failed, gone: summary.gone, errors: summary.errors, now: now() }, importConfig.errorsKept);
  return summary;
}
