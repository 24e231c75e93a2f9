// First-party analytics through the real app (issue 15): a batch of page views
// and clip starts is stored (as JSON or as a beacon's text), anonymously; the
// operator's summary reads it back; with the app-config flag off nothing is
// recorded (404 ANALYTICS_OFF); and the hostile client's batches (malformed,
// forged fields, oversized, flooding) are refused with a clear 4xx.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { analyticsEvents } from '../../server/db/schema/analytics';
import { appConfigFile } from '../../server/services/app-config';
import { analyticsRouteConfig } from '../../server/routes/analytics/config';
import { asOperator, testAdminToken } from './helpers/admin';
import { buildTestApp, databaseKinds, openTestDatabase, testConfig, type TestApp } from './helpers/test-app';
import { seedVideos } from './helpers/watch-flow';

const URL_EVENTS = '/api/v1/analytics/events';
const URL_SUMMARY = '/api/v1/analytics/summary';
const VIDEO = 41;

let lastIp = 0;
const nextIp = () => `10.9.${++lastIp >> 8}.${lastIp & 255}`;

const send = (t: TestApp, payload: unknown, init: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url: URL_EVENTS, payload: payload as object, remoteAddress: init.remoteAddress ?? nextIp(), headers: init.headers });

const rows = (t: TestApp) => t.app.db.select().from(analyticsEvents);

describe.each(databaseKinds)('analytics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN: testAdminToken });
    await seedVideos(t, [VIDEO]);
  });
  afterAll(async () => t?.close());

  it('records page views and a clip start, keeping only kind, page, video and the server time', async () => {
    const res = await send(
      t,
      { events: [{ kind: 'page_view', page: 'douyin' }, { kind: 'clip_start', page: 'douyin', videoId: VIDEO }, { kind: 'page_view', page: 'discover' }] },
      { headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 10) UniqueAgent/9.9', referer: 'https://example.com/?q=secret' }, remoteAddress: '203.0.113.77' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recorded: 3, ignored: 0 });
    const stored = await rows(t);
    expect(stored.map((r) => [r.kind, r.page, r.videoId])).toEqual([
      ['page_view', 'douyin', null],
      ['clip_start', 'douyin', VIDEO],
      ['page_view', 'discover', null],
    ]);
    // Nothing that names the visitor is kept: the columns are these, and no address or agent is in them.
    expect(Object.keys(stored[0]).sort()).toEqual(['id', 'kind', 'page', 'receivedAt', 'videoId']);
    expect(JSON.stringify(stored)).not.toMatch(/203\.0\.113|UniqueAgent|secret/);
  });

  it("records a beacon's text/plain batch the same way", async () => {
    const before = (await rows(t)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: URL_EVENTS,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ events: [{ kind: 'page_view', page: 'video-detail' }] }),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recorded: 1, ignored: 0 });
    const stored = await rows(t);
    expect(stored).toHaveLength(before + 1);
    expect(stored.at(-1)).toMatchObject({ kind: 'page_view', page: 'video-detail', videoId: null });
  });

  it('does not count a clip start of a video the catalogue does not hold', async () => {
    const before = (await rows(t)).length;
    const res = await send(t, { events: [{ kind: 'clip_start', page: 'douyin', videoId: 999_999 }, { kind: 'page_view', page: 'search' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recorded: 1, ignored: 1 });
    const stored = await rows(t);
    expect(stored).toHaveLength(before + 1);
    expect(stored.some((r) => r.videoId === 999_999)).toBe(false);
  });

  it("gives the operator the totals, the counts per page and the latest events; nobody else", async () => {
    const refused = await t.app.inject({ method: 'GET', url: URL_SUMMARY });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    const res = await t.app.inject({ method: 'GET', url: URL_SUMMARY, headers: asOperator });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({ pageViews: 4, clipStarts: 1 });
    expect(body.byPage).toContainEqual({ kind: 'page_view', page: 'douyin', count: 1 });
    expect(body.byPage).toContainEqual({ kind: 'clip_start', page: 'douyin', count: 1 });
    expect(body.recent[0]).toMatchObject({ kind: 'page_view', page: 'search', videoId: null });
    expect(body.recent).toContainEqual(expect.objectContaining({ kind: 'clip_start', videoId: VIDEO }));
  });

  it('answers a CORS preflight (a page on another origin may send batches)', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: URL_EVENTS, headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' } });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
  });

  const event = { kind: 'page_view', page: 'douyin' };
  it.each([
    ['not JSON', 'text', '{"events": [', /not JSON/],
    ['an array instead of a batch', 'json', [event], /Invalid batch/],
    ['no events', 'json', { events: [] }, /events/],
    ['an unknown kind', 'json', { events: [{ kind: 'purchase', page: 'douyin' }] }, /events\.0\.kind/],
    ['an unknown page', 'json', { events: [{ kind: 'page_view', page: 'admin' }] }, /events\.0\.page/],
    ['a forged extra field (an address)', 'json', { events: [{ ...event, ip: '198.51.100.1' }] }, /ip/],
    ['a forged field beside the events', 'json', { events: [event], player: 'P123' }, /player/],
    ['a page view with a video', 'json', { events: [{ ...event, videoId: VIDEO }] }, /videoId/],
    ['a clip start without a video', 'json', { events: [{ kind: 'clip_start', page: 'douyin' }] }, /videoId/],
    ['a fractional video id', 'json', { events: [{ kind: 'clip_start', page: 'douyin', videoId: 1.5 }] }, /videoId/],
    ['a negative video id', 'json', { events: [{ kind: 'clip_start', page: 'douyin', videoId: -1 }] }, /videoId/],
    ['a video id beyond int4', 'json', { events: [{ kind: 'clip_start', page: 'douyin', videoId: 2 ** 31 }] }, /videoId/],
    ['a video id as text', 'json', { events: [{ kind: 'clip_start', page: 'douyin', videoId: '41' }] }, /videoId/],
    ['51 events', 'json', { events: Array.from({ length: 51 }, () => event) }, /events/],
    ['a control character', 'json', { events: [{ kind: 'page_view', page: 'dou\u0000yin' }] }, /control character|page/],
  ] as const)('attack: %s is a 400 and stores nothing', async (_name, type, payload, message) => {
    const before = (await rows(t)).length;
    const res =
      type === 'text'
        ? await t.app.inject({ method: 'POST', url: URL_EVENTS, headers: { 'content-type': 'text/plain' }, payload: payload as string, remoteAddress: nextIp() })
        : await send(t, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('VALIDATION');
    expect(res.json().message).toMatch(message);
    expect(await rows(t)).toHaveLength(before);
  });

  it('attack: a body over 8 KiB is a 413, another content type a 415; nothing stored', async () => {
    const before = (await rows(t)).length;
    const big = await t.app.inject({ method: 'POST', url: URL_EVENTS, headers: { 'content-type': 'text/plain' }, payload: JSON.stringify({ events: [event], pad: 'x'.repeat(9 * 1024) }), remoteAddress: nextIp() });
    expect(big.statusCode).toBe(413);
    const form = await t.app.inject({ method: 'POST', url: URL_EVENTS, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'events=1', remoteAddress: nextIp() });
    expect(form.statusCode).toBe(415);
    expect(await rows(t)).toHaveLength(before);
  });
});

