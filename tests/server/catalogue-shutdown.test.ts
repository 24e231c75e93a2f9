// A server closing while a catalogue import runs (app.close(), what SIGTERM
// does): a scheduled sync and an operator's import of a slow source are
// stopped, their run is closed as interrupted with the reason before the
// database closes, nothing is fetched or written after close, and the next
// import of the source resumes the interrupted run with the pages not done.

import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { videos } from '../../server/db/schema/catalogue';
import { catalogueRunPages, catalogueRuns, RunKind } from '../../server/db/schema/catalogue-sync';
import { operatorImportPath } from '../../server/services/catalogue/import/index';
import { ensureSource } from '../../server/services/catalogue/sync/runs';
import { startFakeSource, type FakeSource } from '../support/fake-maccms/server';
import { asOperator, testAdminToken } from './helpers/admin';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

const PAGES = 40;
const LATENCY_MS = 200;
const INTERRUPTED = /^interrupted: the server shut down before the run finished; the next import of the source resumes with the pages not done/;

type Json = Record<string, any>;
const linesOf = (body: string): Json[] =>
  body
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Json);

const runsOf = (t: TestApp) => t.app.db.select().from(catalogueRuns).orderBy(catalogueRuns.runId);

async function waitFor<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const pageSaved = (t: TestApp) => waitFor('a page of the import to be saved', () => runsOf(t), (rs) => rs.some((r) => r.status === 'running' && r.pagesDone > 0));

/** What the import has written: its run row, the pages it recorded and the videos. */
async function written(t: TestApp, runId: number) {
  const [run] = await t.app.db.select().from(catalogueRuns).where(eq(catalogueRuns.runId, runId));
  const [pages] = await t.app.db.select({ n: count() }).from(catalogueRunPages).where(eq(catalogueRunPages.runId, runId));
  const [vids] = await t.app.db.select({ n: count() }).from(videos);
  return { run, pages: pages.n, videos: vids.n };
}

/** After close: a while longer than several answers of the source, then nothing may have changed. */
async function expectQuietAfterClose(t: TestApp, source: FakeSource, runId: number) {
  const before = await written(t, runId);
  const asked = source.log.entries.length;
  await new Promise((r) => setTimeout(r, LATENCY_MS * 5));
  expect(await written(t, runId)).toEqual(before);
  expect(source.log.entries.length).toBe(asked);
  // Every page the run counts is recorded, and none past the close.
  expect(before.pages).toBe(before.run.pagesDone);
}

describe.each(databaseKinds)('closing the server during a catalogue import on %s', (kind) => {
  let source: FakeSource;
  let t: TestApp | undefined;
  beforeEach(async () => {
    source = await startFakeSource({ pages: PAGES, latencyMs: LATENCY_MS });
  });
  afterEach(async () => {
    await t?.db.drop();
    t = undefined;
    await source.close();
  });

  it('stops a scheduled sync: the run is closed as interrupted with the reason, and nothing is fetched or written after close', async () => {
    t = await buildTestApp(kind, { SYNC_EVERY: '5s' });
    // A known source never synced is due at once: the scheduler imports it whole.
    await ensureSource(t.app.db, new URL(source.endpoint));
    const [running] = (await pageSaved(t)).filter((r) => r.status === 'running');
    await t.app.close();

    const { run } = await written(t, running.runId);
    expect(run).toMatchObject({ kind: RunKind.full, status: 'interrupted' });
    expect(run.errors).toMatch(INTERRUPTED);
    expect(run.finishedAt).not.toBeNull();
    expect(run.pagesDone).toBeGreaterThan(0);
    expect(run.pagesDone).toBeLessThan(PAGES);
    await expectQuietAfterClose(t, source, running.runId);
  }, 30_000);

  it('stops an operator\'s import the same way, its stream ends with the reason, and the next import resumes the run', async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN: testAdminToken });
    const answer = t.app.inject({ method: 'POST', url: operatorImportPath, payload: { url: source.endpoint }, headers: asOperator });
    const [running] = (await pageSaved(t)).filter((r) => r.status === 'running');
    await t.app.close();

    const last = linesOf((await answer).body).at(-1)!;
    expect(last.summary.errors.at(-1)).toMatch(INTERRUPTED);
    const { run } = await written(t, running.runId);
    expect(run).toMatchObject({ status: 'interrupted' });
    expect(run.errors).toMatch(INTERRUPTED);
    await expectQuietAfterClose(t, source, running.runId);

    // The next server on the same database takes the interrupted run over and fetches only the pages not done.
    const saved = run.pagesDone;
    source.settings.latencyMs = 0;
    const next = await buildApp({ config: t.config, database: t.db.database, closeDatabase: false, backgroundWorkStarts: 'ready' });
    try {
      const resumed = linesOf((await next.inject({ method: 'POST', url: operatorImportPath, payload: { url: source.endpoint }, headers: asOperator })).body).at(-1)!;
      expect(resumed.summary).toMatchObject({ run: { id: running.runId, kind: 'full', resumedPages: saved }, pages: { imported: PAGES - saved, failed: 0 }, errors: [] });
      expect((await written(t, running.runId)).run).toMatchObject({ status: 'done', errors: null, pagesDone: PAGES });
    } finally {
      await next.close();
    }
  }, 40_000);
});
