// Server tests run on PGlite (memory://) and, when TEST_DATABASE_URL is set
// (.ci/run sets it when the machine's PostgreSQL answers), on PostgreSQL too:
// each test app gets a fresh database created for it and dropped afterwards.

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../../server/app';
import { loadConfig, type ServerConfig } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/client';

export type DatabaseKind = 'pglite' | 'postgres';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/** The databases every server suite runs against. */
export const databaseKinds: DatabaseKind[] = testDatabaseUrl ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  kind: DatabaseKind;
  /** For PostgreSQL: the URL of the database made for this test. */
  url?: string;
  drop(): Promise<void>;
}

export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    return { database, kind, drop: () => database.close() };
  }
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `clipfeed_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  return {
    database,
    kind,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: testDatabaseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Test apps may fetch loopback upstreams (fake playlist and MacCMS servers on
 * 127.0.0.1, any port), as ALLOWED_PRIVATE_UPSTREAMS allows; the suites that
 * attack the upstream fetches set it themselves (tests/server/upstream-*.test.ts).
 * The player API's rate limits are lifted: suites drive hundreds of calls
 * from one address and one player (concurrency, cycles); the limits have
 * their own suite (player-rate-limit.test.ts), which sets them.
 */
export function testConfig(env: Record<string, string | undefined> = {}): ServerConfig {
  const loaded = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'clipfeed-test-')), ALLOW_AUTOMATION: '1', SSO_SECRET: 'test-secret-test-secret-test-secret-0123456789', ALLOWED_PRIVATE_UPSTREAMS: '127.0.0.1', PLAYER_REQUESTS_PER_ADDRESS: '10000000', PLAYER_REQUESTS_PER_PLAYER: '10000000', ...env });
  if (!loaded.ok) throw new Error(loaded.message);
  return loaded.config;
}

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: ServerConfig;
  close(): Promise<void>;
}

export async function buildTestApp(kind: DatabaseKind, env: Record<string, string | undefined> = {}): Promise<TestApp> {
  const db = await openTestDatabase(kind);
  const config = testConfig(env);
  const app = await buildApp({ config, database: db.database, closeDatabase: false, backgroundWorkStarts: 'ready' });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
