// Every source's state for the operator (the status route and
// `npm run catalogue:status`): videos shown and gone, the last good sync, and
// the newest run with its outcome.

import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { videos } from '../../../db/schema/catalogue';
import { lastRun, listSources } from './runs';

const runSchema = z.object({
  id: z.number(),
  kind: z.enum(['full', 'since']),
  hours: z.number().nullable(),
  status: z.enum(['running', 'done', 'failed', 'interrupted']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  pagesDone: z.number(),
  pagesFailed: z.number(),
  pagecount: z.number().nullable(),
  videosInserted: z.number(),
  videosUpdated: z.number(),
  videosGone: z.number(),
  errors: z.array(z.string()),
});

export const sourceStatusSchema = z.object({
  host: z.string(),
  endpoint: z.string(),
  lastSyncAt: z.string().nullable(),
  videos: z.object({ shown: z.number(), gone: z.number() }),
  lastRun: runSchema.nullable(),
});

/** The status route's answer. */
export const statusAnswerSchema = z.object({ sources: z.array(sourceStatusSchema) });

export type SourceStatus = z.infer<typeof sourceStatusSchema>;

async function videoCount(db: Db, sourceId: number, gone: boolean): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(videos)
    .where(and(eq(videos.sourceId, sourceId), gone ? isNotNull(videos.goneAt) : isNull(videos.goneAt)));
  return row.n;
}

export async function sourcesStatus(db: Db): Promise<SourceStatus[]> {
  const out: SourceStatus[] = [];
  for (const source of await listSources(db)) {
    const run = await lastRun(db, source.sourceId);
    out.push({
      host: source.host,
      endpoint: source.endpoint,
      lastSyncAt: source.lastSyncAt?.toISOString() ?? null,
      videos: { shown: await videoCount(db, source.sourceId, false), gone: await videoCount(db, source.sourceId, true) },
      lastRun: run
        ? {
            id: run.runId,
            kind: run.kind,
            hours: run.hours,
            status: run.status,
            startedAt: run.startedAt.toISOString(),
            finishedAt: run.finishedAt?.toISOString() ?? null,
            pagesDone: run.pagesDone,
            pagesFailed: run.pagesFailed,
            pagecount: run.pagecount,
            videosInserted: run.videosInserted,
            videosUpdated: run.videosUpdated,
            videosGone: run.videosGone,
            errors: run.errors ? run.errors.split('\n') : [],
          }
        : null,
    });
  }
  return out;
}

export function formatStatus(sources: readonly SourceStatus[]): string {
  if (sources.length === 0) return 'no sources imported yet (npm run catalogue:import -- URL)';
  return sources
    .map((s) => {
      const r = s.lastRun;
      const last = r
        ? `last run ${r.id} (${r.kind === 'since' ? `sync, h=${r.hours}` : 'whole source'}): ${r.status}, started ${r.startedAt}${r.finishedAt ? `, finished ${r.finishedAt}` : ''}, ` +
          `${r.pagesDone}${r.pagecount === null ? '' : `/${r.pagecount}`} pages, ${r.pagesFailed} failed, ${r.videosInserted} inserted, ${r.videosUpdated} updated, ${r.videosGone} gone`
        : 'no run yet';
      const errors = r?.errors.map((e) => `    - ${e}`) ?? [];
      return [`${s.host} (${s.endpoint})`, `  videos: ${s.videos.shown} shown, ${s.videos.gone} gone`, `  last good sync: ${s.lastSyncAt ?? 'never'}`, `  ${last}`, ...errors].join('\n');
    })
    .join('\n');
}
