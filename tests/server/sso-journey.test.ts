import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerAccounts, players, transactions } from '../../server/db/schema/players';
import { signToken } from '../../server/services/sso/tokens';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';
import { seedVideos, startAndWatch } from './helpers/watch-flow';

// Watches go through the app's ticket flow (video/start, then video/watch) with no minimum watch time.
const journeyEnv = { POINTS_MIN_INTERVAL_S: '0', POINTS_MIN_WATCH_S: '0', PARTNER_POINTS_REQUIRED: '200', POINTS_REWARD: '100', POINTS_VIDEOS_REQUIRED: '2' };

let lastIp = 0;
const nextIp = () => `10.2.${++lastIp >> 8}.${lastIp & 255}`;

async function post(t: TestApp, url: string, payload: unknown) {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}

async function get(t: TestApp, url: string) {
  const u = new URL(url, 'http://localhost');
  return t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
}

async function newPlayer(t: TestApp) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/player/init', payload: { device_id: 'dev_sso' }, remoteAddress: nextIp() });
  expect(res.statusCode).toBe(200);
  return res.json().data as { credential: string; player_id: string };
}

/** `videos` counted watches of catalogue videos 1..videos (each counts once per cycle). */
async function earn(t: TestApp, credential: string, videos: number) {
  await seedVideos(t, Array.from({ length: videos }, (_, i) => i + 1));
  for (let i = 0; i < videos; i++) expect((await startAndWatch(t, credential, i + 1)).body.data.is_valid_watch).toBe(true);
}

const backLink = (html: string) => /<a id="back" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
const field = (html: string, name: string) => new RegExp(`data-field="${name}">([^<]*)<`).exec(html)?.[1];

