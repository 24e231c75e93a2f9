import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { redactText, redactUrl } from '../../server/http/redact';
import { testConfig } from './helpers/test-app';

describe('log redaction (spec 1 §8)', () => {
  it('drops query strings from logged URLs', () => {
    expect(redactUrl('/sso?accessToken=eyJabc.def.ghi')).toBe('/sso?…');
    expect(redactUrl('/api/v2/hls/clean.m3u8?src=https://x/y.m3u8')).toBe('/api/v2/hls/clean.m3u8?…');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });

  it('masks tokens, long hex secrets, IPv4 addresses and credential parameters in messages', () => {
    const text = redactText('player 10.1.2.3 sent eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJQMSJ9.c2lnbmF0dXJl with hash ' + 'a'.repeat(64) + ' to https://cdn/x.ts?sign=abc&t=1');
    expect(text).not.toMatch(/10\.1\.2\.3|eyJ|aaaaaaaa|sign=abc/);
    expect(text).toContain('[ip]');
    expect(text).toContain('[token]');
    expect(text).toContain('[secret]');
    expect(text).toContain('sign=[redacted]');
  });
});

describe('log redaction of what a failed query and an IPv6 client leak (issue 13)', () => {
  it('masks IPv6 addresses (full, compressed, IPv4-mapped) but not clock times or stack positions', () => {
    const text = redactText('from 2001:db8::1, ::ffff:10.0.0.1, fe80::1 and 2001:0db8:85a3:0000:0000:8a2e:0370:7334 at 12:30:45 in app.ts:12:5');
    expect(text).not.toMatch(/2001|ffff|fe80|10\.0\.0\.1/);
    expect(text).toContain('12:30:45');
    expect(text).toContain('app.ts:12:5');
  });

  it("drops a failed query's parameters (device ids, fingerprints) and user agents", () => {
    const text = redactText('Failed query: insert into "players" ("device_id") values ($1)\nparams: dev_4f9c2,fp-77aa01,Mozilla/5.0 (X11; Linux x86_64) Chrome/120');
    expect(text).not.toMatch(/dev_4f9c2|fp-77aa01|Mozilla|Chrome/);
    expect(text).toContain('params: [redacted]');
  });
});

describe('/healthz', () => {
  it('asks the database: ok while it answers, 503 once it is broken', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    const app = await buildApp({ config: testConfig(), database, closeDatabase: false });
    expect((await app.inject({ url: '/healthz' })).json()).toMatchObject({ ok: true });
    await database.close();
    const broken = await app.inject({ url: '/healthz' });
    expect(broken.statusCode).toBe(503);
    expect(broken.json()).toMatchObject({ ok: false });
    await app.close();
  });
});

describe('shutdown, as a client on a kept-alive connection sees it', () => {
  it('a request sent as the stop begins gets a 503 with Connection: close, not a reset', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    const app = await buildApp({ config: testConfig(), database });
    const address = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        http
          .get({ host: address.hostname, port: address.port, path: '/healthz', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          })
          .on('error', reject);
      });
    expect((await get()).status).toBe(200);
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 100));
    const during = await get();
    expect(during).toEqual({ status: 503, connection: 'close' });
    await closing;
    agent.destroy();
  }, 30_000);
});

describe('shutdown', () => {
  it('finishes the request in flight, then closes the database', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    let closed = false;
    const app = await buildApp({ config: testConfig(), database: { ...database, close: async () => { closed = true; await database.close(); } } });
    app.get('/slow-for-test', async () => {
      await new Promise((r) => setTimeout(r, 200));
      return { done: true };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/slow-for-test`).then((r) => r.json());
    await new Promise((r) => setTimeout(r, 50));
    const closing = app.close();
    expect(await inFlight).toEqual({ done: true });
    await closing;
    expect(closed).toBe(true);
  });
});
