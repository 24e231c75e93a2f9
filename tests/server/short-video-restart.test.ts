// Generation tasks outlive the app: a task interrupted by a shutdown, or left
// 'running' by a crash, is run by the next app on the same database (the same
// PGlite directory, or the same PostgreSQL database).

import { createServer, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { videos } from '../../server/db/schema/catalogue';
import { shortVideoTasks } from '../../server/db/schema/short-videos';
import { asOperator, testAdminToken } from './helpers/admin';
import { databaseKinds, openTestDatabase, testConfig, type TestDatabase } from './helpers/test-app';

function film(dir: string): string {
  const lines = ['#EXTM3U', '#EXT-X-TARGETDURATION:6', '#EXT-X-PLAYLIST-TYPE:VOD'];
  for (let i = 0; i < 30; i++) lines.push('#EXTINF:6.0,', `${dir}/seg_${String(i).padStart(3, '0')}.ts`);
  return [...lines, '#EXT-X-ENDLIST', ''].join('\n');
}

let server: Server;
let origin: string;
/** While true, /slow/ never answers, so its task stays running. */
let holdSlow = true;
let slowRequests = 0;

beforeAll(async () => {
  const send = (res: ServerResponse, text: string) => res.writeHead(200, { 'Content-Type': 'application/vnd.apple.mpegurl' }).end(text);
  server = createServer((req, res) => {
    if (req.url === '/slow/index.m3u8') {
      slowRequests++;
      if (!holdSlow) send(res, film('/slow'));
    } else if (req.url === '/plain/index.m3u8') send(res, film('/plain'));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server?.closeAllConnections();
  server?.close();
});

async function statusOf(app: FastifyInstance, id: number): Promise<Record<string, any>> {
  return (await app.inject({ method: 'GET', url: `/api/v2/short-videos/tasks/${id}/status` })).json().data;
}

async function waitFor(app: FastifyInstance, id: number, statuses: string[]): Promise<Record<string, any>> {
  const until = Date.now() + 15_000;
  for (;;) {
    const data = await statusOf(app, id);
    if (statuses.includes(data.status)) return data;
    if (Date.now() > until) throw new Error(`task ${id} is still ${data.status}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

describe.each(databaseKinds)('tasks across restarts on %s', (kind) => {
  let holder: TestDatabase | undefined;
  let reopen: () => Promise<Database>;
  const config = testConfig({ ADMIN_TOKEN: testAdminToken });
  const ids: Record<string, number> = {};
  let app: FastifyInstance | null = null;

  const start = async () => {
    app = await buildApp({ config, database: await reopen() });
    // As npm start does: the task worker starts once the server listens.
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };
  const stop = async () => {
    await app?.close();
    app = null;
  };
  /** Direct access to the database while no app runs. */
  const withDb = async <T>(fn: (db: Database['db']) => Promise<T>): Promise<T> => {
    const database = await reopen();
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    if (kind === 'pglite') {
      const dir = path.join(mkdtempSync(path.join(tmpdir(), 'clipfeed-restart-')), 'pglite');
      reopen = () => openDatabase({ pgliteDir: dir });
    } else {
      holder = await openTestDatabase('postgres');
      const url = holder.url!;
      reopen = () => openDatabase({ databaseUrl: url, poolSize: 4 });
    }
    await withDb(async (db) => {
      for (const key of ['slow', 'plain']) {
        const [row] = await db.insert(videos).values({ typeId: 1, vodName: key, sourceKey: `test:${key}`, vodPlayUrl: `Line 1$${origin}/${key}/index.m3u8` }).returning({ id: videos.vodId });
        ids[key] = row.id;
      }
    });
  });
  afterAll(async () => {
    await stop();
    await holder?.drop();
  });

  it('puts a task interrupted by a shutdown back to pending, and the next app completes it', async () => {
    holdSlow = true;
    const first = await start();
    const res = await first.inject({ method: 'POST', url: `/api/v2/videos/${ids.slow}/short-videos/generate`, payload: {}, headers: asOperator });
    const taskId = res.json().data.task_id as number;
    await waitFor(first, taskId, ['running']);
    // Asking again while it runs gives the same task.
    const again = (await first.inject({ method: 'POST', url: `/api/v2/videos/${ids.slow}/short-videos/generate`, payload: {}, headers: asOperator })).json();
    expect(again).toMatchObject({ created: false, data: { task_id: taskId, status: 'running' } });
    await stop();

    const [row] = await withDb((db) => db.select().from(shortVideoTasks).where(eq(shortVideoTasks.id, taskId)));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, shortVideoId: null });

    holdSlow = false;
    const before = slowRequests;
    const second = await start();
    expect(await waitFor(second, taskId, ['completed', 'failed'])).toMatchObject({ status: 'completed', attempts: 1 });
    expect(slowRequests).toBeGreaterThan(before);
    await stop();
  });

  it('runs a task a crash left running, fails one that crashed the server every time, and leaves a live lease alone', async () => {
    const [crashed, exhausted, live] = await withDb(async (db) => {
      // A crash leaves 'running' behind. On PostgreSQL another process may be running it: only an expired lease proves the crash.
      const when = kind === 'postgres' ? sql`now() - interval '10 minutes'` : sql`now()`;
      const rows = await db
        .insert(shortVideoTasks)
        .values([
          { videoId: ids.plain, status: 'running', attempts: 1, config: { kind: 'auto' }, updatedAt: when },
          { videoId: ids.plain, status: 'running', attempts: 3, config: { kind: 'auto' }, updatedAt: when },
          { videoId: ids.plain, status: 'running', attempts: 1, config: { kind: 'auto' }, updatedAt: sql`now()` },
        ])
        .returning({ id: shortVideoTasks.id });
      return rows.map((r) => r.id);
    });
    const next = await start();
    expect(await waitFor(next, crashed, ['completed', 'failed'])).toMatchObject({ status: 'completed', attempts: 2 });
    expect(await waitFor(next, exhausted, ['completed', 'failed'])).toMatchObject({
      status: 'failed',
      error_message: 'Gave up after 3 attempts: the server stopped while running this task each time.',
    });
    // PGlite's directory is this process's alone, so every task left running is an orphan; PostgreSQL waits for the lease.
    if (kind === 'pglite') expect((await waitFor(next, live, ['completed', 'failed'])).status).toBe('completed');
    else expect((await statusOf(next, live)).status).toBe('running');
    await stop();
  });
});
