// Rate limits on the player API (issue 13), sent as the attacks: one script
// hammering one player from many (trusted-proxy) addresses, one address
// making calls for many players, IPv6 address rotation inside one /64, and a
// forged X-Forwarded-For without a trusted proxy. Each is refused with 429,
// the spec's "too many requests" and Retry-After; the victims next to the
// attacker (another address, another player) are not.

import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, securityDefaults } from '../../server/config';
import { buildTestApp, type TestApp } from './helpers/test-app';

const PER_ADDRESS = 12;
const PER_PLAYER = 8;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function app(env: Record<string, string> = {}) {
  t = await buildTestApp('pglite', { PLAYER_REQUESTS_PER_ADDRESS: String(PER_ADDRESS), PLAYER_REQUESTS_PER_PLAYER: String(PER_PLAYER), ...env });
  return t;
}

async function newPlayer(a: TestApp, remoteAddress: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await a.app.inject({ method: 'POST', url: '/api/v1/player/init', payload: { device_id: 'dev_rate' }, remoteAddress, headers });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { credential: string }).credential;
}

const pointsQuery = (a: TestApp, credential: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  a.app.inject({ method: 'POST', url: '/api/v1/player/points/query', payload: { credential }, remoteAddress, headers });

function expectTooMany(res: Awaited<ReturnType<typeof pointsQuery>>, who: 'address' | 'player', max: number) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  const body = res.json() as { code: number; message: string; data: { error: string } };
  expect(body).toMatchObject({ code: 429, data: { error: 'RATE_LIMITED' } });
  expect(body.message).toMatch(new RegExp(`^Too many requests from this ${who}: at most ${max} a minute`));
}

describe('player API rate limits', () => {
  it('defaults: 600 calls a minute per address, 120 per player (settable by PLAYER_REQUESTS_PER_ADDRESS and PLAYER_REQUESTS_PER_PLAYER)', () => {
    const loaded = loadConfig({});
    expect(loaded.ok && loaded.config.playerRateLimits).toEqual({ perAddress: 600, perPlayer: 120 });
    expect(securityDefaults).toMatchObject({ playerRequestsPerAddress: 600, playerRequestsPerPlayer: 120 });
    const bad = loadConfig({ PLAYER_REQUESTS_PER_PLAYER: '0' });
    expect(bad.ok).toBe(false);
  });

  it('attack: one player scripted from many addresses (behind a trusted proxy) is cut off at its own limit; another player is not', async () => {
    const a = await app({ TRUST_PROXY: '127.0.0.1' });
    const victim = await newPlayer(a, '127.0.0.1', { 'x-forwarded-for': '198.51.100.200' });
    const credential = await newPlayer(a, '127.0.0.1', { 'x-forwarded-for': '198.51.100.1' });
    for (let i = 0; i < PER_PLAYER; i++) {
      // A fresh address every call: only the per-player limit can see this is one client.
      const res = await pointsQuery(a, credential, '127.0.0.1', { 'x-forwarded-for': `203.0.113.${i + 1}` });
      expect(res.statusCode).toBe(200);
    }
    expectTooMany(await pointsQuery(a, credential, '127.0.0.1', { 'x-forwarded-for': '203.0.113.250' }), 'player', PER_PLAYER);
    // Watches from that player are refused too, before any database work.
    const watch = await a.app.inject({ method: 'POST', url: '/api/v1/player/video/watch', payload: { credential, video_id: 1, ticket: 'x' }, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.251' } });
    expect(watch.statusCode).toBe(429);
    expect((await pointsQuery(a, victim, '127.0.0.1', { 'x-forwarded-for': '198.51.100.200' })).statusCode).toBe(200);
  });

  it('attack: one address calling for many players (and with made-up credentials) is cut off at the address limit; another address is not', async () => {
    const a = await app();
    const players = [await newPlayer(a, '192.0.2.7'), await newPlayer(a, '192.0.2.7')];
    const victim = await newPlayer(a, '192.0.2.8');
    // Two inits already counted against this address.
    let sent = 2;
    while (sent < PER_ADDRESS) {
      const credential = sent % 3 === 0 ? `made-up-credential-${sent}` : players[sent % 2];
      const res = await pointsQuery(a, credential, '192.0.2.7');
      expect(res.statusCode).not.toBe(429);
      sent++;
    }
    expectTooMany(await pointsQuery(a, players[0], '192.0.2.7'), 'address', PER_ADDRESS);
    // New players from that address are refused as well.
    const init = await a.app.inject({ method: 'POST', url: '/api/v1/player/init', payload: { device_id: 'dev_rate' }, remoteAddress: '192.0.2.7' });
    expect(init.statusCode).toBe(429);
    expect((await pointsQuery(a, victim, '192.0.2.8')).statusCode).toBe(200);
  });

  it('attack: rotating IPv6 addresses inside one /64 counts as one address; the next /64 is another subscriber', async () => {
    const a = await app();
    const credential = await newPlayer(a, '2001:db8:1:1::1');
    for (let i = 1; i < PER_ADDRESS; i++) {
      const res = await a.app.inject({ method: 'POST', url: '/api/v1/player/info', payload: {}, remoteAddress: `2001:db8:1:1::${(i + 1).toString(16)}` });
      expect(res.statusCode).not.toBe(429);
    }
    expectTooMany(await pointsQuery(a, credential, '2001:db8:1:1:ffff::9'), 'address', PER_ADDRESS);
    expect((await a.app.inject({ method: 'POST', url: '/api/v1/player/info', payload: {}, remoteAddress: '2001:db8:1:2::1' })).statusCode).not.toBe(429);
  });

  it('attack: a forged X-Forwarded-For without TRUST_PROXY does not reset the address count', async () => {
    const a = await app();
    for (let i = 0; i < PER_ADDRESS; i++) {
      const res = await a.app.inject({ method: 'POST', url: '/api/v1/player/info', payload: {}, remoteAddress: '192.0.2.50', headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
      expect(res.statusCode).not.toBe(429);
    }
    const res = await a.app.inject({ method: 'POST', url: '/api/v1/player/info', payload: {}, remoteAddress: '192.0.2.50', headers: { 'x-forwarded-for': '203.0.113.99' } });
    expect(res.statusCode).toBe(429);
  });

  it('a CORS preflight does not spend the budget', async () => {
    const a = await app();
    for (let i = 0; i < PER_ADDRESS * 2; i++) {
      const res = await a.app.inject({ method: 'OPTIONS', url: '/api/v1/player/points/query', remoteAddress: '192.0.2.60', headers: { origin: 'https://example.com', 'access-control-request-method': 'POST' } });
      expect(res.statusCode).toBeLessThan(300);
    }
    const credential = await newPlayer(a, '192.0.2.60');
    expect((await pointsQuery(a, credential, '192.0.2.60')).statusCode).toBe(200);
  });
});
