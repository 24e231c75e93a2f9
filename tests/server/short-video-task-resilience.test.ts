// Short-video tasks against a source that hiccups (issue 13): a transient
// upstream failure (503, 429) is tried again with a growing pause and the task
// completes; a final one (404) fails at once. And the worker waits for the
// server to listen: a task queued before then stays pending until it does.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { videos } from '../../server/db/schema/catalogue';
import { asOperator, testAdminToken } from './helpers/admin';
import { databaseKinds, openTestDatabase, testConfig, type TestDatabase } from './helpers/test-app';

const film = ['#EXTM3U', '#EXT-X-TARGETDURATION:6', '#EXT-X-PLAYLIST-TYPE:VOD', ...Array.from({ length: 30 }, (_, i) => `#EXTINF:6.0,\nseg_${i}.ts`), '#EXT-X-ENDLIST', ''].join('\n');

let server: Server;
let origin = '';
/** Answers left to fail with 503 before /flaky/ answers. */
let flakyFailures = 0;
let flakyRequests = 0;
let missingRequests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = (req.url ?? '').split('?')[0];
    if (url === '/flaky/index.m3u8') {
      flakyRequests++;
      if (flakyFailures-- > 0) return res.writeHead(503).end('busy');
      return res.writeHead(200, { 'Content-Type': 'application/vnd.apple.mpegurl' }).end(film);
    }
    if (url === '/missing/index.m3u8') missingRequests++;
    res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server?.closeAllConnections();
  server?.close();
});

async function waitForTask(app: FastifyInstance, id: number): Promise<Record<string, unknown>> {
  for (let i = 0; i < 600; i++) {
    const data = (await app.inject({ url: `/api/v2/short-videos/tasks/${id}/status` })).json().data as Record<string, unknown>;
    if (data.status === 'completed' || data.status === 'failed') return data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`task ${id} never ended`);
}

describe.each(databaseKinds)('short-video tasks against a hiccuping source on %s', (kind) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = await buildApp({ config: testConfig({ ADMIN_TOKEN: testAdminToken }), database: db.database, closeDatabase: false });
    for (const key of ['flaky', 'missing']) {
      const [row] = await app.db.insert(videos).values({ typeId: 1, vodName: key, sourceKey: `test:${key}`, vodPlayUrl: `Line 1$${origin}/${key}/index.m3u8` }).returning({ id: videos.vodId });
      ids[key] = row.id;
    }
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('queued before the server listens, a task waits; once it listens, the task runs', async () => {
    await app.ready();
    const queued = await app.inject({ method: 'POST', url: `/api/v2/videos/${ids.flaky}/short-videos/generate`, payload: {}, headers: asOperator });
    expect(queued.statusCode).toBe(202);
    const id = queued.json().data.task_id as number;
    await new Promise((r) => setTimeout(r, 500));
    expect((await app.inject({ url: `/api/v2/short-videos/tasks/${id}/status` })).json().data.status).toBe('pending');
    await app.listen({ port: 0, host: '127.0.0.1' });
    expect(await waitForTask(app, id)).toMatchObject({ status: 'completed' });
  }, 60_000);

  it('a source that answers 503 twice, then the playlist: the task completes after two pauses', async () => {
    flakyFailures = 2;
    flakyRequests = 0;
    const queued = await app.inject({ method: 'POST', url: `/api/v2/videos/${ids.flaky}/short-videos/generate`, payload: { config: { duration: 40 } }, headers: asOperator });
    const done = await waitForTask(app, queued.json().data.task_id);
    expect(done).toMatchObject({ status: 'completed', error_message: null });
    expect(flakyRequests).toBe(3);
  }, 60_000);

  it('a 404 is final: the task fails on the first answer, without retries', async () => {
    missingRequests = 0;
    const queued = await app.inject({ method: 'POST', url: `/api/v2/videos/${ids.missing}/short-videos/generate`, payload: {}, headers: asOperator });
    const done = await waitForTask(app, queued.json().data.task_id);
    expect(done).toMatchObject({ status: 'failed' });
    expect(missingRequests).toBe(1);
  }, 60_000);
});
