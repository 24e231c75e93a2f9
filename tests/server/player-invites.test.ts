// The weekly invite task through the real app (issue 15): a player created
// with `invite` (the inviter's player id) earns the inviter 200 points once,
// only after the invitee's first counted watch cycle; nothing for the
// inviter's own device, network or fingerprint; at most one credit per
// inviter per points week; hostile invite input is a 400.

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invites } from '../../server/db/schema/invites';
import { players } from '../../server/db/schema/players';
import { setPlayerClock } from '../../server/plugins/app/player-rules';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';
import { seedVideos, startAndWatch } from './helpers/watch-flow';

const catalogue = Array.from({ length: 40 }, (_, i) => i + 1);

let lastIp = 0;
const nextIp = () => `10.7.${++lastIp >> 8}.${lastIp & 255}`;
let lastDevice = 0;

interface Device {
  device_id: string;
  browser_fingerprint: string;
  user_agent: string;
  screen_resolution: string;
  timezone: string;
  language: string;
  color_depth: number;
}

/** A device of its own: id, fingerprint and traits no other test device shares. */
function device(overrides: Partial<Device> = {}): Device {
  const n = ++lastDevice;
  return {
    device_id: `dev_inv_${n}`,
    browser_fingerprint: `fp_${n.toString(16).padStart(8, '0')}`,
    user_agent: `Mozilla/5.0 (Linux; Android 1${n % 5}; Phone ${n})`,
    screen_resolution: `${360 + n}x${640 + n}`,
    timezone: 'America/Sao_Paulo',
    language: 'pt-BR',
    color_depth: 24,
    ...overrides,
  };
}

interface Player {
  credential: string;
  player_id: string;
  ip: string;
}

async function init(t: TestApp, body: Record<string, unknown>, ip = nextIp()) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/player/init', payload: body, remoteAddress: ip });
  return { status: res.statusCode, body: res.json() };
}

async function newPlayer(t: TestApp, dev: Device = device(), extra: Record<string, unknown> = {}, ip = nextIp()): Promise<Player> {
  const r = await init(t, { ...dev, ...extra }, ip);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { ...(r.body.data as { credential: string; player_id: string }), ip };
}

async function points(t: TestApp, p: Player): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/player/points/query', payload: { credential: p.credential } });
  return res.json().data.points as number;
}

/** The player's history as the app reads it (transactions). */
async function history(t: TestApp, p: Player) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/player/transactions', payload: { credential: p.credential } });
  return (res.json().data.list as Array<{ source: string; amount: number; type: string; balance_after: number }>).map((r) => [r.type, r.source, r.amount, r.balance_after]);
}

async function inviteOf(t: TestApp, invitee: Player) {
  const [row] = await t.app.db.select({ id: players.id }).from(players).where(eq(players.playerId, invitee.player_id));
  const [invite] = await t.app.db.select().from(invites).where(eq(invites.inviteeRef, row.id));
  return invite;
}

/** Counted watches of distinct videos (the test apps count watches with no wait between them). */
async function watchVideos(t: TestApp, p: Player, from: number, count: number) {
  for (let v = from; v < from + count; v++) {
    const r = await startAndWatch(t, p.credential, v);
    expect(r.body.data.is_valid_watch, JSON.stringify(r.body)).toBe(true);
  }
}

const instant = { POINTS_MIN_WATCH_S: '0', POINTS_MIN_INTERVAL_S: '0' };

