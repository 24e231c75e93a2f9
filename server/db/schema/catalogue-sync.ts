// Upstream MacCMS sources and their import runs (issue 18): which sources the
// catalogue holds, each run's outcome (the operator's status), and the pages a
// run has saved, so a run stopped midway resumes with the pages not done.

import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const catalogueSources = pgTable('catalogue_sources', {
  sourceId: serial('source_id').primaryKey(),
  /** URL.host of the source (with its port when not the default): videos' source_key starts with it. */
  host: text('host').notNull().unique(),
  /** The API URL last imported from; the scheduler syncs this one. */
  endpoint: text('endpoint').notNull(),
  /** When the last run that completed without failed pages started: `h=` of the next incremental sync counts from here. */
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Run kinds: a whole-source import, or an incremental sync by `h=`. */
export const RunKind = { full: 'full', since: 'since' } as const;
export type RunKind = (typeof RunKind)[keyof typeof RunKind];

/**
 * Run states: running (or killed: a later run of the same source and kind resumes it), done, failed (some pages
 * failed), interrupted (stopped by a server shutting down: a whole-source run is resumed like a killed one).
 */
export const RunStatus = { running: 'running', done: 'done', failed: 'failed', interrupted: 'interrupted' } as const;
export type RunStatus = (typeof RunStatus)[keyof typeof RunStatus];

export const catalogueRuns = pgTable(
  'catalogue_runs',
  {
    runId: serial('run_id').primaryKey(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => catalogueSources.sourceId, { onDelete: 'cascade' }),
    kind: text('kind').$type<RunKind>().notNull(),
    /** The `h=` hours of an incremental sync; null for a full import. */
    hours: integer('hours'),
    /** --pages, when given: the run stops there (and so never marks videos gone). */
    pageLimit: integer('page_limit'),
    status: text('status').$type<RunStatus>().notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last time a process working on the run saved a page (a run whose process died stays 'running'). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The source's newest page count seen. */
    pagecount: integer('pagecount'),
    pagesDone: integer('pages_done').notNull().default(0),
    pagesFailed: integer('pages_failed').notNull().default(0),
    videosInserted: integer('videos_inserted').notNull().default(0),
    videosUpdated: integer('videos_updated').notNull().default(0),
    videosGone: integer('videos_gone').notNull().default(0),
    /** The first errors, one a line; null when none. */
    errors: text('errors'),
  },
  (t) => [index('catalogue_runs_source_idx').on(t.sourceId, t.runId)],
);

export const catalogueRunPages = pgTable(
  'catalogue_run_pages',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => catalogueRuns.runId, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    /** Upstream vod_ids the page saved (for counts on resume: a duplicate across pages is one video). */
    videos: integer('videos').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.runId, t.page] })],
);

