import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, transactions } from '../../server/db/schema/players';
import { compareAndSetWatch, readWatchRow } from '../../server/services/players/watch-store';
import { hashCredential } from '../../server/services/players/credential';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

describe.each(databaseKinds)('watch compare-and-set on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t?.close());

  async function player() {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/player/init', payload: { device_id: 'dev_cas' }, remoteAddress: `10.7.0.${Math.floor(Math.random() * 250)}` });
    const { credential, player_id } = res.json().data as { credential: string; player_id: string };
    const seen = await readWatchRow(t.app.db, hashCredential(credential));
    if (!seen) throw new Error('player not found by its credential');
    return { seen, player_id };
  }

  const next = (s: { points: number; videoWatchCount: number }) => ({
    points: s.points + 100,
    currentProgress: 0,
    videoWatchCount: s.videoWatchCount + 1,
    lastCountedWatchAt: new Date('2026-01-02T10:00:00Z'),
    dailyDay: '2026-01-02',
    dailyWatchCount: 1,
    dailyPointsEarned: 100,
  });
  const reward = { type: 'earn' as const, amount: 100, source: 'video_watch' as const, description: 'test', balanceAfter: 100 };

  it('writes the counters and the ledger row together when the row is unchanged', async () => {
    const { seen, player_id } = await player();
    expect(await compareAndSetWatch(t.app.db, seen.id, seen, next(seen), reward)).toBe(true);
    const [r] = await t.app.db.select().from(players).where(eq(players.playerId, player_id));
    expect(r).toMatchObject({ points: 100, videoWatchCount: 1, dailyDay: '2026-01-02', dailyPointsEarned: 100 });
    expect(r.lastCountedWatchAt?.toISOString()).toBe('2026-01-02T10:00:00.000Z');
    const rows = await t.app.db.select().from(transactions).where(eq(transactions.playerRef, seen.id));
    expect(rows).toMatchObject([{ amount: 100, balanceAfter: 100, source: 'video_watch' }]);
  });

  it('refuses (and writes no ledger row) when another write changed the row since it was read', async () => {
    const { seen, player_id } = await player();
    await t.app.db.update(players).set({ points: 10 }).where(eq(players.playerId, player_id));
    expect(await compareAndSetWatch(t.app.db, seen.id, seen, next(seen), reward)).toBe(false);
    const [r] = await t.app.db.select().from(players).where(eq(players.playerId, player_id));
    expect(r).toMatchObject({ points: 10, videoWatchCount: 0 });
    expect(await t.app.db.select().from(transactions).where(eq(transactions.playerRef, seen.id))).toEqual([]);
  });

  it('refuses a second write made from the same read (no double count)', async () => {
    const { seen } = await player();
    expect(await compareAndSetWatch(t.app.db, seen.id, seen, next(seen), null)).toBe(true);
    expect(await compareAndSetWatch(t.app.db, seen.id, seen, next(seen), null)).toBe(false);
  });
});