describe.each(databaseKinds)('invites on %s (5 videos a cycle)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, instant);
    await seedVideos(t, catalogue);
  });
  afterAll(async () => t?.close());
  afterEach(() => setPlayerClock(t.config, null));

  it('pays the inviter 200 once, only when the invitee completes its first counted watch cycle', async () => {
    const inviter = await newPlayer(t);
    const invitee = await newPlayer(t, device(), { invite: inviter.player_id });
    expect(await inviteOf(t, invitee)).toMatchObject({ status: 'pending', reason: null });

    await watchVideos(t, invitee, 1, 4);
    expect(await points(t, inviter)).toBe(0);

    await watchVideos(t, invitee, 5, 1);
    expect(await points(t, inviter)).toBe(200);
    expect(await history(t, inviter)).toEqual([['earn', 'invite_friend', 200, 200]]);
    expect(await inviteOf(t, invitee)).toMatchObject({ status: 'credited', creditWeek: expect.stringMatching(/^\d{4}-W\d{2}$/) });
    // The invitee earned its own cycle reward, nothing more.
    expect(await points(t, invitee)).toBe(100);

    // A second cycle of the invitee pays the inviter nothing more.
    await watchVideos(t, invitee, 6, 5);
    expect(await points(t, inviter)).toBe(200);
    expect(await history(t, inviter)).toHaveLength(1);
  });

  it('creates the player for an unknown inviter but records no invite', async () => {
    const invitee = await newPlayer(t, device(), { invite: 'P0000000000000000' });
    expect(await inviteOf(t, invitee)).toBeUndefined();
  });

  it.each([
    ['the same device id', (inviter: Device) => device({ device_id: inviter.device_id }), 'same_device'],
    ["the inviter's device id as identity id", (inviter: Device) => ({ ...device(), identity_id: inviter.device_id }), 'same_device'],
    ['the same fingerprint', (inviter: Device) => device({ browser_fingerprint: inviter.browser_fingerprint, user_agent: inviter.user_agent, screen_resolution: inviter.screen_resolution }), 'same_fingerprint'],
    // Score 0.9 (all but the language agree): at or above the 0.85 "same device" threshold.
    ['a fingerprint matching at 0.9', (inviter: Device) => device({ browser_fingerprint: inviter.browser_fingerprint, user_agent: inviter.user_agent, screen_resolution: inviter.screen_resolution, language: 'en-US' }), 'same_fingerprint'],
  ])('pays nothing for an invitee with %s', async (_name, make, reason) => {
    const inviterDevice = device();
    const inviter = await newPlayer(t, inviterDevice);
    const invitee = await newPlayer(t, make(inviterDevice) as Device, { invite: inviter.player_id });
    expect(await inviteOf(t, invitee)).toMatchObject({ status: 'refused', reason });
    await watchVideos(t, invitee, 1, 5);
    expect(await points(t, invitee)).toBe(100);
    expect(await points(t, inviter)).toBe(0);
    expect(await history(t, inviter)).toEqual([]);
  });

  it('pays nothing for an invitee from the same address (IPv4, and IPv6 in the same /64)', async () => {
    const inviter = await newPlayer(t, device(), {}, '203.0.113.9');
    const sameV4 = await newPlayer(t, device(), { invite: inviter.player_id }, '203.0.113.9');
    expect(await inviteOf(t, sameV4)).toMatchObject({ status: 'refused', reason: 'same_address' });

    const inviter6 = await newPlayer(t, device(), {}, '2001:db8:1:2::10');
    const same64 = await newPlayer(t, device(), { invite: inviter6.player_id }, '2001:db8:1:2:ffff::99');
    expect(await inviteOf(t, same64)).toMatchObject({ status: 'refused', reason: 'same_address' });
    const other64 = await newPlayer(t, device(), { invite: inviter6.player_id }, '2001:db8:1:3::10');
    expect(await inviteOf(t, other64)).toMatchObject({ status: 'pending' });

    await watchVideos(t, sameV4, 1, 5);
    await watchVideos(t, same64, 1, 5);
    expect(await points(t, inviter)).toBe(0);
    expect(await points(t, inviter6)).toBe(0);
  });

  it('pays a device that only resembles the inviter (score 0.7, below 0.85)', async () => {
    const inviterDevice = device();
    const inviter = await newPlayer(t, inviterDevice);
    // Same phone model, language and zone; another fingerprint: a friend with the same phone.
    const friend = await newPlayer(t, device({ user_agent: inviterDevice.user_agent, screen_resolution: inviterDevice.screen_resolution }), { invite: inviter.player_id });
    const invite = await inviteOf(t, friend);
    expect(invite).toMatchObject({ status: 'pending' });
    expect(invite.deviceMatch).toBeCloseTo(0.7, 5);
    await watchVideos(t, friend, 1, 5);
    expect(await points(t, inviter)).toBe(200);
  });

  it('pays at most one invite per inviter per week; the next week pays again', async () => {
    const monday = Date.UTC(2031, 0, 6, 12); // a Monday, 09:00 in Sao Paulo
    setPlayerClock(t.config, () => new Date(monday));
    const inviter = await newPlayer(t);
    const first = await newPlayer(t, device(), { invite: inviter.player_id });
    const second = await newPlayer(t, device(), { invite: inviter.player_id });
    await watchVideos(t, first, 1, 5);
    await watchVideos(t, second, 1, 5);
    expect(await points(t, inviter)).toBe(200);
    expect(await inviteOf(t, first)).toMatchObject({ status: 'credited', creditWeek: '2031-W02' });
    expect(await inviteOf(t, second)).toMatchObject({ status: 'refused', reason: 'weekly_limit' });

    // Sunday of the same week: still that week.
    setPlayerClock(t.config, () => new Date(monday + 6 * 86_400_000));
    const sunday = await newPlayer(t, device(), { invite: inviter.player_id });
    await watchVideos(t, sunday, 1, 5);
    expect(await points(t, inviter)).toBe(200);

    // The next Monday after 06:00 in Sao Paulo: a new week.
    setPlayerClock(t.config, () => new Date(monday + 7 * 86_400_000));
    const nextWeek = await newPlayer(t, device(), { invite: inviter.player_id });
    await watchVideos(t, nextWeek, 1, 5);
    expect(await points(t, inviter)).toBe(400);
    expect(await inviteOf(t, nextWeek)).toMatchObject({ status: 'credited', creditWeek: '2031-W03' });
    expect(await history(t, inviter)).toEqual([
      ['earn', 'invite_friend', 200, 400],
      ['earn', 'invite_friend', 200, 200],
    ]);
  });

  it.each([
    [{ invite: 12345 }, /invite: must be an invite code/],
    [{ invite: '' }, /invite: must not be empty/],
    [{ invite: 'P'.repeat(65) }, /invite: must be at most 64 characters/],
    [{ invite: "P1' OR '1'='1" }, /invite: may contain only letters, digits, _ and -/],
    [{ invite: ['P0000000000000001'] }, /invite: must be an invite code/],
    [{ invite: 'P00\u0000' }, /invite holds a control character/],
    [{ fingerprint_samples: ['a', 'a', 'a', 'a'] }, /fingerprint_samples: must hold at most 3 samples/],
    [{ fingerprint_samples: 'fp_1' }, /fingerprint_samples: must be a list of fingerprints/],
    [{ fingerprint_samples: [1, 2, 3] }, /fingerprint_samples\.0/],
  ])('refuses init with %j: a 400 and no player', async (extra, message) => {
    const before = (await t.app.db.select({ id: players.id }).from(players)).length;
    const r = await init(t, { ...device(), ...extra });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
    expect((await t.app.db.select({ id: players.id }).from(players)).length).toBe(before);
  });
});

