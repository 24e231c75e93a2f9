import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initAttempts, players } from '../../server/db/schema/players';
import { hashCredential } from '../../server/services/players/credential';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

let lastIp = 0;
/** Each init from its own address, so the per-address init limit only bites where a test wants it. */
const nextIp = () => `10.0.${++lastIp >> 8}.${lastIp & 255}`;

async function post(t: TestApp, url: string, payload: unknown, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: extra.remoteAddress, headers: extra.headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

async function newPlayer(t: TestApp, fields: Record<string, unknown> = {}) {
  const r = await post(t, '/api/v1/player/init', { device_id: 'dev_abc-1', ...fields }, { remoteAddress: nextIp() });
  expect(r.status).toBe(200);
  return r.body.data as { credential: string; player_id: string };
}

describe.each(databaseKinds)('player init on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { ALLOW_AUTOMATION: '0' });
  });
  afterAll(async () => t?.close());

  it('creates a player with a 256-bit credential whose hash alone is stored', async () => {
    const r = await post(t, '/api/v1/player/init', { device_id: 'dev_1', browser_fingerprint: 'fp-1', timezone: 'America/Sao_Paulo', risk_score: 12, referrer: null }, { remoteAddress: nextIp() });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({ points: 0, has_win667: false, win667_status: 'insufficient', video_watch_count: 0 });
    expect(d.player_id).toMatch(/^P[0-9A-F]{16}$/);
    expect(Buffer.from(d.credential, 'base64url')).toHaveLength(32);
    expect(Date.parse(d.created_at)).not.toBeNaN();
    expect(Date.parse(d.last_active_at)).not.toBeNaN();
    const [row] = await t.app.db.select().from(players).where(eq(players.playerId, d.player_id));
    expect(row.credentialHash).toBe(hashCredential(d.credential));
    expect(JSON.stringify(row)).not.toContain(d.credential);
    expect(row.riskScore).toBe(12);
    expect(row.fingerprints).toEqual([expect.objectContaining({ fingerprint: 'fp-1', device_id: 'dev_1', timezone: 'America/Sao_Paulo', seen_count: 1 })]);
  });

  it('gives every init its own player and credential', async () => {
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    expect(a.player_id).not.toBe(b.player_id);
    expect(a.credential).not.toBe(b.credential);
  });

  it.each([
    [{}, /device_id: is required/],
    [{ device_id: '' }, /device_id: must not be empty/],
    [{ device_id: 'x'.repeat(65) }, /device_id: must be at most 64 characters/],
    [{ device_id: 'dev 1' }, /device_id: may contain only letters, digits, _ and -/],
    [{ device_id: 'dev_1', user_agent: 'u'.repeat(513) }, /user_agent: must be at most 512 characters/],
    [{ device_id: 'dev_1', risk_score: 101 }, /risk_score: must be 0 to 100/],
    [{ device_id: 'dev_1', color_depth: 'deep' }, /color_depth/],
  ])('refuses %j with a 400 naming the field', async (payload, message) => {
    const r = await post(t, '/api/v1/player/init', payload, { remoteAddress: nextIp() });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    expect(r.body.message).toMatch(message);
    expect(r.body.data).toEqual({ error: 'validation' });
  });

  it.each([
    ['a HeadlessChrome user_agent field', { user_agent: 'Mozilla/5.0 HeadlessChrome/120.0' }, {}],
    ['a webdriver flag', { webdriver: true }, {}],
    ['a Selenium User-Agent header', {}, { 'user-agent': 'Selenium/4 (python)' }],
  ])('refuses %s as suspicious when automation is not allowed', async (_name, fields, headers) => {
    const r = await post(t, '/api/v1/player/init', { device_id: 'dev_1', ...fields }, { remoteAddress: nextIp(), headers });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 403, data: { error: 'suspiciousClient' } });
    expect(r.body.message).toMatch(/automation marker/);
  });

  it('refuses the 11th init from one address within a minute, counted in the database', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 10; i++) expect((await post(t, '/api/v1/player/init', { device_id: `d${i}` }, { remoteAddress: ip })).status).toBe(200);
    const refused = await post(t, '/api/v1/player/init', { device_id: 'd10' }, { remoteAddress: ip });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/more than 10 new players from one address in a minute/);
    // Another address is unaffected; the same one recovers once its attempts are over a minute old.
    expect((await post(t, '/api/v1/player/init', { device_id: 'other' }, { remoteAddress: '192.0.2.78' })).status).toBe(200);
    await t.app.db.update(initAttempts).set({ createdAt: sql`now() - interval '61 seconds'` }).where(eq(initAttempts.ip, ip));
    expect((await post(t, '/api/v1/player/init', { device_id: 'again' }, { remoteAddress: ip })).status).toBe(200);
  });

  it('attack: one socket forging a new X-Forwarded-For per request still makes only 10 players (TRUST_PROXY unset)', async () => {
    const socket = nextIp();
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) {
      answers.push((await post(t, '/api/v1/player/init', { device_id: `forge${i}` }, { headers: { 'x-forwarded-for': `203.0.113.${i}` }, remoteAddress: socket })).status);
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(10);
    expect(answers.slice(10).every((s) => s === 429)).toBe(true);
  });

  it("attack: forging a victim's address does not spend the victim's new-player allowance", async () => {
    const victim = nextIp();
    for (let i = 0; i < 12; i++) await post(t, '/api/v1/player/init', { device_id: `lock${i}` }, { headers: { 'x-forwarded-for': victim }, remoteAddress: nextIp() });
    expect((await post(t, '/api/v1/player/init', { device_id: 'victim' }, { remoteAddress: victim })).status).toBe(200);
  });
});

