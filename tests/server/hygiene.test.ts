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
