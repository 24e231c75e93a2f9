// Import benchmark (issue 18, "Speed"): a whole MacCMS source imported from
// the loopback fake source (tests/support/fake-maccms) with 50 ms latency per
// answer, into PostgreSQL and into PGlite, with the import's own defaults
// (concurrency, pacing, retries: importConfig), as `npm run catalogue:import`
// runs it.
//
//   npm run bench:import                   # 2,000 pages (40,000 videos)
//   npm run bench:import -- --pages 200    # a quick run
//   npm run bench:import -- --rps 0        # unpaced (the default paces requests as the import does)
//
// Targets: under 5 minutes on PostgreSQL, under 10 on PGlite (2,000 pages).
// PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else the local test
// server; the bench creates its own database (clipfeed_bench) on it and drops
// it afterwards, touching no other. PGlite: a temporary directory.
// Writes benchmarks/results/import.json.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/client';
import { createUpstreamPolicy } from '../server/net/upstream-policy';
import { importConfig } from '../server/services/catalogue/config';
import { importCatalogue } from '../server/services/catalogue/import/index';
import { startFakeSource } from '../tests/support/fake-maccms/server';

const here = path.dirname(fileURLToPath(import.meta.url));
const LATENCY_MS = 50; // per answer of the fake source (issue 18)
const PAGE_SIZE = 20; // MacCMS's default page size
const TARGET_MINUTES = { postgres: 5, pglite: 10 } as const; // issue 18, for 2,000 pages
const BENCH_DB = 'clipfeed_bench';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '2000' }, rps: { type: 'string' }, only: { type: 'string' } }, strict: true });
const pages = Number(values.pages);
if (!Number.isSafeInteger(pages) || pages < 1) throw new Error(`--pages must be a positive integer, got ${values.pages}`);
const rps = values.rps === undefined ? importConfig.requestsPerSecond : Number(values.rps);
if (!Number.isFinite(rps) || rps < 0) throw new Error(`--rps must be a number >= 0, got ${values.rps}`);
const only = values.only;
if (only !== undefined && only !== 'postgres' && only !== 'pglite') throw new Error(`--only must be postgres or pglite, got ${only}`);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Result {
  database: 'postgres' | 'pglite';
  pages: number;
  videos: number;
  seconds: number;
  videosPerSecond: number;
  requests: number;
  /** Pages asked for more than once (retries, re-reads). */
  pagesAskedAgain: number;
  errors: string[];
  targetMinutes: number;
  /** The target scaled to the pages run (it is set for 2,000). */
  withinTarget: boolean;
}

async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3_000 });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function openPostgres(): Promise<{ database: Database; drop: () => Promise<void> } | null> {
  try {
    await adminQuery(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${BENCH_DB}`);
  } catch (err) {
    console.log(`PostgreSQL at ${pgUrl} is not usable (${err instanceof Error ? err.message : String(err)}): skipped`);
    return null;
  }
  const url = new URL(pgUrl);
  url.pathname = `/${BENCH_DB}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  return { database, drop: () => adminQuery(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`) };
}

async function openPglite(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clipfeed-import-bench-'));
  const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function benchOne(kind: Result['database'], opened: { database: Database; drop: () => Promise<void> }): Promise<Result> {
  const source = await startFakeSource({ pages, pageSize: PAGE_SIZE, latencyMs: LATENCY_MS });
  try {
    console.log(`${kind}: importing ${pages} pages (${pages * PAGE_SIZE} videos), ${LATENCY_MS} ms per answer, ${rps === 0 ? 'unpaced' : `${rps} requests/s`}...`);
    const started = process.hrtime.bigint();
    const summary = await importCatalogue(opened.database.db, new URL(source.endpoint), {
      network: createUpstreamPolicy({ allowedPrivateUpstreams: ['127.0.0.1'] }),
      requestsPerSecond: rps,
      log: (line) => console.log(`  ${line}`),
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const videos = summary.videos.inserted + summary.videos.updated;
    const targetMinutes = TARGET_MINUTES[kind];
    return {
      database: kind,
      pages: summary.pages.imported,
      videos,
      seconds: Math.round(seconds * 10) / 10,
      videosPerSecond: Math.round(videos / seconds),
      requests: source.log.entries.length,
      pagesAskedAgain: [...source.log.listCounts().values()].filter((n) => n > 1).length,
      errors: summary.errors,
      targetMinutes,
      withinTarget: seconds <= targetMinutes * 60 * (pages / 2000),
    };
  } finally {
    await source.close();
    await opened.database.close();
    await opened.drop();
  }
}

const results: Result[] = [];
if (only !== 'pglite') {
  const opened = await openPostgres();
  if (opened) results.push(await benchOne('postgres', opened));
}
if (only !== 'postgres') results.push(await benchOne('pglite', await openPglite()));

console.log('\ndatabase  pages  videos  seconds  videos/s  requests  target');
for (const r of results) {
  const target = `< ${r.targetMinutes} min for 2,000 pages${r.withinTarget ? '' : ' (MISSED, scaled to the pages run)'}`;
  console.log(`${r.database.padEnd(8)}  ${String(r.pages).padStart(5)}  ${String(r.videos).padStart(6)}  ${r.seconds.toFixed(1).padStart(7)}  ${String(r.videosPerSecond).padStart(8)}  ${String(r.requests).padStart(8)}  ${target}`);
  if (r.errors.length > 0) console.log(`  ${r.database} errors: ${r.errors.slice(0, 5).join(' | ')}`);
}
mkdirSync(path.join(here, 'results'), { recursive: true });
const out = path.join(here, 'results', 'import.json');
writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version }, latencyMs: LATENCY_MS, requestsPerSecond: rps, pagesAsked: pages, results }, null, 2)}\n`);
console.log(`\nwrote ${path.relative(process.cwd(), out)}`);
if (results.some((r) => r.errors.length > 0 || r.pages < pages)) process.exitCode = 1;
