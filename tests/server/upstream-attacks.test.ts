// Issue 13, point 4, as the attack: catalogue rows (and clean requests) that
// aim the server's upstream fetches at internal addresses. The clean endpoint,
// a short-video task and the catalogue import each refuse every one with the
// same answer, whatever the network would have said (an open port, a closed
// port, a metadata address), and the loopback server being aimed at sees no
// connection at all. The exceptions still work: an ALLOWED_PRIVATE_UPSTREAMS
// host:port and the server's own origin (not its own clean URL).

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { videos } from '../../server/db/schema/catalogue';
import { createHostAllowList } from '../../server/services/media/allowed-hosts';
import { UPSTREAM_REFUSED } from '../../server/net/safe-fetch';
import { upstreamPolicyFor } from '../../server/net/upstream-policy';
import { importCatalogue } from '../../server/services/catalogue/import/index';
import { runTask } from '../../server/services/short-videos/run-task';
import { createTasks } from '../../server/services/short-videos/tasks-repo';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

/** A name that looks public but whose DNS answer is 127.0.0.1 (rebinding services do exactly this). */
const REBOUND_NAME = 'videos.cdn-publico-exemplo.com.br';

vi.mock('node:dns/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns/promises')>();
  const lookup = (async (hostname: string, options?: object) =>
    hostname === 'videos.cdn-publico-exemplo.com.br' ? [{ address: '127.0.0.1', family: 4 }] : real.lookup(hostname, options as never)) as typeof real.lookup;
  return { ...real, lookup, default: { ...real, lookup } };
});

function film(dir: string, count = 30): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:6', '#EXT-X-PLAYLIST-TYPE:VOD'];
  for (let i = 0; i < count; i++) lines.push('#EXTINF:6.0,', `${dir}/seg_${String(i).padStart(3, '0')}.ts`);
  return [...lines, '#EXT-X-ENDLIST', ''].join('\n');
}

interface Listener {
  server: Server;
  port: number;
  origin: string;
  connections: number;
  requests: string[];
}

