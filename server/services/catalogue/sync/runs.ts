// The import's record in the database (schema/catalogue-sync.ts): the source,
// one run per import or sync, and the pages a run saved. A full run killed
// midway stays 'running', and one stopped by a shutdown is closed
// 'interrupted'; the next full import of the same source takes either over
// and skips its saved pages. When a run ends, the source's last good sync
// moves to the run's start (what the next `h=` counts from).

import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { catalogueRunPages, catalogueRuns, catalogueSources, RunKind, RunStatus } from '../../../db/schema/catalogue-sync';
import { videos } from '../../../db/schema/catalogue';
import { clearAnswers } from '../response-cache';

export type SourceRow = typeof catalogueSources.$inferSelect;
export type RunRow = typeof catalogueRuns.$inferSelect;

/** The source for this endpoint's host, made on first import; the endpoint is remembered for the scheduler. */
export async function ensureSource(db: Db, endpoint: URL): Promise<SourceRow> {
  const [row] = await db
    .insert(catalogueSources)
    .values({ host: endpoint.host, endpoint: endpoint.href })
    .onConflictDoUpdate({ target: catalogueSources.host, set: { endpoint: endpoint.href } })
    .returning();
  return row;
}

export interface RunStart {
  run: RunRow;
  /** Pages a killed run of this source had saved already: not fetched again. */
  pagesDone: Set<number>;
}

/** Takes over the source's unfinished or interrupted full run (resume), or starts a new run. An unfinished incremental sync is closed as failed. */
export async function startRun(db: Db, source: SourceRow, kind: RunKind, o: { hours: number | null; pageLimit: number | null; now: Date }): Promise<RunStart> {
  await db
    .update(catalogueRuns)
    .set({ status: RunStatus.failed, finishedAt: o.now, errors: 'interrupted before it finished' })
    .where(and(eq(catalogueRuns.sourceId, source.sourceId), eq(catalogueRuns.kind, RunKind.since), eq(catalogueRuns.status, RunStatus.running)));
  if (kind === RunKind.full) {
    const [open] = await db
      .select()
      .from(catalogueRuns)
      .where(and(eq(catalogueRuns.sourceId, source.sourceId), eq(catalogueRuns.kind, RunKind.full), inArray(catalogueRuns.status, [RunStatus.running, RunStatus.interrupted])))
      .orderBy(desc(catalogueRuns.runId))
      .limit(1);
    if (open) {
      const [run] = await db
        .update(catalogueRuns)
        .set({ status: RunStatus.running, finishedAt: null, errors: null, pageLimit: o.pageLimit, updatedAt: o.now })
        .where(eq(catalogueRuns.runId, open.runId))
        .returning();
      const pages = await db.select({ page: catalogueRunPages.page }).from(catalogueRunPages).where(eq(catalogueRunPages.runId, open.runId));
      return { run, pagesDone: new Set(pages.map((p) => p.page)) };
    }
  }
  const [run] = await db.insert(catalogueRuns).values({ sourceId: source.sourceId, kind, hours: o.hours, pageLimit: o.pageLimit, startedAt: o.now, updatedAt: o.now }).returning();
  return { run, pagesDone: new Set() };
}

export interface PageCounts {
  inserted: number;
  updated: number;
  pagecount: number | null;
}

/** Records a saved page (inside the page's transaction, so a page is saved and recorded together or not at all). */
export async function recordPage(db: Db, runId: number, page: number, videoCount: number, c: PageCounts): Promise<void> {
  await db.insert(catalogueRunPages).values({ runId, page, videos: videoCount }).onConflictDoNothing();
  await db
    .update(catalogueRuns)
    .set({
      pagesDone: sql`${catalogueRuns.pagesDone} + 1`,
      videosInserted: sql`${catalogueRuns.videosInserted} + ${c.inserted}`,
      videosUpdated: sql`${catalogueRuns.videosUpdated} + ${c.updated}`,
      pagecount: c.pagecount ?? sql`${catalogueRuns.pagecount}`,
      updatedAt: sql`now()`,
    })
    .where(eq(catalogueRuns.runId, runId));
}

/**
 * Hides the source's videos this completed whole-source run did not see
 * (gone upstream); they stay in the table. Returns how many were marked.
 */
export async function markUnseenGone(db: Db, sourceId: number, runId: number, now: Date): Promise<number> {
  clearAnswers(db);
  const gone = await db
    .update(videos)
    .set({ goneAt: now })
    .where(and(eq(videos.sourceId, sourceId), isNull(videos.goneAt), sql`${videos.seenRunId} is distinct from ${runId}`))
    .returning({ id: videos.vodId });
  clearAnswers(db);
  return gone.length;
}

export interface RunEnd {
  failedPages: number;
  gone: number;
  errors: readonly string[];
  now: Date;
}

/** Closes the run: done when no page failed (the source's last good sync becomes the run's start), else failed. */
export async function finishRun(db: Db, run: RunRow, end: RunEnd, errorsKept: number): Promise<void> {
  const ok = end.failedPages === 0;
  await db
    .update(catalogueRuns)
    .set({
      status: ok ? RunStatus.done : RunStatus.failed,
      finishedAt: end.now,
      updatedAt: end.now,
      pagesFailed: end.failedPages,
      videosGone: end.gone,
      errors: end.errors.length > 0 ? end.errors.slice(0, errorsKept).join('\n') : null,
    })
    .where(eq(catalogueRuns.runId, run.runId));
  if (ok) {
    await db
      .update(catalogueSources)
      .set({ lastSyncAt: run.startedAt })
      .where(and(eq(catalogueSources.sourceId, run.sourceId), sql`(${catalogueSources.lastSyncAt} is null or ${catalogueSources.lastSyncAt} < ${run.startedAt})`));
  }
}

/** Closes a run stopped midway (the server shutting down) as interrupted, saying why; its saved pages stay recorded. */
export async function interruptRun(db: Db, run: RunRow, end: { reason: string; failedPages: number; errors: readonly string[]; now: Date }, errorsKept: number): Promise<void> {
  const errors = [end.reason, ...end.errors].slice(0, errorsKept).join('\n');
  await db
    .update(catalogueRuns)
    .set({ status: RunStatus.interrupted, finishedAt: end.now, updatedAt: end.now, pagesFailed: end.failedPages, errors })
    .where(eq(catalogueRuns.runId, run.runId));
}

/** Every known source, oldest first (the scheduler's order). */
export async function listSources(db: Db): Promise<SourceRow[]> {
  return db.select().from(catalogueSources).orderBy(catalogueSources.sourceId);
}

/** The newest run of a source, if any. */
export async function lastRun(db: Db, sourceId: number): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(catalogueRuns)
    .where(eq(catalogueRuns.sourceId, sourceId))
    .orderBy(desc(catalogueRuns.runId))
    .limit(1);
  return row;
}
