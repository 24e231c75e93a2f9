// Generation tasks in the database: they outlive the process. A worker claims
// one atomically (SKIP LOCKED, so processes sharing a PostgreSQL never take
// the same task), and a task left 'running' by a crash is claimed again once
// its lease runs out.

import { and, count, eq, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dbLocks } from '../../db/config';
import { shortVideoTasks, shortVideos } from '../../db/schema/short-videos';
import { videos } from '../../db/schema/catalogue';
import { visibleVideo } from '../catalogue/video-filter';
import type { DbOrTx, Tx } from '../players/db-types';
import type { ClipRequest } from './clip-request';
import { shortVideoConfig, TaskStatus } from './config';

export type TaskRow = typeof shortVideoTasks.$inferSelect;

const open = inArray(shortVideoTasks.status, [TaskStatus.Pending, TaskStatus.Running]);

export async function createTasks(db: DbOrTx, rows: readonly { videoId: number; request: ClipRequest }[]): Promise<TaskRow[]> {
  const out: TaskRow[] = [];
  for (let i = 0; i < rows.length; i += shortVideoConfig.insertChunk) {
    const chunk = rows.slice(i, i + shortVideoConfig.insertChunk).map((r) => ({ videoId: r.videoId, config: r.request }));
    out.push(...(await db.insert(shortVideoTasks).values(chunk).returning()));
  }
  return out;
}

/** A pending or running task for this video asking the same thing (a repeated click makes no second task). */
export async function findOpenTask(db: DbOrTx, videoId: number, request: ClipRequest): Promise<TaskRow | null> {
  const [row] = await db
    .select()
    .from(shortVideoTasks)
    .where(and(eq(shortVideoTasks.videoId, videoId), open, sql`${shortVideoTasks.config} = ${JSON.stringify(request)}::jsonb`))
    .limit(1);
  return row ?? null;
}

/**
 * Runs `queue` in a transaction holding the queue's advisory lock, so looking for an open task and inserting
 * one are a single step for every process sharing the database: two processes asked at once (behind a load
 * balancer) would otherwise both find nothing and queue the same clip twice, and both workers would cut it.
 */
export function underQueueLock<T>(db: Db, queue: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${dbLocks.shortVideoQueue})`);
    return queue(tx);
  });
}

export async function getTask(db: Db, id: number): Promise<TaskRow | null> {
  const [row] = await db.select().from(shortVideoTasks).where(eq(shortVideoTasks.id, id));
  return row ?? null;
}

/** Takes the oldest pending task, or a running one whose lease ran out; counts the attempt. */
export async function claimNextTask(db: Db, leaseMs: number): Promise<TaskRow | null> {
  const stale = sql`now() - make_interval(secs => ${leaseMs / 1000})`;
  const next = db
    .select({ id: shortVideoTasks.id })
    .from(shortVideoTasks)
    .where(or(eq(shortVideoTasks.status, TaskStatus.Pending), and(eq(shortVideoTasks.status, TaskStatus.Running), lt(shortVideoTasks.updatedAt, stale))))
    .orderBy(shortVideoTasks.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(shortVideoTasks)
    .set({ status: TaskStatus.Running, attempts: sql`${shortVideoTasks.attempts} + 1`, updatedAt: sql`now()` })
    .where(inArray(shortVideoTasks.id, next))
    .returning();
  return row ?? null;
}

export async function completeTask(db: Db, id: number, shortVideoId: number): Promise<void> {
  await db.update(shortVideoTasks).set({ status: TaskStatus.Completed, shortVideoId, errorMessage: null, updatedAt: sql`now()` }).where(eq(shortVideoTasks.id, id));
}

export async function failTask(db: Db, id: number, message: string): Promise<void> {
  const errorMessage = message.slice(0, shortVideoConfig.maxErrorLength);
  await db.update(shortVideoTasks).set({ status: TaskStatus.Failed, errorMessage, updatedAt: sql`now()` }).where(eq(shortVideoTasks.id, id));
}

/** Back to pending after an interruption that was not the task's fault (the attempt does not count). */
export async function requeueTask(db: Db, id: number): Promise<void> {
  await db
    .update(shortVideoTasks)
    .set({ status: TaskStatus.Pending, attempts: sql`greatest(${shortVideoTasks.attempts} - 1, 0)`, updatedAt: sql`now()` })
    .where(and(eq(shortVideoTasks.id, id), eq(shortVideoTasks.status, TaskStatus.Running)));
}

/** Every running task back to pending: only for a database no other process can have open (PGlite). */
export async function requeueAllRunning(db: Db): Promise<number> {
  const rows = await db.update(shortVideoTasks).set({ status: TaskStatus.Pending, updatedAt: sql`now()` }).where(eq(shortVideoTasks.status, TaskStatus.Running)).returning({ id: shortVideoTasks.id });
  return rows.length;
}

export async function taskCounts(db: Db): Promise<Record<TaskStatus, number>> {
  const rows = await db.select({ status: shortVideoTasks.status, n: count() }).from(shortVideoTasks).groupBy(shortVideoTasks.status);
  const counts: Record<TaskStatus, number> = { pending: 0, running: 0, completed: 0, failed: 0 };
  for (const r of rows) if (Object.hasOwn(counts, r.status)) counts[r.status as TaskStatus] = r.n;
  return counts;
}

/** Catalogue videos with no short video and no open task (generate-all's work list). */
export async function videosWithoutClips(db: DbOrTx): Promise<number[]> {
  const hasClip = db.select({ id: shortVideos.originalId }).from(shortVideos);
  const hasTask = db.select({ id: shortVideoTasks.videoId }).from(shortVideoTasks).where(open);
  const rows = await db
    .select({ id: videos.vodId })
    .from(videos)
    .where(and(visibleVideo, notInArray(videos.vodId, hasClip), notInArray(videos.vodId, hasTask)))
    .orderBy(videos.vodId);
  return rows.map((r) => r.id);
}
