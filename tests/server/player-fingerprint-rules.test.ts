// The device identity rules of the server through the real app (spec 1 §5,
// §9; issue 15): a new user whose fingerprint differs across the three
// samples the page takes at init is refused as suspicious; a credential check
// from a device scores against the player's known devices with the match
// thresholds 0.85 / 0.75 / 0.7, and the stored risk score rises by band.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceMatch } from '../../server/services/players/config';
import { matchLevel } from '../../server/services/players/fingerprint-match';
import { players } from '../../server/db/schema/players';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

let lastIp = 0;
const nextIp = () => `10.9.${++lastIp >> 8}.${lastIp & 255}`;

const phone = {
  browser_fingerprint: 'fp_0a0b0c0d',
  user_agent: 'Mozilla/5.0 (Linux; Android 13; Moto G) Mobile',
  screen_resolution: '412x915',
  timezone: 'America/Sao_Paulo',
  language: 'pt-BR',
  color_depth: 24,
};

async function post(t: TestApp, url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
  return { status: res.statusCode, body: res.json() };
}

const playerCount = async (t: TestApp) => (await t.app.db.select({ id: players.id }).from(players)).length;

describe.each(databaseKinds)('the three-sample fingerprint rule on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Automation is allowed here (the test client has no browser): the rule must hold anyway.
    t = await buildTestApp(kind, { ALLOW_AUTOMATION: '1' });
  });
  afterAll(async () => t?.close());

  it('creates a player when the three samples agree', async () => {
    const r = await post(t, '/api/v1/player/init', { device_id: 'dev_fp_ok', ...phone, is_new_user: true, fingerprint_samples: ['fp_0a0b0c0d', 'fp_0a0b0c0d', 'fp_0a0b0c0d'] });
    expect(r.status).toBe(200);
    expect(r.body.data.player_id).toMatch(/^P/);
  });

  it.each([
    [['fp_1', 'fp_1', 'fp_2']],
    [['fp_1', 'fp_2', 'fp_3']],
    [['fp_2', 'fp_1', 'fp_1']],
  ])('refuses a new user whose samples %j differ: 403 suspiciousClient, no player made', async (samples) => {
    const before = await playerCount(t);
    const r = await post(t, '/api/v1/player/init', { device_id: 'dev_fp_bad', ...phone, is_new_user: true, fingerprint_samples: samples });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 403, data: { error: 'suspiciousClient' } });
    expect(r.body.message).toMatch(/fingerprint changed between samples/);
    expect(await playerCount(t)).toBe(before);
  });

  it('has nothing to judge with fewer than three samples', async () => {
    expect((await post(t, '/api/v1/player/init', { device_id: 'dev_fp_two', ...phone, fingerprint_samples: ['fp_1', 'fp_2'] })).status).toBe(200);
    expect((await post(t, '/api/v1/player/init', { device_id: 'dev_fp_none', ...phone })).status).toBe(200);
  });
});

describe('match thresholds', () => {
  it('names scores by the spec thresholds 0.85, 0.75 and 0.7', () => {
    expect([deviceMatch.sameDevice, deviceMatch.likelySame, deviceMatch.possibleSame]).toEqual([0.85, 0.75, 0.7]);
    expect([1, 0.85, 0.8499, 0.75, 0.7499, 0.7, 0.6999, 0].map(matchLevel)).toEqual(['same', 'same', 'likely', 'likely', 'possible', 'possible', 'other', 'other']);
  });
});

describe.each(databaseKinds)('credential checks scored against known devices on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t?.close());

  async function playerWithRisk() {
    const r = await post(t, '/api/v1/player/init', { device_id: 'dev_chk', ...phone });
    expect(r.status).toBe(200);
    const { credential, player_id } = r.body.data as { credential: string; player_id: string };
    const risk = async () => (await t.app.db.select({ r: players.riskScore }).from(players).where(eq(players.playerId, player_id)))[0].r;
    const check = async (device: Record<string, unknown>) => {
      const res = await post(t, '/api/v1/player/info', { credential, player_id, device_id: 'dev_chk', validation_type: 'basic', timestamp: 1, ...device });
      expect(res.status).toBe(200);
    };
    return { risk, check, initial: await risk() };
  }

  it.each([
    ['the same device (score 1)', phone, deviceMatch.riskBands.sameDevice],
    ['a changed user agent (score 0.75: likely the same)', { ...phone, user_agent: 'Mozilla/5.0 (Linux; Android 14; Moto G) Mobile' }, deviceMatch.riskBands.likelySame],
    ['another fingerprint only (score 0.7: possibly the same)', { ...phone, browser_fingerprint: 'fp_99999999' }, deviceMatch.riskBands.possibleSame],
    ['another device (score 0.1)', { browser_fingerprint: 'fp_77777777', user_agent: 'Mozilla/5.0 (iPhone)', screen_resolution: '390x844', timezone: 'Asia/Tokyo', language: 'pt-BR', color_depth: 32 }, deviceMatch.riskBands.otherDevice],
  ])('a check from %s raises the stored risk to its band', async (_name, device, band) => {
    const p = await playerWithRisk();
    await p.check(device);
    expect(await p.risk()).toBe(Math.max(p.initial, band));
  });

  it('never lowers the risk: a later check from the known device keeps the score', async () => {
    const p = await playerWithRisk();
    await p.check({ browser_fingerprint: 'fp_77777777', user_agent: 'Mozilla/5.0 (iPhone)', screen_resolution: '390x844', timezone: 'Asia/Tokyo', language: 'ja', color_depth: 32 });
    expect(await p.risk()).toBe(deviceMatch.riskBands.otherDevice);
    await p.check(phone);
    expect(await p.risk()).toBe(deviceMatch.riskBands.otherDevice);
  });

  it('takes a check that names no trait as no signal', async () => {
    const p = await playerWithRisk();
    await p.check({ identity_id: 'dev_chk' });
    expect(await p.risk()).toBe(p.initial);
  });
});