describe.each(databaseKinds)('invites on %s (every watch completes a cycle)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { ...instant, POINTS_VIDEOS_REQUIRED: '1' });
    await seedVideos(t, catalogue);
  });
  afterAll(async () => t?.close());

  it('credits once when the invitee completes many cycles at the same time', async () => {
    const inviter = await newPlayer(t);
    const invitee = await newPlayer(t, device(), { invite: inviter.player_id });
    const results = await Promise.all(catalogue.slice(0, 12).map((v) => startAndWatch(t, invitee.credential, v)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await points(t, inviter)).toBe(200);
    expect(await history(t, inviter)).toHaveLength(1);
  });

  it("credits one of two invitees who finish their first cycle at the same moment (one inviter's week)", async () => {
    const inviter = await newPlayer(t);
    const a = await newPlayer(t, device(), { invite: inviter.player_id });
    const b = await newPlayer(t, device(), { invite: inviter.player_id });
    await Promise.all([startAndWatch(t, a.credential, 1), startAndWatch(t, b.credential, 1)]);
    expect(await points(t, inviter)).toBe(200);
    const outcomes = [await inviteOf(t, a), await inviteOf(t, b)].map((i) => i.status).sort();
    expect(outcomes).toEqual(['credited', 'refused']);
  });
});
