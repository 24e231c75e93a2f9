// Issue 13, point 3, written as the attacks: an anonymous client deleting
// clips, flooding the generation queue, guessing the operator token, and
// inflating play counts with forged addresses. Each is refused; the operator
// with the token still works, and reads stay public.

import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema/catalogue';
import { shortVideoPlays, shortVideos, shortVideoTasks } from '../../server/db/schema/short-videos';
import { shortVideoRouteConfig } from '../../server/routes/short-videos/config';
import { adminTokenFile, isAdminToken, loadAdminToken } from '../../server/security/admin-token';
import { asOperator, testAdminToken } from './helpers/admin';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

type Json = Record<string, any>;

/** A token of the right length that is not the token (last character changed). */
const sameLengthWrong = `${testAdminToken.slice(0, -1)}${testAdminToken.endsWith('x') ? 'y' : 'x'}`;
/** Same number of characters, one more byte (a non-ASCII last character). */
const sameCharsMoreBytes = `${testAdminToken.slice(0, -1)}é`;

const bad: [string, Record<string, string>][] = [
  ['no header', {}],
  ['wrong token, right length', { authorization: `Bearer ${sameLengthWrong}` }],
  ['wrong token, shorter', { authorization: `Bearer ${testAdminToken.slice(0, -1)}` }],
  ['wrong token, longer', { authorization: `Bearer ${testAdminToken}0` }],
  ['right characters, more bytes', { authorization: `Bearer ${sameCharsMoreBytes}` }],
  ['empty bearer', { authorization: 'Bearer ' }],
  ['token without the scheme', { authorization: testAdminToken }],
  ['another scheme', { authorization: `Basic ${Buffer.from(`admin:${testAdminToken}`).toString('base64')}` }],
  ['the token in another header', { 'x-admin-token': testAdminToken }],
];

function expectRefused(res: { statusCode: number; json(): any; headers: Record<string, unknown> }, what: string): void {
  expect(res.statusCode, what).toBe(401);
  const body = res.json();
  expect(body, what).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
  expect(body.message, what).toMatch(/operator token/);
  expect(body.message, what).not.toContain(testAdminToken);
  expect(res.headers['www-authenticate'], what).toMatch(/^Bearer /);
}

