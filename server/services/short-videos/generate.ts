// Making generation tasks for the generate, batch-generate and generate-all
// calls. Only catalogue videos get tasks; asking again while an identical
// task is still open returns that task instead of queueing a second one, also
// when another process is asked at the same moment (tasks-repo.ts: underQueueLock).

import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { videos } from '../../db/schema/catalogue';
import type { ClipRequest } from './clip-request';
import { createTasks, findOpenTask, underQueueLock, videosWithoutClips, type TaskRow } from './tasks-repo';

async function existingVideoIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: videos.vodId }).from(videos).where(inArray(videos.vodId, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/** The task for one video (an open identical one, or a new one); null when the video is not in the catalogue. */
export async function requestClip(db: Db, videoId: number, request: ClipRequest): Promise<{ task: TaskRow; created: boolean } | null> {
  if (!(await existingVideoIds(db, [videoId])).has(videoId)) return null;
  return underQueueLock(db, async (tx) => {
    const open = await findOpenTask(tx, videoId, request);
    if (open) return { task: open, created: false };
    const [task] = await createTasks(tx, [{ videoId, request }]);
    return { task, created: true };
  });
}

export async function requestClips(db: Db, videoIds: readonly number[], request: ClipRequest): Promise<{ tasks: TaskRow[]; missing: number[] }> {
  const unique = [...new Set(videoIds)];
  const known = await existingVideoIds(db, unique);
  const tasks: TaskRow[] = [];
  for (const id of unique.filter((i) => known.has(i))) {
    const r = await requestClip(db, id, request);
    if (r) tasks.push(r.task);
  }
  return { tasks, missing: unique.filter((i) => !known.has(i)) };
}

/** A task for every catalogue video that has no short video and no open task. */
export async function requestAllClips(db: Db, request: ClipRequest): Promise<TaskRow[]> {
  return underQueueLock(db, async (tx) => {
    const ids = await videosWithoutClips(tx);
    return createTasks(
      tx,
      ids.map((videoId) => ({ videoId, request })),
    );
  });
}
