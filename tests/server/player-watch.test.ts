import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerAccounts, players, transactions } from '../../server/db/schema/players';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';
import { seedVideos, startAndWatch, ticketFor, watchVideo } from './helpers/watch-flow';

// These suites test the counters; the tickets are the app's (start, then watch) with no minimum
// watch time (POINTS_MIN_WATCH_S=0), and each watch is of another catalogue video (a video counts
// once per cycle). The tickets themselves are attacked in watch-tickets.test.ts.
const catalogue = Array.from({ length: 60 }, (_, i) => i + 1);
const noWait = { POINTS_MIN_WATCH_S: '0' };

let lastIp = 0;
const nextIp = () => `10.1.${++lastIp >> 8}.${lastIp & 255}`;

async function post(t: TestApp, url: string, payload: unknown) {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}

async function newPlayer(t: TestApp) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/player/init', payload: { device_id: 'dev_w' }, remoteAddress: nextIp() });
  expect(res.statusCode).toBe(200);
  return res.json().data as { credential: string; player_id: string };
}

async function row(t: TestApp, playerId: string) {
  const [r] = await t.app.db.select().from(players).where(eq(players.playerId, playerId));
  return r;
}

async function ledger(t: TestApp, playerId: string) {
  const r = await row(t, playerId);
  return t.app.db.select().from(transactions).where(eq(transactions.playerRef, r.id)).orderBy(transactions.id);
}

const watch = (t: TestApp, credential: string, video: number) => startAndWatch(t, credential, video);

/** One ticket per video first, then all the watches at once. */
async function parallelWatches(t: TestApp, credential: string, count: number) {
  const tickets: string[] = [];
  for (let v = 1; v <= count; v++) tickets.push(await ticketFor(t, credential, v));
  return Promise.all(tickets.map((ticket, i) => watchVideo(t, credential, i + 1, ticket)));
}

describe.each(databaseKinds)('watch rules on %s (spec defaults: 8 s apart, 5 videos, 100 points)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, noWait);
    await seedVideos(t, catalogue);
  });
  afterAll(async () => t?.close());

  it('counts a watch, refuses the next one inside 8 s without touching progress, counts again after', async () => {
    const p = await newPlayer(t);
    const first = await watch(t, p.credential, 1);
    expect(first.body.data).toMatchObject({ is_valid_watch: true, current_progress: 1, required_videos: 5, video_watch_count: 1, time_interval: null, progress_complete: false });

    const soon = await watch(t, p.credential, 2);
    expect(soon.status).toBe(200);
    expect(soon.body.data).toMatchObject({ is_valid_watch: false, invalid_reason: 'too_soon', current_progress: 1, video_watch_count: 1, earned_points: 0 });
    expect(soon.body.data.time_interval).toBeLessThan(8);
    expect(soon.body.message).toMatch(/at least 8 s apart/);

    await t.app.db.update(players).set({ lastCountedWatchAt: sql`now() - interval '9 seconds'` }).where(eq(players.playerId, p.player_id));
    const later = await watch(t, p.credential, 3);
    expect(later.body.data).toMatchObject({ is_valid_watch: true, current_progress: 2, video_watch_count: 2 });
    expect(later.body.data.time_interval).toBeGreaterThanOrEqual(9);
  });

  it('awards 100 points once on the 5th counted watch, records the earning and restarts the cycle', async () => {
    const p = await newPlayer(t);
    await t.app.db.update(players).set({ currentProgress: 4, videoWatchCount: 4 }).where(eq(players.playerId, p.player_id));
    const r = await watch(t, p.credential, 1);
    expect(r.body.data).toMatchObject({ is_valid_watch: true, progress_complete: true, earned_points: 100, points: 100, current_progress: 0, video_watch_count: 5 });
    expect(await ledger(t, p.player_id)).toEqual([expect.objectContaining({ type: 'earn', amount: 100, source: 'video_watch', balanceAfter: 100 })]);
    expect((await row(t, p.player_id)).points).toBe(100);
  });

  it('fills daily_info with the quota and the next 06:00 Sao Paulo reset', async () => {
    const p = await newPlayer(t);
    const before = Date.now();
    const d = (await watch(t, p.credential, 1)).body.data.daily_info;
    expect(d).toMatchObject({ daily_video_limit: 999, max_videos_per_day: 999, enabled: false, daily_watch_count: 1, remaining_videos_today: 998 });
    expect(d.remaining_points_today).toBe(Math.floor((1 + 998) / 5) * 100);
    const reset = Date.parse(d.next_reset_time);
    // Sao Paulo is UTC-3 all year: 06:00 there is 09:00 UTC, within the next 24 hours.
    expect(new Date(reset).toISOString()).toMatch(/T09:00:00\.000Z$/);
    expect(reset).toBeGreaterThan(before);
    expect(reset - before).toBeLessThanOrEqual(86_400_000);
  });

  it('never double-counts 50 parallel watches for one player: exactly one counts', async () => {
    const p = await newPlayer(t);
    const results = await parallelWatches(t, p.credential, 50);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.is_valid_watch)).toHaveLength(1);
    const r = await row(t, p.player_id);
    expect(r).toMatchObject({ videoWatchCount: 1, currentProgress: 1, dailyWatchCount: 1, points: 0 });
  });
});

