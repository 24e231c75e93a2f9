// The guarded upstream fetch on its own (server/net/safe-fetch.ts): refusals
// happen before any socket is opened, the socket goes to the address that was
// checked (the host name is kept for Host), redirects are re-checked and
// bounded, failures of allowed hosts name no address.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { safeFetch, UPSTREAM_REFUSED } from '../../server/net/safe-fetch';
import { createUpstreamPolicy, type Resolver } from '../../server/net/upstream-policy';

interface Recorder {
  server: Server;
  port: number;
  origin: string;
  connections: number;
  requests: { url: string; host: string | undefined }[];
}

async function recorder(handle: (req: IncomingMessage, res: ServerResponse, self: Recorder) => void): Promise<Recorder> {
  const self = { connections: 0, requests: [] } as unknown as Recorder;
  self.server = createServer((req, res) => {
    self.requests.push({ url: req.url ?? '', host: req.headers.host });
    handle(req, res, self);
  });
  self.server.on('connection', () => self.connections++);
  await new Promise<void>((resolve) => self.server.listen(0, '127.0.0.1', resolve));
  self.port = (self.server.address() as AddressInfo).port;
  self.origin = `http://127.0.0.1:${self.port}`;
  return self;
}

let victim: Recorder;
let allowed: Recorder;
let closedPort: number;

/** Names of the tests' own: a .test name never resolves through the system, so a socket that asked DNS itself would fail. */
const names: Record<string, string> = { 'media.lan.test': '127.0.0.1', 'public-looking-cdn.test': '127.0.0.1', 'metadata.test': '169.254.169.254' };
let lookups: string[] = [];
const resolve: Resolver = async (hostname) => {
  lookups.push(hostname);
  const address = names[hostname];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

beforeAll(async () => {
  victim = await recorder((_req, res) => res.writeHead(200).end('secret'));
  allowed = await recorder((req, res, self) => {
    const url = req.url ?? '';
    if (url === '/ok') res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
    else if (url === '/gz') res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.from('\ufeffzipped text')));
    else if (url === '/big') res.writeHead(200).end('x'.repeat(5000));
    else if (url === '/bomb') res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(10 * 1024 * 1024)));
    else if (url === '/to-victim') res.writeHead(302, { location: `${victim.origin}/x` }).end();
    else if (url === '/to-victim-by-name') res.writeHead(301, { location: `http://public-looking-cdn.test:${victim.port}/x` }).end();
    else if (url === '/to-file') res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    else if (url === '/to-ok') res.writeHead(307, { location: '/ok' }).end();
    else if (url.startsWith('/loop')) res.writeHead(302, { location: `/loop${Number(url.slice(5) || 0) + 1}` }).end();
    else if (url === '/to-clean') res.writeHead(302, { location: `http://127.0.0.1:${self.port}/api/v2/hls/clean.m3u8?src=x` }).end();
    else if (url === '/hang') return; // never answers
    else res.writeHead(404).end();
  });
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
});
afterAll(() => {
  for (const r of [victim, allowed]) {
    r?.server.closeAllConnections();
    r?.server.close();
  }
});
beforeEach(() => {
  lookups = [];
});

const policy = (allowedPrivateUpstreams: string[] = [], ownOrigins: string[] = []) => createUpstreamPolicy({ allowedPrivateUpstreams, ownOrigins: () => ownOrigins, resolve });
const get = (url: string, p = policy([`127.0.0.1:${allowed.port}`, 'media.lan.test']), more: { timeoutMs?: number; maxBytes?: number; maxRedirects?: number } = {}) =>
  safeFetch(url, { policy: p, timeoutMs: more.timeoutMs ?? 10_000, maxBytes: more.maxBytes, maxRedirects: more.maxRedirects });

