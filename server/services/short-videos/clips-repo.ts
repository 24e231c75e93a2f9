// Stored short videos and their plays.

import { asc, count, countDistinct, desc, eq, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shortVideoPlays, shortVideos } from '../../db/schema/short-videos';

export type ShortVideoRow = typeof shortVideos.$inferSelect;
export type NewShortVideo = typeof shortVideos.$inferInsert;

export type OrderBy = 'created_at' | 'play_count' | 'id';

export interface ListQuery {
  page: number;
  pageSize: number;
  originalId?: number;
  orderBy: OrderBy;
  orderDesc: boolean;
}

const ORDER_COLUMN = { created_at: shortVideos.createdAt, play_count: shortVideos.playCount, id: shortVideos.id } as const;

export async function insertShortVideo(db: Db, row: NewShortVideo): Promise<ShortVideoRow> {
  const [inserted] = await db.insert(shortVideos).values(row).returning();
  return inserted;
}

export async function listShortVideos(db: Db, q: ListQuery): Promise<{ total: number; rows: ShortVideoRow[] }> {
  const where = q.originalId === undefined ? undefined : eq(shortVideos.originalId, q.originalId);
  const dir = q.orderDesc ? desc : asc;
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(shortVideos).where(where),
    db
      .select()
      .from(shortVideos)
      .where(where)
      // id breaks ties so pages never overlap.
      .orderBy(dir(ORDER_COLUMN[q.orderBy]), dir(shortVideos.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  return { total, rows };
}

export async function getShortVideo(db: Db, id: number): Promise<ShortVideoRow | null> {
  const [row] = await db.select().from(shortVideos).where(eq(shortVideos.id, id));
  return row ?? null;
}

export async function deleteShortVideo(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(shortVideos).where(eq(shortVideos.id, id)).returning({ id: shortVideos.id });
    if (gone.length === 0) return false;
    await tx.delete(shortVideoPlays).where(eq(shortVideoPlays.shortVideoId, id));
    return true;
  });
}

export interface PlayInfo {
  ip: string | null;
  userAgent: string | null;
  referer: string | null;
}

/** Counts a play; the new play count, or null when the short video does not exist. */
export async function recordPlay(db: Db, id: number, info: PlayInfo): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(shortVideos)
      .set({ playCount: sql`${shortVideos.playCount} + 1` })
      .where(eq(shortVideos.id, id))
      .returning({ playCount: shortVideos.playCount });
    if (!row) return null;
    await tx.insert(shortVideoPlays).values({ shortVideoId: id, ...info });
    return row.playCount;
  });
}

export interface ClipTotals {
  shortVideos: number;
  originals: number;
  plays: number;
  averageSeconds: number;
}

export async function clipTotals(db: Db): Promise<ClipTotals> {
  const [row] = await db
    .select({
      shortVideos: count(),
      originals: countDistinct(shortVideos.originalId),
      plays: sum(shortVideos.playCount).mapWith(Number),
      averageSeconds: sql<number>`coalesce(avg(${shortVideos.endSec} - ${shortVideos.startSec}), 0)`.mapWith(Number),
    })
    .from(shortVideos);
  return { shortVideos: row.shortVideos, originals: row.originals, plays: row.plays ?? 0, averageSeconds: Math.round(row.averageSeconds * 10) / 10 };
}