describe.each(databaseKinds)('short-video operator token on %s', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let videoId: number;
  let clipId: number;

  const taskCount = async () => (await app.db.select({ n: count() }).from(shortVideoTasks))[0].n;

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN: testAdminToken });
    app = t.app;
    // The play URL points at a closed loopback port: a task that does get queued fails fast, fetching nothing.
    const [v] = await app.db
      .insert(videos)
      .values({ typeId: 1, vodName: 'alvo', sourceKey: 'test:operator', vodPlayUrl: 'Line 1$http://127.0.0.1:9/none/index.m3u8' })
      .returning({ id: videos.vodId });
    videoId = v.id;
    const [c] = await app.db
      .insert(shortVideos)
      .values({ originalId: videoId, title: 'clip', sourceUrl: 'http://127.0.0.1:9/none/index.m3u8', playlist: '#EXTM3U\n', startSec: 0, endSec: 40 })
      .returning({ id: shortVideos.id });
    clipId = c.id;
  });
  afterAll(async () => t?.close());

  it('refuses an anonymous or wrongly authorised DELETE with 401, and the clip is still there', async () => {
    for (const [what, headers] of bad) {
      const res = await app.inject({ method: 'DELETE', url: `/api/v2/short-videos/${clipId}`, headers });
      expectRefused(res, what);
    }
    // Even a malformed id gets the 401 first: nothing about the route is answered to a stranger.
    expectRefused(await app.inject({ method: 'DELETE', url: '/api/v2/short-videos/not-a-number' }), 'bad id');
    expect(await app.db.select({ id: shortVideos.id }).from(shortVideos).where(eq(shortVideos.id, clipId))).toEqual([{ id: clipId }]);
    expect((await app.inject({ method: 'GET', url: `/api/v2/short-videos/${clipId}` })).statusCode).toBe(200);
  });

  it('refuses a flood of generate, batch-generate and generate-all without the token: 401 each, no task queued', async () => {
    const calls = [
      { url: `/api/v2/videos/${videoId}/short-videos/generate`, payload: {} },
      { url: '/api/v2/short-videos/batch-generate', payload: { video_ids: Array.from({ length: 100 }, () => videoId) } },
      { url: '/api/v2/short-videos/generate-all', payload: {} },
    ];
    const sent = [];
    for (let i = 0; i < 30; i++) {
      for (const c of calls) sent.push(app.inject({ method: 'POST', url: c.url, payload: c.payload, headers: bad[i % bad.length][1] }));
    }
    const answers = await Promise.all(sent);
    answers.forEach((res, i) => expectRefused(res, `request ${i}`));
    expect(await taskCount()).toBe(0);
    // The queue's totals say the same.
    expect((await app.inject({ method: 'GET', url: '/api/v2/short-videos/stats' })).json().data.tasks).toEqual({ pending: 0, running: 0, completed: 0, failed: 0 });
  });

  it('checks the token before reading the body', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v2/short-videos/batch-generate', payload: '{"video_ids": [', headers: { 'content-type': 'application/json' } });
    expectRefused(res, 'broken JSON');
  });

  it('lets the operator with the token generate, batch, generate-all and delete', async () => {
    const one = await app.inject({ method: 'POST', url: `/api/v2/videos/${videoId}/short-videos/generate`, payload: {}, headers: asOperator });
    expect(one.statusCode).toBe(202);
    expect(one.json()).toMatchObject({ success: true, data: { video_id: videoId } });
    const batch = await app.inject({ method: 'POST', url: '/api/v2/short-videos/batch-generate', payload: { video_ids: [videoId] }, headers: asOperator });
    expect(batch.statusCode).toBe(202);
    // The scheme is case-insensitive (RFC 9110 §11.1).
    const all = await app.inject({ method: 'POST', url: '/api/v2/short-videos/generate-all', payload: {}, headers: { authorization: `bearer ${testAdminToken}` } });
    expect(all.statusCode).toBe(202);
    expect(all.json().success).toBe(true);
    expect(await taskCount()).toBeGreaterThanOrEqual(1);

    const del = await app.inject({ method: 'DELETE', url: `/api/v2/short-videos/${clipId}`, headers: asOperator });
    expect(del.json()).toEqual({ success: true, data: { id: clipId, deleted: true } });
    expect(await app.db.select().from(shortVideos).where(eq(shortVideos.id, clipId))).toEqual([]);
  });

  it('keeps the reads public', async () => {
    for (const url of ['/api/v2/short-videos', '/api/v2/short-videos/stats', '/api/v2/short-videos/tasks/1/status']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().success, url).toBe(true);
    }
  });

  it('answers preflights for the Authorization header from any origin', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/v2/short-videos/1',
      headers: { origin: 'https://ops.example', 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(res.headers['access-control-allow-methods']).toContain('DELETE');
  });
});