describe.each(databaseKinds)('player init behind a trusted proxy (TRUST_PROXY) on %s', (kind) => {
  let t: TestApp;
  const proxy = '192.0.2.250';
  beforeAll(async () => {
    t = await buildTestApp(kind, { TRUST_PROXY: proxy });
  });
  afterAll(async () => t?.close());

  it('takes the client address from X-Forwarded-For only when the socket is the trusted proxy', async () => {
    for (let i = 0; i < 10; i++) await post(t, '/api/v1/player/init', { device_id: `p${i}` }, { headers: { 'x-forwarded-for': '198.51.100.9' }, remoteAddress: proxy });
    expect((await post(t, '/api/v1/player/init', { device_id: 'p10' }, { headers: { 'x-forwarded-for': '198.51.100.9' }, remoteAddress: proxy })).status).toBe(429);
    // Another client behind the same proxy is its own address.
    expect((await post(t, '/api/v1/player/init', { device_id: 'p11' }, { headers: { 'x-forwarded-for': '198.51.100.10' }, remoteAddress: proxy })).status).toBe(200);
    // The same header from a socket that is not the proxy is ignored: that socket is the client.
    expect((await post(t, '/api/v1/player/init', { device_id: 'p12' }, { headers: { 'x-forwarded-for': '198.51.100.9' }, remoteAddress: '192.0.2.251' })).status).toBe(200);
  });
});

