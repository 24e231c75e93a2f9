// Two server processes on one PostgreSQL (issue 18, "Beyond one machine"):
// started together on a fresh database (migrated and seeded without a crash),
// requests alternating between them through the real HTTP API. A player made
// on A watches on B; the same watch sent to both at once counts once; a
// sign-on token is spent once across both; the short-video queue is drained by
// both without a task run twice; the catalogue sync (SYNC_EVERY) runs on one
// process at a time, one run a period per source. Skipped with the reason
// when no PostgreSQL answers at TEST_DATABASE_URL.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { statusAnswerSchema } from '../server/services/catalogue/sync/index';
import { startFakeSource, type FakeSource } from '../tests/support/fake-maccms/server';
import { postgresUnavailable, startTwoServers, type TwoServers } from './support/two-servers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testDatabaseUrl = process.env.TEST_DATABASE_URL;

// A ticket counts at once; counted watches stay 1 s apart (e2eServerEnv). Not 0: a copy of the cycle's last watch
// arriving just after it would count again as the first of the next cycle (a ticket counts once per cycle, and its
// 10 min life bounds such replays: watch-ticket.ts), which the production gap of 8 s refuses as too soon.
const fastPoints = { POINTS_MIN_WATCH_S: '0' };
const gapMs = 1_100;
// Both processes sync every imported source every 6 s (looking every second, sync/config.ts), from the loopback fakes.
const syncEveryMs = 6_000;
const syncEnv = { SYNC_EVERY: '6s', ALLOWED_PRIVATE_UPSTREAMS: '127.0.0.1' };

interface Envelope<T> {
  data: T;
}

let two: TwoServers;
const startLog: string[] = [];
const fakes: FakeSource[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const why = await postgresUnavailable(testDatabaseUrl);
  test.skip(why !== null, why ?? '');
  const demoDataDir = process.env.CLIPFEED_E2E_DATA;
  if (!demoDataDir) throw new Error('CLIPFEED_E2E_DATA is not set: run through e2e/playwright.config.ts (global setup)');
  two = await startTwoServers(root, testDatabaseUrl!, demoDataDir, { ...fastPoints, ...syncEnv }, (line) => startLog.push(line));
});

test.afterAll(async () => {
  await two?.stop();
  await Promise.all(fakes.map((f) => f.close()));
});

async function post<T>(base: string, route: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return (await res.json()) as T;
}

async function newPlayer(base: string, device: string): Promise<{ credential: string; player_id: string }> {
  const r = await post<{ credential: string; player_id: string }>(base, '/api/v1/player/init', { device_id: device });
  expect(r.status).toBe(200);
  return r.body.data;
}

async function catalogueIds(limit: number): Promise<number[]> {
  const { rows } = await two.sql.query<{ vod_id: number }>('SELECT vod_id FROM videos ORDER BY vod_id LIMIT $1', [limit]);
  return rows.map((r) => Number(r.vod_id));
}

interface WatchAnswer {
  is_valid_watch: boolean;
  points: number;
  invalid_reason: string | null;
}

test('both start together on one fresh database: each migrates without a crash and the demo catalogue is seeded once', async () => {
  for (const s of [two.a, two.b]) expect(await getJson<{ ok: boolean; database: string }>(`${s.url}/healthz`)).toEqual({ ok: true, database: 'postgres' });
  // Each process logs what its upsert added; together they added every entry exactly once.
  const seeded = startLog.map((l) => /demo catalogue: (\d+) entries .*: (\d+) added, (\d+) already listed/.exec(l)).filter((m) => m !== null);
  expect(seeded).toHaveLength(2);
  const entries = Number(seeded[0]![1]);
  expect(seeded.reduce((n, m) => n + Number(m![2]), 0)).toBe(entries);
  const { rows } = await two.sql.query<{ n: number; own: number }>(`SELECT count(*)::int AS n, count(*) FILTER (WHERE vod_play_url LIKE '%' || $1 || '%')::int AS own FROM videos`, [two.balancer]);
  expect(rows[0]).toEqual({ n: entries, own: entries });
  const totals = await Promise.all([two.a, two.b].map((s) => getJson<{ total: number }>(`${s.url}/api.php/provide/vod/?ac=list`)));
  expect(totals.map((t) => Number(t.total))).toEqual([entries, entries]);
});

