// The catalogue import through the running server (issue 13), written as the
// attacks and as the real flow: a stranger without the operator token, bodies
// that do not fit, an import aimed at the cloud metadata address, two imports
// at once and a client that hangs up are refused or survived; the operator's
// import streams its progress and the videos are then in the catalogue.

import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema/catalogue';
import { operatorRouteConfig } from '../../server/routes/operator/config';
import { operatorImportPath } from '../../server/services/catalogue/import/index';
import { asOperator, testAdminToken } from './helpers/admin';
import { startFakeMaccms, type FakeMaccms } from './helpers/fake-maccms';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

type Json = Record<string, any>;

const sameLengthWrong = `${testAdminToken.slice(0, -1)}${testAdminToken.endsWith('x') ? 'y' : 'x'}`;

const strangers: [string, Record<string, string>][] = [
  ['no header', {}],
  ['wrong token, right length', { authorization: `Bearer ${sameLengthWrong}` }],
  ['wrong token, shorter', { authorization: `Bearer ${testAdminToken.slice(0, -1)}` }],
  ['token without the scheme', { authorization: testAdminToken }],
  ['another scheme', { authorization: `Basic ${Buffer.from(`admin:${testAdminToken}`).toString('base64')}` }],
];

/** The NDJSON lines of an answer. */
const linesOf = (body: string): Json[] =>
  body
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Json);

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.each(databaseKinds)('POST /api/v1/operator/catalogue/import on %s', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let fake: FakeMaccms;

  const videoCount = async () => (await app.db.select({ n: count() }).from(videos))[0].n;
  const post = (payload: unknown, headers: Record<string, string> = asOperator) =>
    app.inject({ method: 'POST', url: operatorImportPath, payload: payload as string, headers: { 'content-type': 'application/json', ...headers } });

  beforeAll(async () => {
    fake = await startFakeMaccms(30);
    t = await buildTestApp(kind, { ADMIN_TOKEN: testAdminToken });
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('refuses a stranger with 401 before any work: nothing fetched, nothing imported, the token never echoed', async () => {
    for (const [what, headers] of strangers) {
      const res = await post({ url: fake.endpoint, pages: 1 }, headers);
      expect(res.statusCode, what).toBe(401);
      expect(res.headers['www-authenticate'], what).toMatch(/^Bearer /);
      expect(res.headers['cache-control'], what).toBe('no-store');
      const body = res.json();
      expect(body, what).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.stringMatching(/operator token/), retryable: false } });
      expect(res.body, what).not.toContain(testAdminToken);
    }
    // The token is checked before the body is read: a broken or oversized body from a stranger is still a 401.
    expect((await post('{"url": ', {})).statusCode).toBe(401);
    expect((await post(JSON.stringify({ url: `${fake.endpoint}?${'a'.repeat(operatorRouteConfig.bodyBytes * 4)}` }), {})).statusCode).toBe(401);
    expect(fake.requests).toEqual([]);
    expect(await videoCount()).toBe(0);
  });

  it('refuses bodies that do not fit with a 400 that names the field (413 over the body limit), fetching nothing', async () => {
    const bad: [string, unknown][] = [
      ['no body', ''],
      ['broken JSON', '{"url": '],
      ['not an object', JSON.stringify(['http://example.com/'])],
      ['no url', {}],
      ['empty url', { url: '' }],
      ['not a URL', { url: 'not a url' }],
      ['not http', { url: 'ftp://example.com/api.php/provide/vod/' }],
      ['a file URL', { url: 'file:///etc/passwd' }],
      ['url not a string', { url: 42 }],
      ['url too long', { url: `https://example.com/${'a'.repeat(operatorRouteConfig.maxUrlLength)}` }],
      ['NUL in the url', { url: 'https://example.com/\u0000api.php' }],
      ['newline in the url', { url: 'https://exa\nmple.com/' }],
      ['pages zero', { url: fake.endpoint, pages: 0 }],
      ['pages negative', { url: fake.endpoint, pages: -1 }],
      ['pages fractional', { url: fake.endpoint, pages: 1.5 }],
      ['pages a string', { url: fake.endpoint, pages: '2' }],
      ['pages huge', { url: fake.endpoint, pages: 1e9 }],
      ['pages null', { url: fake.endpoint, pages: null }],
      ['an unknown field', { url: fake.endpoint, page: 5 }],
    ];
    for (const [what, payload] of bad) {
      const res = await post(typeof payload === 'string' ? payload : JSON.stringify(payload));
      expect(res.statusCode, what).toBe(400);
      expect(res.json().error, what).toMatchObject({ code: expect.any(String), message: expect.any(String), retryable: false });
    }
    expect((await post({ url: fake.endpoint, pages: 0 })).json().error.message).toMatch(/pages/);
    const huge = await post(JSON.stringify({ url: fake.endpoint, pad: 'a'.repeat(operatorRouteConfig.bodyBytes) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.retryable).toBe(false);
    // A bare URL as text is not the JSON object either.
    const text = await app.inject({ method: 'POST', url: operatorImportPath, payload: fake.endpoint, headers: { ...asOperator, 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(400);
    expect(fake.requests).toEqual([]);
    expect(await videoCount()).toBe(0);
  });

  it('attack: an import aimed at internal addresses is refused by the upstream policy, and nothing is imported', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[::ffff:169.254.169.254]/api.php/provide/vod/', 'http://10.0.0.1/api.php/provide/vod/', 'http://metadata.google.internal/']) {
      const res = await post({ url, pages: 3 });
      expect(res.statusCode, url).toBe(200);
      const lines = linesOf(res.body);
      const last = lines.at(-1)!;
      // Refused at page 1, without a page count: the import stops there.
      expect(last.summary, url).toMatchObject({ pages: { imported: 0, failed: 1 }, videos: { inserted: 0, updated: 0 } });
      expect(last.summary.errors, url).toHaveLength(1);
      for (const error of last.summary.errors) expect(error, url).toMatch(/^page \d: .*only fetches public internet addresses/);
    }
    expect(await videoCount()).toBe(0);
  });

  it('imports for the operator: log lines as it goes, then the summary; the videos are then in the catalogue', async () => {
    const res = await post({ url: fake.endpoint, pages: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson');
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = linesOf(res.body);
    expect(lines[0]).toEqual({ log: expect.stringMatching(/^importing http:\/\/127\.0\.0\.1:\d+\/api\.php\/provide\/vod\/ \(up to 5 list pages\)/) });
    expect(lines).toContainEqual({ log: 'page 1: 20 inserted, 0 updated' });
    expect(lines).toContainEqual({ log: 'page 2: 10 inserted, 0 updated' });
    expect(lines.at(-1)).toEqual({
      summary: {
        source: fake.host,
        run: { id: expect.any(Number), kind: 'full', hours: null, resumedPages: 0 },
        pages: { imported: 2, failed: 0, available: 2 },
        categories: { inserted: 4, updated: 0 },
        videos: { inserted: 30, updated: 0 },
        gone: 0,
        skipped: [],
        errors: [],
      },
    });
    // Every line is one of the contract's.
    for (const line of lines) expect(Object.keys(line)).toHaveLength(1);

    const list = await app.inject({ method: 'GET', url: '/api.php/provide/vod/?ac=list' });
    expect(list.json()).toMatchObject({ code: 1, total: 30 });
    expect(await videoCount()).toBe(30);

    // A bare origin means the MacCMS list path, as on the command line; without pages, the whole source.
    const again = linesOf((await post({ url: fake.origin })).body).at(-1)!;
    expect(again.summary).toMatchObject({ pages: { imported: 2, failed: 0 }, videos: { inserted: 0, updated: 30 } });
  });

  it('runs one import at a time: a second call while one runs gets 409 (retryable); the next after it is accepted', async () => {
    const slow = await startFakeMaccms(5);
    slow.hangListPages.add(1);
    try {
      const first = post({ url: slow.endpoint });
      await until('the first import to ask its source', () => slow.requests.length > 0);
      const second = await post({ url: fake.endpoint });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ error: { code: 'IMPORT_RUNNING', message: expect.stringMatching(/one runs at a time/), retryable: true } });
      // The hung source goes away: the first import ends with that page failed.
      await slow.close();
      const done = linesOf((await first).body).at(-1)!;
      expect(done.summary.pages).toMatchObject({ imported: 0, failed: 1 });
    } finally {
      await slow.close();
    }
    const third = await post({ url: fake.endpoint });
    expect(third.statusCode).toBe(200);
    expect(linesOf(third.body).at(-1)!.summary.errors).toEqual([]);
  }, 30_000);

  it('keeps a quiet import alive with heartbeats, and survives a client that hangs up mid-import', async () => {
    const listening = await buildTestApp(kind, { ADMIN_TOKEN: testAdminToken });
    const slow = await startFakeMaccms(5);
    slow.hangListPages.add(1);
    try {
      await listening.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(listening.app.server.address() as AddressInfo).port}`;
      const abort = new AbortController();
      const res = await fetch(`${base}${operatorImportPath}`, {
        method: 'POST',
        headers: { ...asOperator, 'content-type': 'application/json' },
        body: JSON.stringify({ url: slow.endpoint }),
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let received = '';
      // The source says nothing: the server does, every heartbeatMs.
      while (!received.includes('"heartbeat"')) {
        const chunk = await reader.read();
        if (chunk.done) break;
        received += decoder.decode(chunk.value, { stream: true });
      }
      expect(linesOf(received)).toContainEqual({ heartbeat: true });
      abort.abort();
      await slow.close();
      // The import ends on its own; the server still answers and takes the next import.
      const next = async () => {
        const answer = await fetch(`${base}${operatorImportPath}`, { method: 'POST', headers: { ...asOperator, 'content-type': 'application/json' }, body: JSON.stringify({ url: fake.endpoint }) });
        await answer.text();
        return answer.status;
      };
      let status = 409;
      await until('the abandoned import to finish', async () => (status = await next()) !== 409, 20_000);
      expect(status).toBe(200);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      await slow.close();
      await listening.close();
    }
  }, 30_000);
});
