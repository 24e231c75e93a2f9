// Farming points without watching (issue 13, point 2), sent as the attacks:
// watches of videos that are not in the catalogue, the same video over and
// over, and watches without evidence of playback (no ticket, a forged one,
// someone else's, one for another video, one presented too early or too late).
// Then the honest path: start, wait on the server's (injected) clock, watch.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { players, transactions } from '../../server/db/schema/players';
import { setPlayerClock } from '../../server/plugins/app/player-rules';
import { playerDefaults } from '../../server/services/players/config';
import { issueTicket, ticketKey } from '../../server/services/players/watch-ticket';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';
import { seedVideos, startVideo, ticketFor, watchVideo } from './helpers/watch-flow';

let lastIp = 0;
const nextIp = () => `10.13.${++lastIp >> 8}.${lastIp & 255}`;

const VIDEOS = [101, 102, 103, 104, 105, 106, 107];
const NOT_IN_CATALOGUE = 999_999;

describe.each(databaseKinds)('watch tickets on %s (spec defaults: 5 s minimum watch, 8 s apart, 5 videos a cycle)', (kind) => {
  let t: TestApp;
  let now = Date.parse('2026-03-02T15:00:00Z');
  const advance = (s: number) => (now += s * 1000);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedVideos(t, VIDEOS);
    setPlayerClock(t.config, () => new Date(now));
  });
  afterAll(async () => {
    if (t) setPlayerClock(t.config, null);
    await t?.close();
  });
  // Every test starts well clear of the previous one's last counted watch.
  beforeEach(() => void advance(3600));

  async function newPlayer() {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/player/init', payload: { device_id: 'dev_ticket' }, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
    const { credential, player_id } = res.json().data as { credential: string; player_id: string };
    const [row] = await t.app.db.select().from(players).where(eq(players.playerId, player_id));
    return { credential, playerId: player_id, ref: row.id };
  }

  async function row(playerId: string) {
    const [r] = await t.app.db.select().from(players).where(eq(players.playerId, playerId));
    return r;
  }

  /** A watch the rules refused: 200, not counted, this reason, nothing written. */
  async function expectRefused(r: { status: number; body: { data: Record<string, unknown>; message: string } }, playerId: string, reason: string, message: RegExp) {
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ is_valid_watch: false, invalid_reason: reason, earned_points: 0 });
    expect(r.body.message).toMatch(message);
    expect(await row(playerId)).toMatchObject({ videoWatchCount: 0, currentProgress: 0, points: 0 });
  }

  it('attack: video_id "not-a-video" (and other non-ids) is refused with a 400 on video/watch and video/start; nothing counts', async () => {
    const p = await newPlayer();
    for (const bad of ['not-a-video', '12abc', '', 1.5, -3, 0, '0x10', { id: 1 }, [101]]) {
      const w = await watchVideo(t, p.credential, bad, 'wt1.101.0.x');
      expect(w.status, JSON.stringify(bad)).toBe(400);
      expect(w.body).toMatchObject({ code: 400, data: { error: 'validation' } });
      expect(w.body.message).toMatch(/video_id/);
      const s = await startVideo(t, p.credential, bad);
      expect(s.status, JSON.stringify(bad)).toBe(400);
    }
    // Beyond the int4 column: a 400 naming the bound, not a 500.
    for (const call of [watchVideo(t, p.credential, 2_147_483_648), startVideo(t, p.credential, '2147483648')]) {
      const r = await call;
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/2147483647/);
    }
    expect((await row(p.playerId)).videoWatchCount).toBe(0);
  });

  it('attack: a video id that is not in the catalogue gets no ticket (400 unknownVideo), and its watch does not count', async () => {
    const p = await newPlayer();
    const s = await startVideo(t, p.credential, NOT_IN_CATALOGUE);
    expect(s.status).toBe(400);
    expect(s.body).toMatchObject({ code: 400, data: { error: 'unknownVideo' } });
    expect(s.body.message).toMatch(/not in the catalogue/);
    // A digit string is the same id: still unknown.
    expect((await startVideo(t, p.credential, String(NOT_IN_CATALOGUE))).status).toBe(400);
    advance(10);
    await expectRefused(await watchVideo(t, p.credential, NOT_IN_CATALOGUE), p.playerId, 'no_ticket', /no watch ticket/);
    // Nor does a genuine ticket of a catalogue video carry over to it.
    const real = await ticketFor(t, p.credential, 101);
    advance(10);
    await expectRefused(await watchVideo(t, p.credential, NOT_IN_CATALOGUE, real), p.playerId, 'bad_ticket', /not valid for this player and this video/);
  });

  it('attack: a watch without a ticket does not count (no_ticket)', async () => {
    const p = await newPlayer();
    await expectRefused(await watchVideo(t, p.credential, 101), p.playerId, 'no_ticket', /no watch ticket/);
    await expectRefused(await watchVideo(t, p.credential, 101, null), p.playerId, 'no_ticket', /no watch ticket/);
    await expectRefused(await watchVideo(t, p.credential, 101, ''), p.playerId, 'no_ticket', /no watch ticket/);
  });

  it('attack: forged tickets do not count (bad_ticket): made up, signed with another key, or a real one with its time moved back', async () => {
    const p = await newPlayer();
    const old = new Date(now - 60_000);
    const forged = [
      'not-a-ticket',
      'wt1.101.0.AAAA',
      42,
      { video: 101 },
      `wt1.101.${old.getTime().toString(36)}.${'A'.repeat(43)}`,
      issueTicket(ticketKey('another-secret-another-secret-another-secret'), p.ref, 101, old),
      // The SSO secret itself used directly as the key (the ticket key is derived from it, not equal to it).
      issueTicket({ key: Buffer.from(t.config.ssoSecret!) }, p.ref, 101, old),
    ];
    const genuine = await ticketFor(t, p.credential, 101);
    const [prefix, video, , mac] = genuine.split('.');
    forged.push(`${prefix}.${video}.${(now - 60_000).toString(36)}.${mac}`); // issued "a minute ago" with the real mac
    forged.push(`${genuine}x`, genuine.toUpperCase());
    for (const ticket of forged) {
      await expectRefused(await watchVideo(t, p.credential, 101, ticket), p.playerId, 'bad_ticket', /not valid/);
    }
  });

  it("attack: another player's ticket does not count (bad_ticket)", async () => {
    const victim = await newPlayer();
    const thief = await newPlayer();
    const ticket = await ticketFor(t, victim.credential, 102);
    advance(10);
    await expectRefused(await watchVideo(t, thief.credential, 102, ticket), thief.playerId, 'bad_ticket', /not valid for this player/);
    // Still good for its own player.
    expect((await watchVideo(t, victim.credential, 102, ticket)).body.data).toMatchObject({ is_valid_watch: true, current_progress: 1 });
  });

  it('attack: a ticket for another video does not count (bad_ticket)', async () => {
    const p = await newPlayer();
    const ticket = await ticketFor(t, p.credential, 103);
    advance(10);
    await expectRefused(await watchVideo(t, p.credential, 104, ticket), p.playerId, 'bad_ticket', /this video/);
    await expectRefused(await watchVideo(t, p.credential, '104', ticket), p.playerId, 'bad_ticket', /this video/);
  });

  it('attack: a ticket presented before the minimum watch time does not count (too_early); the same ticket counts once it is old enough', async () => {
    const p = await newPlayer();
    const ticket = await ticketFor(t, p.credential, 105);
    await expectRefused(await watchVideo(t, p.credential, 105, ticket), p.playerId, 'too_early', /at least 5 s/);
    advance(4.9);
    await expectRefused(await watchVideo(t, p.credential, 105, ticket), p.playerId, 'too_early', /at least 5 s/);
    advance(0.1);
    expect((await watchVideo(t, p.credential, 105, ticket)).body.data).toMatchObject({ is_valid_watch: true, invalid_reason: null, current_progress: 1 });
  });

  it('attack: a ticket older than its lifetime does not count (expired_ticket)', async () => {
    const p = await newPlayer();
    const ticket = await ticketFor(t, p.credential, 106);
    advance(playerDefaults.watchTicketMaxAgeS + 1);
    await expectRefused(await watchVideo(t, p.credential, 106, ticket), p.playerId, 'expired_ticket', /expired/);
  });

  it('attack: the same video twice in one cycle counts once (already_counted), with the same ticket or a fresh one', async () => {
    const p = await newPlayer();
    const ticket = await ticketFor(t, p.credential, 107);
    advance(6);
    expect((await watchVideo(t, p.credential, 107, ticket)).body.data).toMatchObject({ is_valid_watch: true, current_progress: 1 });
    advance(10);
    const replay = await watchVideo(t, p.credential, 107, ticket);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ is_valid_watch: false, invalid_reason: 'already_counted', current_progress: 1, video_watch_count: 1 });
    expect(replay.body.message).toMatch(/already counted in the current cycle/);
    const fresh = await ticketFor(t, p.credential, 107);
    advance(10);
    expect((await watchVideo(t, p.credential, 107, fresh)).body.data).toMatchObject({ is_valid_watch: false, invalid_reason: 'already_counted', video_watch_count: 1 });
    expect(await row(p.playerId)).toMatchObject({ videoWatchCount: 1, currentProgress: 1, cycleVideoIds: [107] });
  });

  it('attack: one ticket replayed 20 times in parallel counts exactly once', async () => {
    const p = await newPlayer();
    const ticket = await ticketFor(t, p.credential, 101);
    advance(6);
    const results = await Promise.all(Array.from({ length: 20 }, () => watchVideo(t, p.credential, 101, ticket)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.is_valid_watch)).toHaveLength(1);
    expect(await row(p.playerId)).toMatchObject({ videoWatchCount: 1, currentProgress: 1, points: 0, cycleVideoIds: [101] });
  });

  it('honest path: start, wait 5 s on the server clock, watch: counted; five distinct videos complete the cycle, and a new cycle may count them again', async () => {
    const p = await newPlayer();
    const start = await startVideo(t, p.credential, '101'); // the app sends digit strings too
    expect(start.status).toBe(200);
    expect(start.body.data).toMatchObject({ video_id: 101, min_watch_s: 5, expires_in_s: playerDefaults.watchTicketMaxAgeS });
    expect(start.body.data.ticket).toMatch(/^wt1\.101\./);
    advance(5);
    const first = await watchVideo(t, p.credential, '101', start.body.data.ticket);
    expect(first.body.data).toMatchObject({ is_valid_watch: true, invalid_reason: null, current_progress: 1, progress_complete: false });

    for (const [i, video] of [102, 103, 104, 105].entries()) {
      advance(3); // the next clip starts 3 s later...
      const ticket = await ticketFor(t, p.credential, video);
      advance(6); // ...and plays 6 s (9 s since the last counted watch: more than 8)
      const r = await watchVideo(t, p.credential, video, ticket);
      expect(r.body.data).toMatchObject({ is_valid_watch: true, current_progress: i === 3 ? 0 : i + 2, progress_complete: i === 3 });
    }
    expect(await row(p.playerId)).toMatchObject({ points: 100, videoWatchCount: 5, currentProgress: 0, cycleVideoIds: [] });
    const ledger = await t.app.db.select().from(transactions).where(eq(transactions.playerRef, p.ref));
    expect(ledger).toEqual([expect.objectContaining({ type: 'earn', amount: 100, source: 'video_watch', balanceAfter: 100 })]);

    // A new cycle: video 101 may count again (with a ticket of its own).
    const again = await ticketFor(t, p.credential, 101);
    advance(9);
    expect((await watchVideo(t, p.credential, 101, again)).body.data).toMatchObject({ is_valid_watch: true, current_progress: 1 });
    expect((await row(p.playerId)).cycleVideoIds).toEqual([101]);
  });

  it('a disabled player and an unknown credential get no ticket', async () => {
    const p = await newPlayer();
    expect((await startVideo(t, 'x'.repeat(43), 101)).status).toBe(401);
    await t.app.db.update(players).set({ disabled: true }).where(eq(players.playerId, p.playerId));
    expect((await startVideo(t, p.credential, 101)).status).toBe(403);
  });
});
