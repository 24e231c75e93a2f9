// Stored analytics events: recording a batch and the operator's summary.

import { count, desc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema/analytics';
import { videos } from '../../db/schema/catalogue';
import { analyticsConfig as c } from './config';
import type { AnalyticsEvent } from './events';

export interface RecordResult {
  recorded: number;
  /** Clip starts of videos the catalogue does not hold: a forged id is not counted. */
  ignored: number;
}

/** Stores a parsed batch in one statement; clip starts count only for catalogue videos. */
export async function recordEvents(db: Db, events: readonly AnalyticsEvent[]): Promise<RecordResult> {
  const ids = [...new Set(events.flatMap((e) => (e.kind === 'clip_start' ? [e.videoId] : [])))];
  const known = ids.length === 0 ? new Set<number>() : new Set((await db.select({ id: videos.vodId }).from(videos).where(inArray(videos.vodId, ids))).map((r) => r.id));
  const rows: (typeof analyticsEvents.$inferInsert)[] = [];
  for (const e of events) {
    if (e.kind === 'page_view') rows.push({ kind: e.kind, page: e.page, videoId: null });
    else if (known.has(e.videoId)) rows.push({ kind: e.kind, page: e.page, videoId: e.videoId });
  }
  if (rows.length > 0) await db.insert(analyticsEvents).values(rows);
  return { recorded: rows.length, ignored: events.length - rows.length };
}

export interface AnalyticsSummary {
  totals: { pageViews: number; clipStarts: number };
  /** Events per kind and page. */
  byPage: { kind: string; page: string; count: number }[];
  /** The latest events, newest first. */
  recent: { kind: string; page: string; videoId: number | null; at: string }[];
}

export async function summarize(db: Db): Promise<AnalyticsSummary> {
  const [groups, latest] = await Promise.all([
    db.select({ kind: analyticsEvents.kind, page: analyticsEvents.page, count: count() }).from(analyticsEvents).groupBy(analyticsEvents.kind, analyticsEvents.page),
    db.select().from(analyticsEvents).orderBy(desc(analyticsEvents.id)).limit(c.recentShown),
  ]);
  const total = (kind: string) => groups.filter((g) => g.kind === kind).reduce((n, g) => n + g.count, 0);
  return {
    totals: { pageViews: total('page_view'), clipStarts: total('clip_start') },
    byPage: groups.sort((a, b) => a.kind.localeCompare(b.kind) || a.page.localeCompare(b.page)),
    recent: latest.map((r) => ({ kind: r.kind, page: r.page, videoId: r.videoId, at: r.receivedAt.toISOString() })),
  };
}