describe('refused before connecting', () => {
  it('refuses internal addresses in every spelling, with the one error, and the listening server sees nothing', async () => {
    const targets = [
      `${victim.origin}/x`,
      `http://127.0.0.1:${closedPort}/x`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${victim.port}/`,
      `http://[::ffff:127.0.0.1]:${victim.port}/`,
      `http://0x7f000001:${victim.port}/`,
      `http://2130706433:${victim.port}/`,
      `http://public-looking-cdn.test:${victim.port}/x`,
      'http://metadata.test/latest/meta-data/',
      `ftp://127.0.0.1:${victim.port}/`,
      `http://does-not-resolve.test:${victim.port}/`,
    ];
    for (const target of targets) {
      expect(await get(target), target).toEqual({ ok: false, error: UPSTREAM_REFUSED });
    }
    expect(victim.connections).toBe(0);
    expect(victim.requests).toEqual([]);
  });

  it('re-checks every redirect hop: an allowed host sending the fetch to a private one is refused', async () => {
    for (const path of ['/to-victim', '/to-victim-by-name', '/to-file']) {
      expect(await get(`${allowed.origin}${path}`), path).toEqual({ ok: false, error: UPSTREAM_REFUSED });
    }
    expect(victim.connections).toBe(0);
  });

  it('never fetches a cleaned-playlist URL, not even on an allowed host or its own origin', async () => {
    const before = allowed.requests.length;
    const own = policy([], [allowed.origin]);
    expect(await get(`${allowed.origin}/api/v2/hls/clean.m3u8?src=x`, own)).toEqual({ ok: false, error: UPSTREAM_REFUSED });
    expect(await get(`${allowed.origin}/api/v2/hls/clean%2Em3u8?src=x`, own)).toEqual({ ok: false, error: UPSTREAM_REFUSED });
    expect(allowed.requests.length).toBe(before);
    // Reached by a redirect: the redirect itself is fetched, the clean URL is not.
    expect(await get(`${allowed.origin}/to-clean`, own)).toEqual({ ok: false, error: UPSTREAM_REFUSED });
    expect(allowed.requests.slice(before).map((r) => r.url)).toEqual(['/to-clean']);
  });
});

describe('allowed fetches', () => {
  it('fetches an ALLOWED_PRIVATE_UPSTREAMS host:port, and the server\'s own origin', async () => {
    const r = await get(`${allowed.origin}/ok`);
    expect(r).toMatchObject({ ok: true, value: { status: 200, text: 'hello', url: `${allowed.origin}/ok` } });
    const own = await get(`http://localhost:${allowed.port}/ok`, createUpstreamPolicy({ ownOrigins: () => [`http://localhost:${allowed.port}/`] }));
    expect(own).toMatchObject({ ok: true, value: { text: 'hello' } });
  });

  it('connects to the address it checked, once resolved, keeping the name in Host', async () => {
    const r = await get(`http://media.lan.test:${allowed.port}/ok`);
    expect(r).toMatchObject({ ok: true, value: { text: 'hello' } });
    // One lookup (the check); the socket asked nothing else: the system cannot resolve .test names.
    expect(lookups).toEqual(['media.lan.test']);
    expect(allowed.requests.at(-1)).toEqual({ url: '/ok', host: `media.lan.test:${allowed.port}` });
  });

  it('follows redirects on allowed hosts, at most maxRedirects', async () => {
    expect(await get(`${allowed.origin}/to-ok`)).toMatchObject({ ok: true, value: { text: 'hello', url: `${allowed.origin}/ok` } });
    expect(await get(`${allowed.origin}/loop`, undefined, { maxRedirects: 3 })).toEqual({ ok: false, error: { code: 'UPSTREAM_REDIRECTS', message: 'More than 3 redirects.', retryable: false } });
  });

  it('decodes gzip (a BOM dropped, as fetch does) and caps the decoded body', async () => {
    expect(await get(`${allowed.origin}/gz`)).toMatchObject({ ok: true, value: { text: 'zipped text' } });
    expect(await get(`${allowed.origin}/big`, undefined, { maxBytes: 1000 })).toMatchObject({ ok: false, error: { code: 'UPSTREAM_TOO_LARGE' } });
    expect(await get(`${allowed.origin}/bomb`, undefined, { maxBytes: 1024 * 1024 })).toMatchObject({ ok: false, error: { code: 'UPSTREAM_TOO_LARGE' } });
  });

  it('reports failures of allowed hosts without their address or the system text', async () => {
    const closed = await get(`http://127.0.0.1:${closedPort}/x`, policy([`127.0.0.1:${closedPort}`]));
    expect(closed).toEqual({ ok: false, error: { code: 'UPSTREAM_NETWORK', message: 'Upstream request failed: the connection was refused.', retryable: true, reason: 'the connection was refused' } });
    const slow = await get(`${allowed.origin}/hang`, undefined, { timeoutMs: 300 });
    expect(slow).toEqual({ ok: false, error: { code: 'UPSTREAM_TIMEOUT', message: 'Upstream did not answer within 300 ms.', retryable: true } });
    const unresolved = await get(`http://gone.test:${allowed.port}/`, policy(['gone.test']));
    expect(unresolved).toMatchObject({ ok: false, error: { code: 'UPSTREAM_NETWORK', retryable: true } });
    for (const r of [closed, slow, unresolved]) {
      const text = JSON.stringify(r);
      expect(text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|ENOTFOUND|getaddrinfo|:\d{4,5}\b/);
    }
  });
});
