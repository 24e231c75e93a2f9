// Issue 13, points 1, 6 and 7, written as the attacks: forged Host and
// forwarded headers steering absolute URLs, control characters and ids beyond
// the database's int4 columns in every family of endpoints, and requests that
// never finish. Each is refused with a clear 4xx (or the connection is cut),
// never a 500, and the server keeps serving.

import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { httpLimits } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { buildTestApp, databaseKinds, testConfig, type TestApp } from './helpers/test-app';

let lastIp = 0;
const nextIp = () => `10.7.${++lastIp >> 8}.${lastIp & 255}`;

describe.each(databaseKinds)('hostile input on %s', (kind) => {
  let t: TestApp;
  let credential = '';
  beforeAll(async () => {
    t = await buildTestApp(kind, { HOST: '127.0.0.1', PORT: '8080' });
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/player/init', payload: { device_id: 'dev_hostile' }, remoteAddress: nextIp() });
    credential = r.json().data.credential;
  });
  afterAll(async () => t?.close());

  const NUL = 'a\u0000b';
  it.each([
    ['GET', `/api.php/provide/vod/?ac=list&wd=${encodeURIComponent(NUL)}`, undefined],
    ['GET', `/api.php/provide/vod/?ac=list&wd=${encodeURIComponent('x\u001by')}`, undefined],
    ['POST', '/api/v1/player/init', { device_id: 'dev_ok', user_agent: NUL }],
    ['POST', '/api/v1/player/init', { device_id: 'dev_ok', browser_fingerprint: `fp${NUL}` }],
    ['POST', '/api/v1/player/video/watch', { credential: '', video_id: NUL }],
    ['POST', '/api/v2/short-videos/1/play', { user_agent: NUL }],
    ['GET', `/api/v2/hls/clean.m3u8?src=${encodeURIComponent(`https://cdn.example.com/${NUL}.m3u8`)}`, undefined],
    ['GET', `/sso?accessToken=${encodeURIComponent(NUL)}`, undefined],
  ] as const)('attack: %s %s with a control character gets a 400, not a 500', async (method, url, payload) => {
    const body = payload && 'credential' in payload ? { ...payload, credential } : payload;
    const r = await t.app.inject({ method, url, payload: body as object | undefined, remoteAddress: nextIp() });
    expect(r.statusCode).toBe(400);
    expect(r.body).toMatch(/control character/);
  });

  it.each([
    ['GET', '/api.php/provide/vod/?ac=detail&ids=2147483648', undefined, /2147483647/],
    ['GET', '/api.php/provide/vod/?ac=detail&ids=1,99999999999', undefined, /2147483647/],
    ['GET', '/api.php/provide/vod/?ac=list&t=99999999999', undefined, /2147483647/],
    ['GET', '/api/v2/short-videos/99999999999', undefined, /whole number/],
    ['POST', '/api/v1/player/video/watch', { video_id: 2147483648 }, /2147483647/],
  ] as const)('attack: %s %s with an id beyond int4 gets a 400, not a 500', async (method, url, payload, message) => {
    const body = payload ? { ...payload, credential } : undefined;
    const r = await t.app.inject({ method, url, payload: body as object | undefined, remoteAddress: nextIp() });
    expect(r.statusCode).toBe(400);
    expect(r.body).toMatch(message);
  });

  it('the player hit by those requests is intact afterwards', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/player/points/query', payload: { credential }, remoteAddress: nextIp() });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.points).toBe(0);
  });

  it('attack: a forged Host and X-Forwarded-Host do not steer the sign-on link (no PUBLIC_URL: the listening address)', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/player/sso',
      payload: { credential },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      remoteAddress: nextIp(),
    });
    expect(r.statusCode).toBe(200);
    const link = String(r.json().data.redirect_url);
    expect(link.startsWith('http://localhost:8080/partner/')).toBe(true);
    expect(link).not.toContain('evil.example');
  });
});

describe('requests that never finish', () => {
  let url: URL;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    const app = await buildApp({ config: testConfig(), database });
    url = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    close = () => app.close();
  });
  afterAll(async () => close?.());

  /** Opens a socket, sends `start`, then one byte every second; resolves with the seconds until the server closes it. */
  function holdOpen(start: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const began = Date.now();
      const socket = net.connect(Number(url.port), url.hostname, () => socket.write(start));
      const drip = setInterval(() => socket.writable && socket.write('x'), 1000);
      socket.on('data', () => {});
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(drip);
        resolve((Date.now() - began) / 1000);
      });
      setTimeout(() => {
        clearInterval(drip);
        socket.destroy();
        reject(new Error('the server never closed the connection'));
      }, 90_000).unref();
    });
  }

  it('attack: headers that dribble in forever are cut off (Slowloris), and the server still answers others', async () => {
    const held = holdOpen('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const seconds = await held;
    // Closed by the server's own deadline (the headers deadline plus one deadline check), not by this test's guard.
    expect(seconds).toBeLessThan(60);
    const ok = await fetch(new URL('/healthz', url));
    expect(ok.status).toBe(200);
  }, 100_000);

  it('attack: a body that dribbles in forever is cut off too', async () => {
    const seconds = await holdOpen('POST /api/v1/player/init HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"device_id":"');
    expect(seconds).toBeLessThan(60);
  }, 100_000);

  it('the deadlines are what the server is built with: all under 30 s', () => {
    expect(httpLimits.headersMs + httpLimits.deadlineCheckMs).toBeLessThanOrEqual(30_000);
    expect(httpLimits.requestMs + httpLimits.deadlineCheckMs).toBeLessThanOrEqual(30_000);
    expect(httpLimits.idleSocketMs).toBeLessThanOrEqual(30_000);
  });
});
