// Catalogue videos: paged lists, one video, and the upsert used by imports
// and demo content (keyed by source_key, so re-running updates).

import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clearAnswers } from './response-cache';
import { categories, videos } from '../../db/schema/catalogue';
import { shortVideos } from '../../db/schema/short-videos';
import { catalogueConfig } from './config';
import type { ListVideoRecord, VideoRecord } from './format';
import { NAME_FIELDS, videoFilter, visibleVideo } from './video-filter';
import type { VodQuery } from './vod-query';

export type VideoInput = Omit<typeof videos.$inferInsert, 'vodId'>;

export interface UpsertCounts {
  inserted: number;
  updated: number;
}

const typeName = sql<string>`coalesce(${categories.typeName}, '')`;

const LIST_FIELDS = {
  vodId: videos.vodId,
  ...NAME_FIELDS,
  typeId: videos.typeId,
  typeName,
  vodEn: videos.vodEn,
  vodTime: videos.vodTime,
  vodRemarks: videos.vodRemarks,
  vodPlayFrom: videos.vodPlayFrom,
  vodPic: videos.vodPic,
};

// The video's newest clip of the short-video service, if any (spec 1 §3: a catalogue video's short_m3u8_url,
// shortVideoId): the feed plays it without a lookup. Its source is the stream it was cut from (m3u8_url).
const newestClip = <T>(column: typeof shortVideos.id | typeof shortVideos.sourceUrl) =>
  sql<T | null>`(select ${column} from ${shortVideos} where ${shortVideos.originalId} = ${videos.vodId} order by ${shortVideos.createdAt} desc, ${shortVideos.id} desc limit 1)`;

const DETAIL_FIELDS = { ...getTableColumns(videos), typeName, clipId: newestClip<number>(shortVideos.id), clipSource: newestClip<string>(shortVideos.sourceUrl) };

export type VideoPage<T> = { total: number; rows: T[] };

/** One page, newest vod_time first (ties: higher vod_id first). A page past the end has no rows. */
export async function listVideos(db: Db, query: VodQuery & { ac: 'list' }, now?: Date): Promise<VideoPage<ListVideoRecord>>;
export async function listVideos(db: Db, query: VodQuery & { ac: 'detail' }, now?: Date): Promise<VideoPage<VideoRecord>>;
export async function listVideos(db: Db, query: VodQuery, now = new Date()): Promise<VideoPage<ListVideoRecord | VideoRecord>> {
  const where = videoFilter(db, query, now);
  // Both at once: on PostgreSQL they run on two pooled connections.
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(videos).where(where),
    db
      .select(query.ac === 'list' ? LIST_FIELDS : DETAIL_FIELDS)
      .from(videos)
      .leftJoin(categories, eq(categories.typeId, videos.typeId))
      .where(where)
      .orderBy(desc(videos.vodTime), desc(videos.vodId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  return { total, rows };
}

export async function getVideo(db: Db, vodId: number): Promise<VideoRecord | null> {
  const [row] = await db.select(DETAIL_FIELDS).from(videos).leftJoin(categories, eq(categories.typeId, videos.typeId)).where(and(eq(videos.vodId, vodId), visibleVideo));
  return row ?? null;
}

const keep = (column: string) => sql.raw(`coalesce(excluded.${column}, videos.${column})`);
const take = (column: string) => sql.raw(`excluded.${column}`);

/** Local counters: a re-import never resets them (vod_hits counts our plays once the row exists). */
const LOCAL_COUNTERS: ReadonlySet<string> = new Set(['vodHits']);

/**
 * Per-language titles and the duration are filled in locally, not by
 * imports: a row without them keeps the stored values; so do the source
 * columns. Local counters keep theirs. A video written again is not gone.
 * Every other column is the row's (omitted ones take their defaults).
 */
const ON_CONFLICT_SET = {
  ...Object.fromEntries(
    Object.entries(getTableColumns(videos))
      .filter(([key]) => key !== 'vodId' && key !== 'sourceKey' && !LOCAL_COUNTERS.has(key))
      .map(([key, column]) => [key, column.notNull ? take(column.name) : keep(column.name)]),
  ),
  goneAt: sql`null`,
};

/** Inserts or updates by source_key; counts which. Rows sharing a source_key within one call: the last wins. */
export async function upsertVideos(db: Db, rows: readonly VideoInput[]): Promise<UpsertCounts> {
  clearAnswers(db);
  const unique = [...new Map(rows.map((r) => [r.sourceKey, r])).values()];
  const counts: UpsertCounts = { inserted: 0, updated: 0 };
  for (let i = 0; i < unique.length; i += catalogueConfig.upsertChunk) {
    const result = await db
      .insert(videos)
      .values(unique.slice(i, i + catalogueConfig.upsertChunk))
      .onConflictDoUpdate({ target: videos.sourceKey, set: ON_CONFLICT_SET })
      // xmax is 0 on a freshly inserted row version and set on an updated one.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    for (const r of result) counts[r.inserted ? 'inserted' : 'updated']++;
  }
  // Cleared before and after: no answer computed during the write outlives it.
  clearAnswers(db);
  return counts;
}