describe('analytics rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { TRUST_PROXY: '' });
  });
  afterAll(async () => t?.close());

  const max = analyticsRouteConfig.batchesPerAddress;
  const batch = { events: [{ kind: 'page_view', page: 'douyin' }] };

  it(`attack: one address flooding batches is cut off after ${max} a minute with a 429, even rotating a forged X-Forwarded-For; another address is not`, async () => {
    for (let i = 0; i < max; i++) {
      const res = await send(t, batch, { remoteAddress: '198.51.100.9', headers: { 'x-forwarded-for': `203.0.113.${i % 250}` } });
      expect(res.statusCode).toBe(200);
    }
    const over = await send(t, batch, { remoteAddress: '198.51.100.9', headers: { 'x-forwarded-for': '203.0.113.251' } });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect(over.json().message).toMatch(`at most ${max} a minute`);
    expect((await send(t, batch, { remoteAddress: '198.51.100.10' })).statusCode).toBe(200);
    expect(await rows(t)).toHaveLength(max + 1);
  });

  it('attack: rotating IPv6 addresses inside one /64 counts as one address', async () => {
    for (let i = 0; i < max; i++) expect((await send(t, {}, { remoteAddress: `2001:db8:1:2::${(i + 1).toString(16)}` })).statusCode).toBe(400);
    expect((await send(t, batch, { remoteAddress: '2001:db8:1:2::ffff' })).statusCode).toBe(429);
    expect((await send(t, batch, { remoteAddress: '2001:db8:1:3::1' })).statusCode).toBe(200);
  });
});

describe('analytics with the flag off', () => {
  it('refuses every batch with 404 ANALYTICS_OFF and stores nothing; the app config tells the page it is off', async () => {
    const config = testConfig();
    writeFileSync(path.join(config.dataDir, appConfigFile), JSON.stringify({ flags: { analytics: false } }));
    const db = await openTestDatabase('pglite');
    const app = await buildApp({ config, database: db.database, closeDatabase: false });
    try {
      const flags = (await app.inject({ method: 'GET', url: '/api/v1/app/config' })).json().flags;
      expect(flags.analytics).toBe(false);
      const res = await app.inject({ method: 'POST', url: URL_EVENTS, payload: { events: [{ kind: 'page_view', page: 'douyin' }] } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'ANALYTICS_OFF' });
      expect(res.json().message).toMatch(/off/);
      expect(await app.db.select().from(analyticsEvents)).toHaveLength(0);
    } finally {
      await app.close();
      await db.drop();
    }
  });
});