describe.each(databaseKinds)('player API calls on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('lets automation through when allowed, recording it as the highest risk', async () => {
    const p = await newPlayer(t, { user_agent: 'HeadlessChrome' });
    const [row] = await t.app.db.select().from(players).where(eq(players.playerId, p.player_id));
    expect(row.riskScore).toBe(100);
  });

  it('answers info for the credential and records a new device sample on a check', async () => {
    const p = await newPlayer(t, { browser_fingerprint: 'fp-a' });
    const r = await post(t, '/api/v1/player/info', { credential: p.credential, player_id: p.player_id, validation_type: 'check', browser_fingerprint: 'fp-b', language: 'pt-BR' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ player_id: p.player_id, points: 0, has_win667: false, win667_status: 'insufficient' });
    expect(r.body.data).not.toHaveProperty('credential_hash');
    await post(t, '/api/v1/player/info', { credential: p.credential, browser_fingerprint: 'fp-b' });
    const [row] = await t.app.db.select().from(players).where(eq(players.playerId, p.player_id));
    expect(row.fingerprints).toEqual([expect.objectContaining({ fingerprint: 'fp-a', seen_count: 1 }), expect.objectContaining({ fingerprint: 'fp-b', seen_count: 2, language: 'pt-BR' })]);
  });

  it('refuses info with 401 when the credential belongs to another player id', async () => {
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    const r = await post(t, '/api/v1/player/info', { credential: a.credential, player_id: b.player_id });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 401, message: 'Invalid credential: it belongs to another player.' });
  });

  it.each(['/api/v1/player/info', '/api/v1/player/points/query', '/api/v1/player/video/config', '/api/v1/player/sso', '/api/v1/win667/status', '/api/v1/win667/account'])(
    '%s answers 401 for a missing, malformed or unknown credential',
    async (url) => {
      for (const payload of [{}, { credential: 12345 }, { credential: 'short' }, { credential: 'A'.repeat(43) }]) {
        const r = await post(t, url, payload);
        expect(r.status).toBe(401);
        expect(r.body.code).toBe(401);
        expect(r.body.message).toMatch(/^Invalid credential/);
      }
    },
  );

  it('answers 403 for a disabled player', async () => {
    const p = await newPlayer(t);
    await t.app.db.update(players).set({ disabled: true }).where(eq(players.playerId, p.player_id));
    const r = await post(t, '/api/v1/player/points/query', { credential: p.credential });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 403, message: 'Account disabled.', data: { error: 'accountDisabled' } });
  });

  it('describes the video points rules from the configuration', async () => {
    const p = await newPlayer(t);
    const r = await post(t, '/api/v1/player/video/config', { credential: p.credential });
    expect(r.body.data).toMatchObject({ videos_required: 5, points_reward: 100, min_interval: 8, enabled: true, daily_video_limit: 999, current_progress: 0 });
  });

  it('answers points/query with the balance and what the partner button does', async () => {
    const p = await newPlayer(t);
    await t.app.db.update(players).set({ points: 1000 }).where(eq(players.playerId, p.player_id));
    const r = await post(t, '/api/v1/player/points/query', { credential: p.credential });
    expect(r.body.data).toEqual({ player_id: p.player_id, points: 1000, has_win667: false, win667_status: 'eligible', points_required: 1000 });
  });

  it('keeps the envelope for broken JSON and unsupported content types, with CORS headers', async () => {
    const broken = await t.app.inject({ method: 'POST', url: '/api/v1/player/info', headers: { 'content-type': 'application/json' }, payload: '{"credential":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 400, data: { error: expect.any(String) } });
    expect(broken.headers['access-control-allow-origin']).toBe('*');
    const text = await t.app.inject({ method: 'POST', url: '/api/v1/player/info', headers: { 'content-type': 'application/xml' }, payload: '<credential/>' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 415 });
    expect(text.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers CORS preflights for the player, win667 and /sso paths', async () => {
    for (const url of ['/api/v1/player/video/watch', '/api/v1/win667/status', '/sso']) {
      const r = await t.app.inject({ method: 'OPTIONS', url, headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
      expect(r.statusCode).toBe(204);
      expect(r.headers['access-control-allow-origin']).toBe('*');
      expect(r.headers['access-control-allow-methods']).toContain('POST');
      expect(r.headers['access-control-allow-headers']).toBe('content-type');
      expect(r.headers['access-control-allow-credentials']).toBeUndefined();
    }
    const p = await newPlayer(t);
    const r = await post(t, '/api/v1/player/points/query', { credential: p.credential }, { headers: { origin: 'https://app.example' } });
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.headers['cache-control']).toBe('no-store');
  });
});