async function listen(host: string, handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<Listener> {
  const self = { connections: 0, requests: [] } as unknown as Listener;
  self.server = createServer((req, res) => {
    self.requests.push(req.url ?? '');
    handle(req, res);
  });
  self.server.on('connection', () => self.connections++);
  await new Promise<void>((resolve, reject) => {
    self.server.once('error', reject);
    self.server.listen(0, host, resolve);
  });
  self.port = (self.server.address() as AddressInfo).port;
  self.origin = `http://127.0.0.1:${self.port}`;
  return self;
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

/** The internal service being aimed at: it answers anything, so any request that reached it would succeed. */
let victim: Listener;
/** A loopback upstream the tests allow (ALLOWED_PRIVATE_UPSTREAMS=127.0.0.1:<its port>); some of its paths redirect inward. */
let allowed: Listener;
let closed: number;
let allowedClosed: number;

beforeAll(async () => {
  const answer = (res: ServerResponse) => res.writeHead(200, { 'Content-Type': 'application/vnd.apple.mpegurl' }).end(film('/internal'));
  // Dual stack when the machine has IPv6, so [::1] and ::ffff:127.0.0.1 would reach it too.
  victim = await listen('::', (_req, res) => answer(res)).catch(() => listen('127.0.0.1', (_req, res) => answer(res)));
  allowed = await listen('127.0.0.1', (req, res) => {
    const url = req.url ?? '';
    const to = (location: string) => res.writeHead(302, { Location: location }).end();
    if (url === '/show/index.m3u8') answer(res);
    else if (url === '/hop/private.m3u8') to(`http://127.0.0.1:${victim.port}/internal/index.m3u8`);
    else if (url === '/hop/metadata.m3u8') to('http://169.254.169.254/latest/meta-data/index.m3u8');
    else if (url === '/hop/name.m3u8') to(`http://${REBOUND_NAME}:${victim.port}/internal/index.m3u8`);
    else if (url.startsWith('/api.php/provide/vod/')) to(`http://127.0.0.1:${victim.port}/api.php/provide/vod/`);
    else res.writeHead(404).end();
  });
  closed = await closedPort();
  allowedClosed = await closedPort();
});
afterAll(() => {
  for (const l of [victim, allowed]) {
    l?.server.closeAllConnections();
    l?.server.close();
  }
});

const refused403 = { success: false, message: UPSTREAM_REFUSED.message, error: 'UPSTREAM_REFUSED' };

describe.each(databaseKinds)('upstream fetches aimed inside, on %s', (kind) => {
  let t: TestApp;
  let appOrigin: string;
  let appConnections = 0;
  const rows: Record<string, number> = {};

  /** Every playlist address an attacker might get into the catalogue, by what it tries. */
  const attacks = (): Record<string, string> => ({
    'an open loopback port': `http://127.0.0.1:${victim.port}/internal/index.m3u8`,
    'a closed loopback port (5432 on a machine without PostgreSQL)': `http://127.0.0.1:${closed}/internal/index.m3u8`,
    'cloud metadata': 'http://169.254.169.254/latest/meta-data/index.m3u8',
    'IPv6 loopback': `http://[::1]:${victim.port}/index.m3u8`,
    'IPv4-mapped IPv6 loopback': `http://[::ffff:127.0.0.1]:${victim.port}/index.m3u8`,
    'hex loopback': `http://0x7f000001:${victim.port}/index.m3u8`,
    'decimal loopback': `http://2130706433:${victim.port}/index.m3u8`,
    'a public-looking name resolving to 127.0.0.1': `http://${REBOUND_NAME}:${victim.port}/internal/index.m3u8`,
    'a redirect from an allowed host to loopback': `${allowed.origin}/hop/private.m3u8`,
    'a redirect from an allowed host to metadata': `${allowed.origin}/hop/metadata.m3u8`,
    'a redirect from an allowed host to a name resolving to loopback': `${allowed.origin}/hop/name.m3u8`,
    'the server\'s own clean URL': `${appOrigin}/api/v2/hls/clean.m3u8?src=${encodeURIComponent(`${allowed.origin}/show/index.m3u8`)}`,
  });

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clipfeed-upstream-'));
    mkdirSync(path.join(dataDir, 'media/own'), { recursive: true });
    writeFileSync(path.join(dataDir, 'media/own/index.m3u8'), film('/media/own'));
    t = await buildTestApp(kind, {
      DATA_DIR: dataDir,
      ALLOWED_PRIVATE_UPSTREAMS: `127.0.0.1:${allowed.port},127.0.0.1:${allowedClosed}`,
    });
    appOrigin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    t.app.server.on('connection', () => appConnections++);
    const add = async (key: string, url: string) => {
      const [row] = await t.app.db
        .insert(videos)
        .values({ typeId: 1, vodName: key, sourceKey: `attack:${key}`, vodPlayUrl: `Line 1$${url}` })
        .returning({ id: videos.vodId });
      rows[key] = row.id;
    };
    for (const [what, url] of Object.entries(attacks())) await add(what, url);
    await add('allowed', `${allowed.origin}/show/index.m3u8`);
    await add('allowed but down', `http://127.0.0.1:${allowedClosed}/show/index.m3u8`);
    await add('own media', `${appOrigin}/media/own/index.m3u8`);
  });
  afterAll(async () => t?.close());

  const clean = (src: string) => t.app.inject({ method: 'GET', url: `/api/v2/hls/clean.m3u8?src=${encodeURIComponent(src)}` });

  it('the clean endpoint answers every attack with the same 403, and nothing inside is connected to', async () => {
    const before = { victim: victim.connections, app: appConnections };
    const urls = { ...attacks(), 'the metadata index itself': 'http://169.254.169.254/latest/meta-data/' };
    for (const [what, src] of Object.entries(urls)) {
      const res = await clean(src);
      expect(res.statusCode, what).toBe(403);
      expect(res.json(), what).toEqual(refused403);
    }
    expect(victim.connections).toBe(before.victim);
    expect(victim.requests).toEqual([]);
    // The own clean URL was refused without the server calling itself.
    expect(appConnections).toBe(before.app);
  });

  it('a private address outside the catalogue is refused before anything is resolved or connected', async () => {
    const res = await clean(`http://127.0.0.1:${closed + 1}/x.m3u8`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('HOST_NOT_ALLOWED');
    expect(victim.connections).toBe(0);
  });

  it('still fetches an ALLOWED_PRIVATE_UPSTREAMS host:port and the server\'s own origin', async () => {
    const fromAllowed = await clean(`${allowed.origin}/show/index.m3u8`);
    expect(fromAllowed.statusCode).toBe(200);
    expect(fromAllowed.body).toContain(`${allowed.origin}/internal/seg_000.ts`);
    const before = appConnections;
    const fromSelf = await clean(`${appOrigin}/media/own/index.m3u8`);
    expect(fromSelf.statusCode).toBe(200);
    expect(fromSelf.body).toContain(`${appOrigin}/media/own/seg_000.ts`);
    // The control for the assertion above: a fetch of the own origin is seen as a connection.
    expect(appConnections).toBeGreaterThan(before);
  });

  it('a failure of an allowed host is a 502 that names no address and no system error', async () => {
    const res = await clean(`http://127.0.0.1:${allowedClosed}/show/index.m3u8`);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ success: false, message: 'Upstream request failed: the connection was refused.', error: 'UPSTREAM' });
  });

  it('a short-video task for any of those videos fails with the same message, connecting to nothing inside', async () => {
    const deps = { db: t.app.db, allowList: createHostAllowList(t.app.db), policy: upstreamPolicyFor(t.app), signal: new AbortController().signal };
    const before = { victim: victim.connections, app: appConnections };
    for (const what of Object.keys(attacks())) {
      const [task] = await createTasks(t.app.db, [{ videoId: rows[what], request: { kind: 'auto' } }]);
      expect(await runTask(task, deps), what).toEqual({ kind: 'failed', message: UPSTREAM_REFUSED.message });
    }
    expect(victim.connections).toBe(before.victim);
    expect(appConnections).toBe(before.app);
    for (const what of ['allowed', 'own media']) {
      const [task] = await createTasks(t.app.db, [{ videoId: rows[what], request: { kind: 'auto' } }]);
      expect(await runTask(task, deps), what).toMatchObject({ kind: 'completed' });
    }
  });

  it('the catalogue import refuses such a source with the same message, at once (no retries), connecting to nothing inside', async () => {
    const sources = [
      `http://127.0.0.1:${victim.port}/api.php/provide/vod/`,
      `http://127.0.0.1:${closed}/api.php/provide/vod/`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${victim.port}/api.php/provide/vod/`,
      `http://[::ffff:127.0.0.1]:${victim.port}/api.php/provide/vod/`,
      `http://0x7f000001:${victim.port}/api.php/provide/vod/`,
      `http://2130706433:${victim.port}/api.php/provide/vod/`,
      `http://${REBOUND_NAME}:${victim.port}/api.php/provide/vod/`,
      `${allowed.origin}/api.php/provide/vod/`, // redirects to the victim
      `${appOrigin}/api/v2/hls/clean.m3u8`,
    ];
    const before = { victim: victim.connections, app: appConnections, allowed: allowed.requests.length };
    for (const source of sources) {
      const summary = await importCatalogue(t.app.db, new URL(source), { pages: 1, network: upstreamPolicyFor(t.app), policy: { timeoutMs: 5_000, retries: 2, retryDelayMs: 0 } });
      expect(summary.errors, source).toEqual([`page 1: ${UPSTREAM_REFUSED.message}`]);
      expect(summary.videos, source).toEqual({ inserted: 0, updated: 0 });
    }
    expect(victim.connections).toBe(before.victim);
    expect(appConnections).toBe(before.app);
    // The allowed host was asked once (its redirect was refused, not retried).
    expect(allowed.requests.length - before.allowed).toBe(1);
  });
});
