// Two real server processes on one PostgreSQL (issue 18, "Beyond one
// machine"), as an operator runs N of them: a fresh database made for the
// run, the same secrets and PUBLIC_URL for both, a DATA_DIR each, and a
// round-robin balancer in front whose address is that PUBLIC_URL (the demo's
// play addresses point at it, so either process's worker can fetch them).
// The demo media are copied from the suite's server's DATA_DIR, so neither
// process encodes them again; the catalogue rows are still seeded by both,
// started together.

import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { e2eServerEnv } from './env';
import { startRealServer, type RealServer } from './real-server';

export interface TwoServers {
  a: RealServer;
  b: RealServer;
  /** The balancer's address: both processes' PUBLIC_URL. */
  balancer: string;
  adminToken: string;
  /** A client on the run's database, for what only the database can tell (each task done once). */
  sql: pg.Client;
  stop(): Promise<void>;
}

/** Why the two-process run cannot happen here, or null when PostgreSQL answers at TEST_DATABASE_URL. */
export async function postgresUnavailable(url: string | undefined): Promise<string | null> {
  if (!url) return 'TEST_DATABASE_URL is not set: two processes need a shared PostgreSQL (CI sets it)';
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await probe.connect();
    await probe.query('SELECT 1');
    return null;
  } catch (err) {
    return `no PostgreSQL answers at TEST_DATABASE_URL (${(err as Error).message})`;
  } finally {
    await probe.end().catch(() => undefined);
  }
}

interface Balancer {
  url: string;
  setTargets(urls: string[]): void;
  close(): Promise<void>;
}

/** Round robin over the targets, request by request (no stickiness: the processes share no memory that would need it). */
async function startBalancer(): Promise<Balancer> {
  let targets: URL[] = [];
  let next = 0;
  const server: Server = createServer((req, res) => {
    if (targets.length === 0) {
      res.writeHead(503).end();
      return;
    }
    const target = targets[next++ % targets.length];
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.once('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    setTargets: (urls) => {
      targets = urls.map((u) => new URL(u));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function dataDirWithDemo(demoFrom: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'clipfeed-e2e-two-'));
  await cp(path.join(demoFrom, 'demo'), path.join(dir, 'demo'), { recursive: true });
  return dir;
}

/**
 * Starts both processes at once on a new database next to TEST_DATABASE_URL's. `extraEnv` adds settings for both
 * (the spec's faster points rules). `stop` ends both, then drops the database and the data directories.
 */
export async function startTwoServers(root: string, testDatabaseUrl: string, demoDataDir: string, extraEnv: Record<string, string>, log: (line: string) => void): Promise<TwoServers> {
  const name = `clipfeed_e2e_two_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = new URL(testDatabaseUrl);
  databaseUrl.pathname = `/${name}`;

  const balancer = await startBalancer();
  const dirs = await Promise.all([dataDirWithDemo(demoDataDir), dataDirWithDemo(demoDataDir)]);
  const adminToken = randomBytes(24).toString('hex');
  const shared = {
    ...e2eServerEnv,
    ...extraEnv,
    DATABASE_URL: databaseUrl.toString(),
    PUBLIC_URL: balancer.url,
    SSO_SECRET: randomBytes(24).toString('hex'),
    ADMIN_TOKEN: adminToken,
  };
  const started = await Promise.allSettled(
    dirs.map((dir, i) => startRealServer(root, { ...shared, DATA_DIR: dir }, (line) => log(`[${i === 0 ? 'A' : 'B'}] ${line}`))),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const sql = new pg.Client({ connectionString: databaseUrl.toString() });

  async function stop(): Promise<void> {
    await Promise.all(servers.map((s) => s.stop()));
    await balancer.close();
    await sql.end().catch(() => undefined);
    const drop = new pg.Client({ connectionString: testDatabaseUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }

  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  balancer.setTargets(servers.map((s) => s.url));
  await sql.connect();
  return { a: servers[0], b: servers[1], balancer: balancer.url, adminToken, sql, stop };
}
