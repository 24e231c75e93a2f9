// Queuing short-video tasks at the same moment (issue 18: N processes behind a
// load balancer, or one process with a pool of connections): the same clip
// asked for in parallel is one task, and generate-all called in parallel
// queues each video once. Without the queue lock (tasks-repo.ts) every caller
// finds no open task and inserts its own, and the workers cut each clip twice.

import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema/catalogue';
import { shortVideoTasks } from '../../server/db/schema/short-videos';
import { asOperator, testAdminToken } from './helpers/admin';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

const parallel = 6;

describe.each(databaseKinds)('short-video queue asked in parallel on %s', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let ids: number[];

  const tasksPerVideo = async () => {
    const rows = await app.db.select({ videoId: shortVideoTasks.videoId, n: count() }).from(shortVideoTasks).groupBy(shortVideoTasks.videoId);
    return new Map(rows.map((r) => [r.videoId, r.n]));
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN: testAdminToken });
    app = t.app;
    // Play URLs on a closed loopback port: the worker's tasks fail fast; the queue is what is under test.
    const rows = await app.db
      .insert(videos)
      .values(Array.from({ length: 20 }, (_, i) => ({ typeId: 1, vodName: `v${i}`, sourceKey: `test:race-${i}`, vodPlayUrl: 'Line 1$http://127.0.0.1:9/none/index.m3u8' })))
      .returning({ id: videos.vodId });
    ids = rows.map((r) => r.id);
  });
  afterAll(async () => t?.close());

  it('the same clip asked for in parallel is one task', async () => {
    const answers = await Promise.all(
      Array.from({ length: parallel }, () => app.inject({ method: 'POST', url: `/api/v2/videos/${ids[0]}/short-videos/generate`, headers: asOperator, payload: {} })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(parallel).fill(202));
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect(answers.filter((a) => a.json().created === true)).toHaveLength(1);
    expect((await tasksPerVideo()).get(ids[0])).toBe(1);
  });

  it('generate-all called in parallel queues every other video exactly once', async () => {
    const answers = await Promise.all(Array.from({ length: parallel }, () => app.inject({ method: 'POST', url: '/api/v2/short-videos/generate-all', headers: asOperator, payload: {} })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(parallel).fill(202));
    // ids[0] may have finished (failed) already, and then is queued again: a failed task is not an open one.
    const created = answers.reduce((n, a) => n + (a.json().data.created as number), 0);
    expect(created).toBeGreaterThanOrEqual(ids.length - 1);
    expect(created).toBeLessThanOrEqual(ids.length);
    const perVideo = await tasksPerVideo();
    for (const id of ids.slice(1)) expect(perVideo.get(id), `video ${id}`).toBe(1);
  });
});