test('a player made on A watches on B, and the same watch sent to both at once counts exactly once', async () => {
  const player = await newPlayer(two.a.url, `two-proc-${Date.now()}`);
  const videos = await catalogueIds(5);
  expect(videos).toHaveLength(5);
  for (const [i, videoId] of videos.entries()) {
    // The ticket from one process, the watch reported to both, three times each, all at once.
    const start = await post<{ ticket: string }>(i % 2 === 0 ? two.b.url : two.a.url, '/api/v1/player/video/start', { credential: player.credential, video_id: videoId });
    expect(start.status).toBe(200);
    const report = { credential: player.credential, video_id: videoId, ticket: start.body.data.ticket };
    const answers = await Promise.all([two.a, two.b, two.a, two.b, two.a, two.b].map((s) => post<WatchAnswer>(s.url, '/api/v1/player/video/watch', report)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.data.is_valid_watch)).toHaveLength(1);
    for (const a of answers.filter((x) => !x.body.data.is_valid_watch)) expect(['already_counted', 'too_soon']).toContain(a.body.data.invalid_reason);
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  // One cycle of five: the reward once, seen alike by both processes.
  for (const s of [two.a, two.b]) {
    const info = await post<{ points: number; player_id: string }>(s.url, '/api/v1/player/info', { credential: player.credential });
    expect(info.body.data).toMatchObject({ points: 100, player_id: player.player_id });
  }
  const history = await post<{ total: number; list: { amount: number; balance_after: number }[] }>(two.b.url, '/api/v1/player/transactions', { credential: player.credential, page: 1, page_size: 20 });
  expect(history.body.data.total).toBe(1);
  expect(history.body.data.list[0]).toMatchObject({ amount: 100, balance_after: 100 });
  const { rows } = await two.sql.query<{ n: number; sum: number }>(
    'SELECT count(*)::int AS n, coalesce(sum(amount), 0)::int AS sum FROM transactions t JOIN players p ON p.id = t.player_ref WHERE p.player_id = $1',
    [player.player_id],
  );
  expect(rows[0]).toEqual({ n: 1, sum: 100 });
});

test('a sign-on token made on one process is spent once across both, also when both are asked at once', async () => {
  const player = await newPlayer(two.b.url, `two-proc-sso-${Date.now()}`);
  for (const [i, videoId] of (await catalogueIds(5)).entries()) {
    const s = i % 2 === 0 ? two.a.url : two.b.url;
    const start = await post<{ ticket: string }>(s, '/api/v1/player/video/start', { credential: player.credential, video_id: videoId });
    const watch = await post<WatchAnswer>(i % 2 === 0 ? two.b.url : two.a.url, '/api/v1/player/video/watch', { credential: player.credential, video_id: videoId, ticket: start.body.data.ticket });
    expect(watch.body.data.is_valid_watch).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  const tokenFrom = async (base: string) => {
    const r = await post<{ redirect_type: string; redirect_url: string }>(base, '/api/v1/player/sso', { credential: player.credential });
    expect(r.body.data.redirect_type).toBe('sso');
    const token = new URL(r.body.data.redirect_url).searchParams.get('token');
    expect(token).toBeTruthy();
    return token!;
  };
  const visit = (base: string, token: string) => fetch(`${base}/partner/?token=${encodeURIComponent(token)}`);

  // Made on A, spent on B, refused on A.
  const first = await tokenFrom(two.a.url);
  const onB = await visit(two.b.url, first);
  expect(onB.status).toBe(200);
  const accountPage = await onB.text();
  expect((await visit(two.a.url, first)).status).toBe(401);

  // Made on B, asked of both at once, three times each: exactly one visit gets in.
  const second = await tokenFrom(two.b.url);
  const race = await Promise.all([two.a, two.b, two.a, two.b, two.a, two.b].map((s) => visit(s.url, second)));
  expect(race.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);

  // The partner's way back (a return token) restores the player once, whichever process is asked.
  const back = /href="([^"]*accessToken=[^"]*)"/.exec(accountPage)?.[1];
  expect(back).toBeTruthy();
  const accessToken = new URL(back!.replaceAll('&amp;', '&'), two.balancer).searchParams.get('accessToken')!;
  const restores = await Promise.all([two.a, two.b, two.a, two.b].map((s) => fetch(`${s.url}/sso?accessToken=${encodeURIComponent(accessToken)}`)));
  expect(restores.map((r) => r.status).sort()).toEqual([200, 401, 401, 401]);
});

test('the short-video queue is drained by both processes without a task run twice', async () => {
  test.setTimeout(120_000);
  const auth = { authorization: `Bearer ${two.adminToken}` };
  const ids = await catalogueIds(12);
  // The same clip asked of both at once: one task, not two.
  const same = await Promise.all([two.a, two.b, two.a, two.b].map((s) => post<{ id: number }>(s.url, `/api/v2/videos/${ids[0]}/short-videos/generate`, {}, auth)));
  expect(same.map((r) => r.status)).toEqual([202, 202, 202, 202]);
  expect(new Set(same.map((r) => r.body.data.id)).size).toBe(1);
  // Half the rest queued on each, then every video without a clip from both at once.
  const halves = [ids.slice(1, 6), ids.slice(6)];
  const batches = await Promise.all(halves.map((half, i) => post<{ tasks: { id: number }[] }>((i === 0 ? two.a : two.b).url, '/api/v2/short-videos/batch-generate', { video_ids: half }, auth)));
  expect(batches.map((b) => b.status)).toEqual([202, 202]);
  const all = await Promise.all([two.a, two.b].map((s) => post<{ created: number }>(s.url, '/api/v2/short-videos/generate-all', {}, auth)));
  expect(all.map((r) => r.status)).toEqual([202, 202]);

  // Every task ends, each run once; one task and at most one clip per video.
  await expect
    .poll(async () => (await two.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM short_video_tasks WHERE status IN ('pending', 'running')`)).rows[0].n, { timeout: 90_000, intervals: [500] })
    .toBe(0);
  const tasks = await two.sql.query<{ video_id: number; n: number; attempts: number; completed: number }>(
    `SELECT video_id, count(*)::int AS n, max(attempts)::int AS attempts, count(*) FILTER (WHERE status = 'completed')::int AS completed FROM short_video_tasks GROUP BY video_id`,
  );
  const videoCount = (await two.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM videos')).rows[0].n;
  expect(tasks.rows).toHaveLength(videoCount);
  expect(tasks.rows.filter((r) => r.n !== 1 || r.attempts !== 1)).toEqual([]);
  const clips = await two.sql.query<{ original_id: number; n: number }>('SELECT original_id, count(*)::int AS n FROM short_videos GROUP BY original_id');
  expect(clips.rows.filter((r) => r.n !== 1)).toEqual([]);
  expect(clips.rows.length).toBe(tasks.rows.reduce((n, r) => n + r.completed, 0));
  expect(clips.rows.length).toBeGreaterThan(ids.length / 2);
});

interface RunRow {
  run_id: number;
  source_id: number;
  kind: 'full' | 'since';
  status: string;
  errors: string | null;
  started_at: Date;
  finished_at: Date | null;
}

test('the catalogue sync runs on one process at a time: since runs never overlap, one a period per source, and both report alike', async () => {
  test.setTimeout(90_000);
  const auth = { authorization: `Bearer ${two.adminToken}` };
  const since0 = new Date();
  // Two slow sources (3 pages, 250 ms an answer: a sync takes about a second), imported one on each process,
  // so both fall due together each period: without the lock, each process would take one and sync them side by side.
  const mine = await Promise.all([startFakeSource({ pages: 3, latencyMs: 250 }), startFakeSource({ pages: 3, latencyMs: 250 })]);
  fakes.push(...mine);
  // Both at once, one on each process: an import holds the catalogue's lock across processes, so one is refused (409)
  // and writes nothing; asked again once the other has finished, it runs.
  const importOn = (i: number) =>
    fetch(`${(i === 0 ? two.a : two.b).url}/api/v1/operator/catalogue/import`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ url: mine[i].endpoint }) });
  const first = await Promise.all(mine.map((_, i) => importOn(i)));
  expect(first.map((r) => r.status).sort()).toEqual([200, 409]);
  const refused = first.findIndex((r) => r.status === 409);
  expect(await first[refused].text()).toContain('IMPORT_RUNNING');
  expect(await first[1 - refused].text()).toContain('"summary"');
  const again = await importOn(refused);
  expect(again.status).toBe(200);
  expect(await again.text()).toContain('"summary"');
  const ids = (await two.sql.query<{ source_id: number }>('SELECT source_id FROM catalogue_sources WHERE host = ANY($1) ORDER BY source_id', [mine.map((f) => f.host)])).rows.map((r) => r.source_id);
  expect(ids).toHaveLength(2);
  // The two imports ran one after the other; their runs are dated alike so both fall due together each period.
  await two.sql.query(`UPDATE catalogue_runs SET started_at = (SELECT min(started_at) FROM catalogue_runs WHERE source_id = ANY($1) AND kind = 'full') WHERE source_id = ANY($1) AND kind = 'full'`, [ids]);

  // Every run since this test began, of any source (a repeat of this test finds the sources of the one before still synced).
  const runs = async () =>
    (await two.sql.query<RunRow>(`SELECT run_id, source_id, kind, status, errors, started_at, finished_at FROM catalogue_runs WHERE started_at >= $1 ORDER BY started_at, run_id`, [since0])).rows;
  const roundsWanted = 5;
  await expect
    .poll(async () => {
      const done = (await runs()).filter((r) => r.kind === 'since' && r.finished_at !== null);
      return Math.min(...ids.map((id) => done.filter((r) => r.source_id === id).length));
    }, { timeout: 60_000, intervals: [500] })
    .toBeGreaterThanOrEqual(roundsWanted);

  const all = await runs();
  const fulls = all.filter((r) => r.kind === 'full');
  expect(fulls.map((r) => r.status)).toEqual(['done', 'done']);
  expect(fulls.map((r) => r.source_id).sort((x, y) => x - y)).toEqual(ids);
  const since = all.filter((r) => r.kind === 'since');
  // Never two syncs at once, whatever their source: a run still going ends at the latest now.
  const end = (r: RunRow) => (r.finished_at ?? new Date()).getTime();
  const overlaps = since.slice(1).filter((r, i) => r.started_at.getTime() < end(since[i]));
  expect(overlaps.map((r) => r.run_id), 'since runs that started before the previous one ended').toEqual([]);
  // Each one ended well: a second process starting the same source's sync would close the first as interrupted.
  expect(since.filter((r) => r.finished_at !== null && (r.status !== 'done' || r.errors !== null)).map((r) => [r.run_id, r.status, r.errors])).toEqual([]);
  // Per source, one run a period: each starts at least SYNC_EVERY after the one before (not two in one period),
  // and within two periods of it (none skipped; the check is every second and a round of the sources takes a few).
  for (const full of fulls) {
    const starts = [full, ...since.filter((r) => r.source_id === full.source_id)].map((r) => r.started_at.getTime());
    const gaps = starts.slice(1).map((t, i) => t - starts[i]);
    expect(gaps.length).toBeGreaterThanOrEqual(roundsWanted);
    for (const gap of gaps) {
      expect(gap, `source ${full.source_id}'s runs ${gaps.join(', ')} ms apart`).toBeGreaterThanOrEqual(syncEveryMs);
      expect(gap, `source ${full.source_id}'s runs ${gaps.join(', ')} ms apart`).toBeLessThan(2 * syncEveryMs);
    }
  }
  // Each sync asked its source for what changed since the last one (h=).
  for (const fake of mine) expect(fake.log.entries.filter((e) => /[?&]h=\d+/.test(e.path)).length).toBeGreaterThanOrEqual(roundsWanted);

  // Both processes' status answers agree (read A, B, A until nothing changed between the two reads of A).
  const status = async (base: string) => {
    const res = await fetch(`${base}/api/v1/operator/catalogue/status`, { headers: auth });
    expect(res.status).toBe(200);
    return statusAnswerSchema.parse(await res.json());
  };
  await expect
    .poll(async () => {
      const first = await status(two.a.url);
      const other = await status(two.b.url);
      const again = await status(two.a.url);
      return JSON.stringify(first) === JSON.stringify(again) && JSON.stringify(other) === JSON.stringify(first);
    }, { timeout: 15_000, intervals: [100] })
    .toBe(true);
  const answer = await status(two.b.url);
  for (const fake of mine) {
    const s = answer.sources.find((x) => x.host === fake.host);
    expect(s?.videos).toEqual({ shown: 60, gone: 0 });
    expect(s?.lastRun?.kind).toBe('since');
  }
});