describe.each(databaseKinds)('sign-on journey on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, journeyEnv);
  });
  afterAll(async () => t?.close());

  it('takes a new player from zero points to a partner account and back, on another device', async () => {
    const p = await newPlayer(t);

    const short = await post(t, '/api/v1/player/sso', { credential: p.credential });
    expect(short.body.data).toMatchObject({ has_win667: false, redirect_type: 'home', remaining_points: 200 });
    // The demo partner's home, with a visit token that shows the balance there (tests/server/partner-pages.test.ts).
    const home = new URL(short.body.data.redirect_url);
    expect(`${home.origin}${home.pathname}`).toBe('http://localhost:8080/partner/');
    expect(home.searchParams.get('visit')).toMatch(/^eyJ/);

    await earn(t, p.credential, 4);
    expect((await post(t, '/api/v1/win667/status', { credential: p.credential })).body.data).toMatchObject({ win667_status: 'eligible', points: 200, has_win667: false });

    const sso = await post(t, '/api/v1/player/sso', { credential: p.credential });
    expect(sso.status).toBe(200);
    expect(sso.body.data).toMatchObject({ has_win667: true, redirect_type: 'sso', remaining_points: 0 });
    const redirect = new URL(sso.body.data.redirect_url);
    expect(`${redirect.origin}${redirect.pathname}`).toBe('http://localhost:8080/partner/'); // the listening address (HOST, PORT), never the request's Host
    expect(redirect.searchParams.get('token')).toMatch(/^eyJ/);
    const spent = (await post(t, '/api/v1/player/transactions', { credential: p.credential })).body.data.list[0];
    expect(spent).toMatchObject({ type: 'spend', amount: 200, source: 'partner_signup', balance_after: 0 });

    const partner = await get(t, sso.body.data.redirect_url);
    expect(partner.statusCode).toBe(200);
    expect(partner.headers['content-type']).toMatch(/^text\/html/);
    expect(field(partner.body, 'account')).toMatch(/^w667_[0-9a-f]{12}$/);
    expect(field(partner.body, 'player')).toBe(p.player_id);
    expect(field(partner.body, 'points')).toBe('0');
    const back = backLink(partner.body);
    expect(back).toMatch(/^\/\?accessToken=eyJ/);

    const replayedSso = await get(t, sso.body.data.redirect_url);
    expect(replayedSso.statusCode).toBe(401);
    expect(replayedSso.body).toContain('data-reason="used"');

    const accessToken = new URL(back, 'http://localhost').searchParams.get('accessToken') ?? '';
    const restored = await get(t, `/sso?accessToken=${encodeURIComponent(accessToken)}`);
    expect(restored.statusCode).toBe(200);
    const r = restored.json().data;
    expect(r).toMatchObject({ player_id: p.player_id, points: 0, has_win667: true });
    expect(r.credential).not.toBe(p.credential);
    expect((await post(t, '/api/v1/player/info', { credential: r.credential })).body.data).toMatchObject({ player_id: p.player_id, win667_status: 'ready', has_win667: true });
    // The credential is rotated: the one held before the trip stops working.
    expect((await post(t, '/api/v1/player/info', { credential: p.credential })).status).toBe(401);

    const replayedReturn = await get(t, `/sso?accessToken=${encodeURIComponent(accessToken)}`);
    expect(replayedReturn.statusCode).toBe(401);
    expect(replayedReturn.json()).toMatchObject({ code: 401, message: 'Token already used: each return link works once.', data: { error: 'invalidToken' } });

    // Ready: the next sign-on only signs on, spending nothing.
    await earn(t, r.credential, 2);
    const again = await post(t, '/api/v1/player/sso', { credential: r.credential });
    expect(again.body.data).toMatchObject({ has_win667: true, redirect_type: 'sso', remaining_points: 100 });
    expect((await get(t, again.body.data.redirect_url)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(players).where(eq(players.playerId, p.player_id));
    expect(await t.app.db.select().from(transactions).where(and(eq(transactions.playerRef, row.id), eq(transactions.type, 'spend')))).toHaveLength(1);
  });

  it('opens one account and spends once under 10 parallel sign-ons', async () => {
    const p = await newPlayer(t);
    await earn(t, p.credential, 6);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(t, '/api/v1/player/sso', { credential: p.credential })));
    expect(results.every((r) => r.body.data.has_win667 && r.body.data.remaining_points === 100)).toBe(true);
    const [row] = await t.app.db.select().from(players).where(eq(players.playerId, p.player_id));
    expect(row.points).toBe(100);
    expect(await t.app.db.select().from(partnerAccounts).where(eq(partnerAccounts.playerRef, row.id))).toHaveLength(1);
    expect(await t.app.db.select().from(transactions).where(and(eq(transactions.playerRef, row.id), eq(transactions.type, 'spend')))).toHaveLength(1);
  });

  it('reports the linked account and refreshes its sign-on token only once linked', async () => {
    const p = await newPlayer(t);
    expect((await post(t, '/api/v1/win667/account', { credential: p.credential })).body).toEqual({ code: 200, message: 'success', data: { has_win667: false, account: null } });
    const early = await post(t, '/api/v1/win667/refresh-token', { credential: p.credential });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 409, data: { error: 'noPartnerAccount' } });

    await earn(t, p.credential, 4);
    await post(t, '/api/v1/player/sso', { credential: p.credential });
    const account = (await post(t, '/api/v1/win667/account', { credential: p.credential })).body.data;
    expect(account).toMatchObject({ has_win667: true, account: { account_id: expect.stringMatching(/^w667_/), last_sign_on_at: null } });

    const fresh = (await post(t, '/api/v1/win667/refresh-token', { credential: p.credential })).body.data;
    expect(fresh).toMatchObject({ has_win667: true, redirect_type: 'sso', remaining_points: 0, token: expect.stringMatching(/^eyJ/) });
    expect(new URL(fresh.redirect_url).searchParams.get('token')).toBe(fresh.token);
    const page = await get(t, fresh.redirect_url);
    expect(field(page.body, 'account')).toBe(account.account.account_id);
    const after = (await post(t, '/api/v1/win667/account', { credential: p.credential })).body.data;
    expect(Date.parse(after.account.last_sign_on_at)).not.toBeNaN();
    expect((await post(t, '/api/v1/win667/status', { credential: p.credential })).body.data).toEqual({ win667_status: 'ready', has_win667: true, points: 0, points_required: 200, points_needed: 0 });
  });

  it('refuses forged, expired, wrong-kind, garbage and missing return tokens on GET /sso', async () => {
    const p = await newPlayer(t);
    const secret = t.config.ssoSecret ?? '';
    const forged = await signToken('not-the-server-secret-0123456789abcdef', 'return', { playerId: p.player_id }, 300);
    const expired = await signToken(secret, 'return', { playerId: p.player_id }, 300, new Date(Date.now() - 301_000));
    const wrongKind = await signToken(secret, 'sso', { playerId: p.player_id, accountId: 'w667_x' }, 300);
    const cases: [string, RegExp][] = [
      [forged.token, /^Token signature invalid/],
      [expired.token, /^Token expired/],
      [wrongKind.token, /^Wrong token kind: expected a return token/],
      ['garbage', /^Token malformed/],
    ];
    for (const [token, message] of cases) {
      const r = await get(t, `/sso?accessToken=${encodeURIComponent(token)}`);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ code: 401, message: expect.stringMatching(message), data: { error: 'invalidToken' } });
    }
    const missing = await get(t, '/sso');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/accessToken is required/);
  });
});

describe.each(databaseKinds)('sign-on addresses from the configuration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { ...journeyEnv, PARTNER_URL: 'https://partner.example/login?from=clipfeed', PUBLIC_URL: 'https://clips.example' });
  });
  afterAll(async () => t?.close());

  it('sends players to PARTNER_URL, keeping its query and adding the token', async () => {
    const p = await newPlayer(t);
    expect((await post(t, '/api/v1/player/sso', { credential: p.credential })).body.data).toMatchObject({ redirect_type: 'home', redirect_url: 'https://partner.example/login?from=clipfeed' });
    await earn(t, p.credential, 4);
    const url = new URL((await post(t, '/api/v1/player/sso', { credential: p.credential })).body.data.redirect_url);
    expect(`${url.origin}${url.pathname}`).toBe('https://partner.example/login');
    expect(url.searchParams.get('from')).toBe('clipfeed');
    expect(url.searchParams.get('token')).toMatch(/^eyJ/);
  });

  it('links the demo partner back to PUBLIC_URL', async () => {
    const p = await newPlayer(t);
    await earn(t, p.credential, 4);
    const token = new URL((await post(t, '/api/v1/player/sso', { credential: p.credential })).body.data.redirect_url).searchParams.get('token') ?? '';
    const page = await get(t, `/partner/?token=${token}`);
    expect(backLink(page.body)).toMatch(/^https:\/\/clips\.example\/\?accessToken=eyJ/);
  });
});