describe.each(databaseKinds)('watch rules on %s without an interval (POINTS_MIN_INTERVAL_S=0)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { ...noWait, POINTS_MIN_INTERVAL_S: '0', POINTS_DAILY_VIDEO_LIMIT: '120' });
    await seedVideos(t, catalogue);
  });
  afterAll(async () => t?.close());

  it('counts all 50 parallel watches one after another and pays exactly floor(50/5) rewards', async () => {
    const p = await newPlayer(t);
    const results = await parallelWatches(t, p.credential, 50);
    const data = results.map((r) => r.body.data);
    expect(data.every((d) => d.is_valid_watch)).toBe(true);
    // Serialised on the row: each request saw its own count, 1..50, none twice.
    expect(data.map((d) => d.video_watch_count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(data.filter((d) => d.progress_complete)).toHaveLength(10);
    expect(await row(t, p.player_id)).toMatchObject({ points: 1000, videoWatchCount: 50, currentProgress: 0, dailyWatchCount: 50, dailyPointsEarned: 1000 });
    const earned = await ledger(t, p.player_id);
    expect(earned).toHaveLength(10);
    expect(earned.map((e) => e.balanceAfter)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
  });

  it('stops counting at the daily limit and starts again on a new points day', async () => {
    const p = await newPlayer(t);
    expect((await watch(t, p.credential, 1)).body.data.is_valid_watch).toBe(true);
    // As if 119 more had been counted today.
    await t.app.db.update(players).set({ dailyWatchCount: 120 }).where(eq(players.playerId, p.player_id));
    const blocked = await watch(t, p.credential, 2);
    expect(blocked.body.data).toMatchObject({ is_valid_watch: false, invalid_reason: 'daily_limit', current_progress: 1, video_watch_count: 1 });
    expect(blocked.body.data.daily_info).toMatchObject({ enabled: true, remaining_videos_today: 0, remaining_points_today: 0, daily_watch_count: 120 });
    expect(blocked.body.message).toMatch(/today's limit of 120 videos is reached/);

    await t.app.db.update(players).set({ dailyDay: '2000-01-01' }).where(eq(players.playerId, p.player_id));
    const nextDay = await watch(t, p.credential, 3);
    expect(nextDay.body.data).toMatchObject({ is_valid_watch: true, current_progress: 2 });
    expect(nextDay.body.data.daily_info).toMatchObject({ daily_watch_count: 1, remaining_videos_today: 119 });
  });

  it('refuses a watch without a video id with a 400', async () => {
    const p = await newPlayer(t);
    const r = await post(t, '/api/v1/player/video/watch', { credential: p.credential });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/video_id is required/);
    expect((await row(t, p.player_id)).videoWatchCount).toBe(0);
  });
});

describe.each(databaseKinds)('points add/subtract and history on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { ...noWait, POINTS_MIN_INTERVAL_S: '0', POINTS_VIDEOS_REQUIRED: '1', POINTS_REWARD: '7' });
    await seedVideos(t, catalogue);
  });
  afterAll(async () => t?.close());

  const add = (credential: string, body: Record<string, unknown>) => post(t, '/api/v1/player/points/add', { credential, ...body });
  const subtract = (credential: string, body: Record<string, unknown>) => post(t, '/api/v1/player/points/subtract', { credential, ...body });

  it('gives the daily check-in 10 points once per points day', async () => {
    const p = await newPlayer(t);
    const first = await add(p.credential, { source: 'daily_checkin', amount: 10 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ points: 10, amount: 10, source: 'daily_checkin' });
    expect(first.body.data.next_checkin_time).toMatch(/T09:00:00\.000Z$/);
    const second = await add(p.credential, { source: 'daily_checkin' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 409, data: { error: 'alreadyCheckedIn' } });
    expect(second.body.message).toMatch(/already done today/);
    // A new points day opens the next check-in.
    await t.app.db.update(players).set({ checkinDay: '2000-01-01' }).where(eq(players.playerId, p.player_id));
    expect((await add(p.credential, { source: 'daily_checkin' })).body.data.points).toBe(20);
    expect((await ledger(t, p.player_id)).map((e) => [e.type, e.source, e.amount, e.balanceAfter])).toEqual([
      ['earn', 'daily_checkin', 10, 10],
      ['earn', 'daily_checkin', 10, 20],
    ]);
  });

  it('lets only one of 10 parallel check-ins through', async () => {
    const p = await newPlayer(t);
    const results = await Promise.all(Array.from({ length: 10 }, () => add(p.credential, { source: 'daily_checkin' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect((await row(t, p.player_id)).points).toBe(10);
  });

  it.each([
    [{ source: 'daily_checkin', amount: 1000 }, 'amountMismatch', /daily_checkin is worth 10 points, decided by the server \(got 1000\)/],
    [{ source: 'video_watch', amount: 100 }, 'unknownSource', /awarded by video\/watch only/],
    [{ source: 'lottery' }, 'unknownSource', /Unknown source for points\/add: "lottery"/],
    [{ amount: 10 }, 'validation', /source is required/],
    [{ source: 'daily_checkin', amount: 10.5 }, 'validation', /amount: must be a whole number/],
  ])('refuses points/add %j with a clear 400 and no change', async (body, error, message) => {
    const p = await newPlayer(t);
    const r = await add(p.credential, body);
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual({ error });
    expect(r.body.message).toMatch(message);
    expect((await row(t, p.player_id)).points).toBe(0);
    expect(await ledger(t, p.player_id)).toEqual([]);
  });

  it('refuses a spend beyond the balance with insufficientBalance and spends nothing', async () => {
    const p = await newPlayer(t);
    await add(p.credential, { source: 'daily_checkin' });
    const r = await subtract(p.credential, { source: 'partner_signup', amount: 1000 });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 400, message: 'Insufficient balance: 1000 points needed, 10 available.', data: { error: 'insufficientBalance' } });
    expect((await row(t, p.player_id)).points).toBe(10);
    expect(await ledger(t, p.player_id)).toHaveLength(1);
  });

  it('refuses unknown spend sources and amounts other than the server price', async () => {
    const p = await newPlayer(t);
    await t.app.db.update(players).set({ points: 5000 }).where(eq(players.playerId, p.player_id));
    expect((await subtract(p.credential, { source: 'gift', amount: 1 })).body).toMatchObject({ code: 400, data: { error: 'unknownSource' } });
    expect((await subtract(p.credential, { source: 'partner_signup', amount: 1 })).body).toMatchObject({ code: 400, data: { error: 'amountMismatch' } });
    expect((await row(t, p.player_id)).points).toBe(5000);
  });

  it('spends the partner price once under 5 parallel requests, never below zero', async () => {
    const p = await newPlayer(t);
    await t.app.db.update(players).set({ points: 1500 }).where(eq(players.playerId, p.player_id));
    const results = await Promise.all(Array.from({ length: 5 }, () => subtract(p.credential, { source: 'partner_signup' })));
    const okOnes = results.filter((r) => r.status === 200);
    expect(okOnes).toHaveLength(1);
    expect(okOnes[0].body.data).toEqual({ points: 500, amount: 1000, source: 'partner_signup' });
    expect(results.filter((r) => r.status === 409 && r.body.data.error === 'partnerAccountExists')).toHaveLength(4);
    const r = await row(t, p.player_id);
    expect(r.points).toBe(500);
    expect(await t.app.db.select().from(partnerAccounts).where(eq(partnerAccounts.playerRef, r.id))).toHaveLength(1);
    expect(await t.app.db.select().from(transactions).where(and(eq(transactions.playerRef, r.id), eq(transactions.type, 'spend')))).toHaveLength(1);
  });

  it('pages the history newest first, at most 100 a page', async () => {
    const p = await newPlayer(t);
    for (let i = 0; i < 25; i++) await watch(t, p.credential, i + 1);
    const list = (page: unknown, page_size: unknown) => post(t, '/api/v1/player/transactions', { credential: p.credential, page, page_size });
    const first = (await list(1, 10)).body.data;
    expect(first).toMatchObject({ total: 25, page: 1, page_size: 10, total_pages: 3 });
    expect(first.list).toHaveLength(10);
    expect(first.list[0]).toMatchObject({ type: 'earn', amount: 7, source: 'video_watch', balance_after: 175 });
    expect(Date.parse(first.list[0].timestamp)).not.toBeNaN();
    const last = (await list('3', '10')).body.data;
    expect(last.list.map((e: { balance_after: number }) => e.balance_after)).toEqual([35, 28, 21, 14, 7]);
    const defaults = (await post(t, '/api/v1/player/transactions', { credential: p.credential })).body.data;
    expect(defaults).toMatchObject({ page: 1, page_size: 20 });
    expect(defaults.list).toHaveLength(20);
    for (const [page, size, message] of [[1, 101, /page_size: must be at most 100/], [0, 10, /page: must be at least 1/], [1, 'ten', /page_size/]] as const) {
      const r = await list(page, size);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(message);
    }
  });
});