describe.each(databaseKinds)('play recording against forged addresses on %s', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let base: string;
  let clipId: number;
  const max = shortVideoRouteConfig.playsPerAddress;

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN: testAdminToken });
    app = t.app;
    const [c] = await app.db
      .insert(shortVideos)
      .values({ originalId: 1, title: 'clip', sourceUrl: 'http://127.0.0.1:9/none/index.m3u8', playlist: '#EXTM3U\n', startSec: 0, endSec: 40 })
      .returning({ id: shortVideos.id });
    clipId = c.id;
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  it('counts at most the limit from one socket whatever X-Forwarded-For and ip_address say, and stores the socket\'s address', async () => {
    const attempts = max + 15;
    const statuses: number[] = [];
    let refusal: { status: number; body: Json; retryAfter: string | null; cors: string | null } | null = null;
    for (let i = 0; i < attempts; i++) {
      const forged = `203.0.113.${i % 250}`;
      const res = await fetch(`${base}/api/v2/short-videos/${clipId}/play`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forged, 'x-real-ip': forged, forwarded: `for=${forged}`, 'user-agent': 'Bot/1.0' },
        body: JSON.stringify({ ip_address: forged, user_agent: 'Bot/1.0' }),
      });
      statuses.push(res.status);
      const body = (await res.json()) as Json;
      if (res.status === 429 && !refusal) refusal = { status: res.status, body, retryAfter: res.headers.get('retry-after'), cors: res.headers.get('access-control-allow-origin') };
    }
    expect(statuses.slice(0, max).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(max).every((s) => s === 429)).toBe(true);

    // The 429 is in the service's envelope and says when to come back.
    expect(refusal).not.toBeNull();
    expect(refusal!.body).toMatchObject({ success: false, error: 'RATE_LIMITED' });
    expect(refusal!.body.message).toMatch(/Too many plays/);
    expect(Number(refusal!.retryAfter)).toBeGreaterThan(0);
    expect(refusal!.cors).toBe('*');

    const [row] = await app.db.select({ playCount: shortVideos.playCount }).from(shortVideos).where(eq(shortVideos.id, clipId));
    expect(row.playCount).toBe(max);
    const plays = await app.db.select({ ip: shortVideoPlays.ip }).from(shortVideoPlays).where(eq(shortVideoPlays.shortVideoId, clipId));
    expect(plays).toHaveLength(max);
    expect(new Set(plays.map((p) => p.ip))).toEqual(new Set(['127.0.0.1']));

    // Nor does the operator token lift an address's play limit.
    const asOp = await app.inject({ method: 'POST', url: `/api/v2/short-videos/${clipId}/play`, payload: {}, headers: asOperator });
    expect(asOp.statusCode).toBe(429);
  });

  it('limits per address: another client address still records, and stores its own address', async () => {
    const res = await app.inject({ method: 'POST', url: `/api/v2/short-videos/${clipId}/play`, payload: { ip_address: '198.51.100.1' }, remoteAddress: '192.0.2.44', headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(res.statusCode).toBe(200);
    const plays = await app.db.select({ ip: shortVideoPlays.ip }).from(shortVideoPlays).where(eq(shortVideoPlays.shortVideoId, clipId)).orderBy(shortVideoPlays.id);
    expect(plays.at(-1)).toEqual({ ip: '192.0.2.44' });
  });

  it('counts IPv6 clients per /64, so rotating addresses inside one network gains nothing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < max + 3; i++) {
      const res = await app.inject({ method: 'POST', url: `/api/v2/short-videos/${clipId}/play`, payload: {}, remoteAddress: `2001:db8:1:2::${(i + 1).toString(16)}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    expect(statuses.slice(max)).toEqual([429, 429, 429]);
  });
});

describe('the generated operator token', () => {
  it('is created with mode 0600, reused on the next start, and never replaced by a configured one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clipfeed-admin-'));
    const token = loadAdminToken(undefined, dir);
    expect(token.length).toBeGreaterThanOrEqual(32);
    const file = adminTokenFile(dir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(token);
    expect(loadAdminToken(undefined, dir)).toBe(token);
    // ADMIN_TOKEN wins, and leaves the kept file alone.
    expect(loadAdminToken(testAdminToken, dir)).toBe(testAdminToken);
    expect(readFileSync(file, 'utf8').trim()).toBe(token);
    // A fresh directory gets a different token.
    expect(loadAdminToken(undefined, mkdtempSync(path.join(tmpdir(), 'clipfeed-admin-')))).not.toBe(token);
  });

  it('closes up a kept file others could read, and replaces one too short to be a token', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clipfeed-admin-'));
    const file = adminTokenFile(dir);
    const kept = 'k'.repeat(40);
    writeFileSync(file, `${kept}\n`);
    chmodSync(file, 0o644);
    expect(loadAdminToken(undefined, dir)).toBe(kept);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    writeFileSync(file, 'short\n');
    const fresh = loadAdminToken(undefined, dir);
    expect(fresh).not.toBe('short');
    expect(fresh.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(fresh);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('compares only whole Bearer tokens of the right length', () => {
    expect(isAdminToken(`Bearer ${testAdminToken}`, testAdminToken)).toBe(true);
    expect(isAdminToken(`BEARER  ${testAdminToken} `, testAdminToken)).toBe(true);
    for (const [what, headers] of bad) expect(isAdminToken(headers.authorization, testAdminToken), what).toBe(false);
    expect(isAdminToken([`Bearer ${testAdminToken}`], testAdminToken)).toBe(false);
  });

  it.each(databaseKinds)('is what an app built without ADMIN_TOKEN accepts, across restarts on %s', async (kind) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clipfeed-admin-'));
    const first = await buildTestApp(kind, { DATA_DIR: dataDir });
    let token: string;
    try {
      const file = adminTokenFile(dataDir);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      token = readFileSync(file, 'utf8').trim();
      expectRefused(await first.app.inject({ method: 'DELETE', url: '/api/v2/short-videos/1' }), 'anonymous');
      const res = await first.app.inject({ method: 'DELETE', url: '/api/v2/short-videos/1', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await first.close();
    }
    const second = await buildTestApp(kind, { DATA_DIR: dataDir });
    try {
      expect(readFileSync(adminTokenFile(dataDir), 'utf8').trim()).toBe(token);
      const res = await second.app.inject({ method: 'DELETE', url: '/api/v2/short-videos/1', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await second.close();
    }
  });
});
