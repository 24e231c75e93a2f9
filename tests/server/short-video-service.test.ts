// The short-video service end to end: tasks made over HTTP, run by the
// in-process worker against playlists served by a loopback HTTP server.

import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema/catalogue';
import { shortVideoPlays } from '../../server/db/schema/short-videos';
import { asOperator, testAdminToken } from './helpers/admin';
import { filmWithAds as film } from './helpers/film-with-ads';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

/** `count` film segments of 6 s in `dir`, with a 3 x 5 s ad pod from /ads/ as pre-roll, after film segment `mid` and as post-roll. */
const filmWithAds = (dir: string, count: number, mid: number | null) => film(dir, { count, mid, postRoll: true });

const master = ['#EXTM3U', '#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=426x240', 'low/index.m3u8', '#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=640x360', 'high/index.m3u8', ''].join('\n');

let server: Server;
let origin: string;
/** While true, /slow/ never answers (a task stays running). */
let holdSlow = true;

beforeAll(async () => {
  const send = (res: ServerResponse, text: string) => res.writeHead(200, { 'Content-Type': 'application/vnd.apple.mpegurl' }).end(text);
  server = createServer((req, res) => {
    const url = (req.url ?? '').split('?')[0];
    if (url === '/long/master.m3u8') send(res, master);
    else if (url === '/long/low/index.m3u8') send(res, filmWithAds('/long/low', 40, 20));
    else if (url === '/long/high/index.m3u8') send(res, filmWithAds('/long/high', 40, 20));
    else if (url === '/plain/index.m3u8') send(res, filmWithAds('/plain', 30, null));
    else if (url === '/slow/index.m3u8') {
      if (!holdSlow) send(res, filmWithAds('/slow', 30, null));
    } else res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server?.closeAllConnections();
  server?.close();
});

type Json = Record<string, any>;

async function addVideo(app: FastifyInstance, key: string, playPath: string): Promise<number> {
  const [row] = await app.db
    .insert(videos)
    .values({ typeId: 1, vodName: `中 ${key}`, vodNamePt: `Vídeo ${key}`, sourceKey: `test:${key}`, vodPlayUrl: `Line 1$${origin}${playPath}` })
    .returning({ id: videos.vodId });
  return row.id;
}

async function waitForTask(app: FastifyInstance, id: number, statuses = ['completed', 'failed']): Promise<Json> {
  const until = Date.now() + 15_000;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/api/v2/short-videos/tasks/${id}/status` });
    const data = res.json().data as Json;
    if (statuses.includes(data.status)) return data;
    if (Date.now() > until) throw new Error(`task ${id} is still ${data.status}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

/** A POST as the operator (the writes need the token; play recording ignores it). */
const post = (app: FastifyInstance, url: string, payload?: object) => app.inject({ method: 'POST', url, payload: payload ?? {}, headers: asOperator });

/** Film segment numbers of a clip playlist, checking every URI is a film segment of one directory. */
function filmSegments(text: string, dir: string): number[] {
  const uris = text.split('\n').filter((l) => l && !l.startsWith('#'));
  for (const u of uris) expect(u).toMatch(new RegExp(`^${origin}${dir}/seg_\\d{3}\\.ts$`));
  return uris.map((u) => Number(/seg_(\d+)\.ts$/.exec(u)![1]));
}

describe.each(databaseKinds)('short-video service on %s', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN: testAdminToken });
    app = t.app;
    ids.long = await addVideo(app, 'long', '/long/master.m3u8');
    ids.plain = await addVideo(app, 'plain', '/plain/index.m3u8');
    ids.broken = await addVideo(app, 'broken', '/broken/index.m3u8');
  });
  afterAll(async () => t?.close());

  it('generates: pending -> completed, a 30-75 s clip of one variant\'s film segments, no ad segment', async () => {
    const res = await post(app, `/api/v2/videos/${ids.long}/short-videos/generate`);
    expect(res.statusCode).toBe(202);
    const queued = res.json();
    expect(queued).toMatchObject({ success: true, created: true, data: { video_id: ids.long, status: 'pending', error_message: null, short_video_id: null } });
    const done = await waitForTask(app, queued.data.task_id);
    expect(done).toMatchObject({ status: 'completed', error_message: null, attempts: 1 });

    const clip = (await app.inject({ method: 'GET', url: `/api/v2/short-videos/${done.short_video_id}` })).json().data as Json;
    expect(clip).toMatchObject({ id: done.short_video_id, original_id: ids.long, title: 'Vídeo long', m3u8_url: `/api/v2/short-videos/${done.short_video_id}/index.m3u8`, ad_segments: 9 });
    expect(clip.duration).toBeGreaterThanOrEqual(30);
    expect(clip.duration).toBeLessThanOrEqual(75);
    expect(clip.source_url).toMatch(new RegExp(`^${origin}/long/(low|high)/index\\.m3u8$`));

    const playlist = await app.inject({ method: 'GET', url: clip.m3u8_url });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.body).not.toContain('/ads/');
    const dir = new URL(clip.source_url).pathname.replace('/index.m3u8', '');
    const numbers = filmSegments(playlist.body, dir);
    expect(numbers.length).toBeGreaterThanOrEqual(3);
    expect(numbers.length).toBeLessThanOrEqual(8);
    // Consecutive film segments, and the stored window is theirs on the clean timeline (film segment i starts at 6i).
    expect(numbers).toEqual(numbers.map((_n, i) => numbers[0] + i));
    expect([clip.start, clip.end]).toEqual([numbers[0] * 6, (numbers.at(-1)! + 1) * 6]);
    const seconds = [...playlist.body.matchAll(/#EXTINF:([\d.]+),/g)].reduce((s, m) => s + Number(m[1]), 0);
    expect(seconds).toBeCloseTo(clip.duration, 6);
  });

  it('cuts an explicit range or a duration as whole segments', async () => {
    const range = await post(app, `/api/v2/videos/${ids.plain}/short-videos/generate`, { config: { start: 50, end: 70 } });
    const byRange = await waitForTask(app, range.json().data.task_id);
    const a = (await app.inject({ method: 'GET', url: `/api/v2/short-videos/${byRange.short_video_id}` })).json().data as Json;
    expect([a.start, a.end]).toEqual([48, 72]);
    expect(filmSegments((await app.inject({ method: 'GET', url: a.m3u8_url })).body, '/plain')).toEqual([8, 9, 10, 11]);

    const duration = await post(app, `/api/v2/videos/${ids.plain}/short-videos/generate`, { config: { duration: 40, seed: 7 } });
    const byDuration = await waitForTask(app, duration.json().data.task_id);
    const b = (await app.inject({ method: 'GET', url: `/api/v2/short-videos/${byDuration.short_video_id}` })).json().data as Json;
    expect(b.duration).toBe(42);
    expect(b.end).toBeLessThanOrEqual(180);
  });

  it('records why a task failed: an upstream error, a range outside the video', async () => {
    const broken = await post(app, `/api/v2/videos/${ids.broken}/short-videos/generate`);
    expect(await waitForTask(app, broken.json().data.task_id)).toMatchObject({ status: 'failed', short_video_id: null, error_message: `Upstream answered HTTP 404 for ${origin}/broken/index.m3u8.` });
    const outside = await post(app, `/api/v2/videos/${ids.plain}/short-videos/generate`, { config: { start: 1000, end: 1010 } });
    expect(await waitForTask(app, outside.json().data.task_id)).toMatchObject({ status: 'failed', error_message: 'The range 1000-1010 s is outside the video without ads (0-180 s).' });
  });

  it('rejects bad requests with 400 and unknown videos with 404', async () => {
    const bad: [string, object][] = [
      [`/api/v2/videos/${ids.plain}/short-videos/generate`, { config: { end: 10 } }],
      [`/api/v2/videos/${ids.plain}/short-videos/generate`, { config: { duration: 10 } }],
      [`/api/v2/videos/${ids.plain}/short-videos/generate`, { config: { start: 5 } }],
      [`/api/v2/videos/${ids.plain}/short-videos/generate`, { config: { start: 10, end: 5 } }],
      [`/api/v2/videos/${ids.plain}/short-videos/generate`, { config: { from: 10 } }],
      ['/api/v2/videos/abc/short-videos/generate', {}],
      ['/api/v2/videos/0/short-videos/generate', {}],
      ['/api/v2/short-videos/batch-generate', { video_ids: [] }],
      ['/api/v2/short-videos/batch-generate', { video_ids: ['1'] }],
    ];
    for (const [url, payload] of bad) {
      const res = await post(app, url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'VALIDATION' });
    }
    const unknown = await post(app, '/api/v2/videos/999999/short-videos/generate');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Video 999999 is not in the catalogue.', error: 'NOT_FOUND' });
    expect((await app.inject({ method: 'GET', url: '/api/v2/short-videos/tasks/999999/status' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/v2/short-videos/999999' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/v2/short-videos/999999/index.m3u8' })).statusCode).toBe(404);
  });

  it('batch-generates for the catalogue videos among the ids and lists the others', async () => {
    const res = await post(app, '/api/v2/short-videos/batch-generate', { video_ids: [ids.plain, 999998, ids.plain, ids.long] });
    expect(res.statusCode).toBe(202);
    const data = res.json().data as Json;
    expect(data.missing).toEqual([999998]);
    expect(data.tasks.map((x: Json) => x.video_id)).toEqual([ids.plain, ids.long]);
    for (const task of data.tasks) expect((await waitForTask(app, task.task_id)).status).toBe('completed');
    expect((await post(app, '/api/v2/short-videos/batch-generate', { video_ids: [999998] })).statusCode).toBe(404);
  });

  it('generate-all queues only videos without a short video', async () => {
    const extra = await addVideo(app, 'extra', '/plain/index.m3u8');
    // A video its source no longer has is hidden, not deleted: no clip is cut from it.
    const gone = await addVideo(app, 'gone', '/plain/index.m3u8');
    await app.db.update(videos).set({ goneAt: new Date() }).where(eq(videos.vodId, gone));
    const res = await post(app, '/api/v2/short-videos/generate-all');
    expect(res.statusCode).toBe(202);
    const data = res.json().data as Json;
    expect(data.created).toBe(2);
    const tasks = await Promise.all(data.task_ids.map((id: number) => waitForTask(app, id)));
    expect(tasks.map((x) => [x.video_id, x.status]).sort()).toEqual([
      [ids.broken, 'failed'],
      [extra, 'completed'],
    ].sort());
    // Only the broken one is still without a clip.
    const again = (await post(app, '/api/v2/short-videos/generate-all')).json().data as Json;
    expect(again.created).toBe(1);
    expect(await waitForTask(app, again.task_ids[0])).toMatchObject({ video_id: ids.broken, status: 'failed' });
  });

  it('lists short videos by page, filter and order', async () => {
    const all = (await app.inject({ method: 'GET', url: '/api/v2/short-videos?page_size=100&order_by=id&order_desc=false' })).json();
    expect(all.data.map((v: Json) => v.id)).toEqual([...all.data.map((v: Json) => v.id)].sort((x: number, y: number) => x - y));
    const total = all.total as number;
    expect(total).toBe(6);
    const page2 = (await app.inject({ method: 'GET', url: '/api/v2/short-videos?page=2&page_size=4&order_by=id&order_desc=false' })).json();
    expect(page2).toMatchObject({ success: true, total: 6, total_pages: 2, page: 2, page_size: 4 });
    expect(page2.data.map((v: Json) => v.id)).toEqual(all.data.slice(4).map((v: Json) => v.id));
    const newest = (await app.inject({ method: 'GET', url: '/api/v2/short-videos' })).json();
    expect(newest.page_size).toBe(20);
    expect(newest.data[0].id).toBe(all.data.at(-1).id);
    const plain = (await app.inject({ method: 'GET', url: `/api/v2/short-videos?original_id=${ids.plain}` })).json();
    expect(plain.total).toBe(3);
    expect(plain.data.every((v: Json) => v.original_id === ids.plain)).toBe(true);
    for (const q of ['page=0', 'page_size=101', 'order_by=title', 'order_desc=maybe', 'original_id=-1']) {
      expect((await app.inject({ method: 'GET', url: `/api/v2/short-videos?${q}` })).statusCode, q).toBe(400);
    }
  });

  it('counts plays with the sender\'s details (the address is the connection\'s, never the body\'s), orders by them and sums them in the stats', async () => {
    const list = (await app.inject({ method: 'GET', url: '/api/v2/short-videos?order_by=id&order_desc=false' })).json().data as Json[];
    const target = list[2].id as number;
    const first = await post(app, `/api/v2/short-videos/${target}/play`, { ip_address: '203.0.113.9', user_agent: 'Phone/1.0', referer: 'https://feed.example/' });
    expect(first.json()).toEqual({ success: true, data: { id: target, play_count: 1 } });
    const second = await app.inject({ method: 'POST', url: `/api/v2/short-videos/${target}/play`, payload: {}, headers: { 'user-agent': 'Tablet/2.0' } });
    expect(second.json().data.play_count).toBe(2);
    const plays = await app.db.select().from(shortVideoPlays).where(eq(shortVideoPlays.shortVideoId, target)).orderBy(shortVideoPlays.id);
    expect(plays.map((p) => [p.ip, p.userAgent, p.referer])).toEqual([
      ['127.0.0.1', 'Phone/1.0', 'https://feed.example/'],
      ['127.0.0.1', 'Tablet/2.0', null],
    ]);
    expect((await post(app, '/api/v2/short-videos/999999/play')).statusCode).toBe(404);

    const top = (await app.inject({ method: 'GET', url: '/api/v2/short-videos?order_by=play_count' })).json().data as Json[];
    expect(top[0]).toMatchObject({ id: target, play_count: 2 });

    const stats = (await app.inject({ method: 'GET', url: '/api/v2/short-videos/stats' })).json();
    expect(stats.success).toBe(true);
    expect(stats.data).toMatchObject({ total_short_videos: 6, total_originals: 3, total_plays: 2, tasks: { pending: 0, running: 0, completed: 6, failed: 4 } });
  });

  it('deletes a short video and its plays', async () => {
    const list = (await app.inject({ method: 'GET', url: '/api/v2/short-videos?order_by=play_count' })).json().data as Json[];
    const id = list[0].id as number;
    const res = await app.inject({ method: 'DELETE', url: `/api/v2/short-videos/${id}`, headers: asOperator });
    expect(res.json()).toEqual({ success: true, data: { id, deleted: true } });
    expect((await app.inject({ method: 'GET', url: `/api/v2/short-videos/${id}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/v2/short-videos/${id}`, headers: asOperator })).statusCode).toBe(404);
    expect(await app.db.select().from(shortVideoPlays).where(eq(shortVideoPlays.shortVideoId, id))).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/v2/short-videos/stats' })).json().data).toMatchObject({ total_short_videos: 5, total_plays: 0 });
  });

  it('answers any origin, with preflights', async () => {
    const res = await app.inject({ method: 'OPTIONS', url: '/api/v2/short-videos/batch-generate', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect((await app.inject({ method: 'GET', url: '/api/v2/short-videos' })).headers['access-control-allow-origin']).toBe('*');
  });
});

describe.each(databaseKinds)('short-video addresses under PUBLIC_URL on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { PUBLIC_URL: 'https://tv.example/', ADMIN_TOKEN: testAdminToken });
  });
  afterAll(async () => t?.close());

  it('makes m3u8_url absolute on the public address', async () => {
    const id = await addVideo(t.app, 'public', '/plain/index.m3u8');
    const task = await waitForTask(t.app, (await post(t.app, `/api/v2/videos/${id}/short-videos/generate`)).json().data.task_id);
    const clip = (await t.app.inject({ method: 'GET', url: `/api/v2/short-videos/${task.short_video_id}` })).json().data as Json;
    expect(clip.m3u8_url).toBe(`https://tv.example/api/v2/short-videos/${task.short_video_id}/index.m3u8`);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v2/short-videos' })).json().data as Json[];
    expect(listed.map((v) => v.m3u8_url)).toEqual([clip.m3u8_url]);
  });
});
