import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

describe('configuration', () => {
  it('takes the spec defaults when nothing is set', () => {
    const r = loadConfig({});
    if (!r.ok) throw new Error(r.message);
    expect(r.config).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir: './data', allowAutomation: false, initsPerIpPerMinute: 10 });
    expect(r.config.points).toEqual({ videosRequired: 5, reward: 100, minIntervalS: 8, minWatchS: 5, dailyVideoLimit: 999, partnerPointsRequired: 1000 });
  });

  it('lets a test server allow more new players per address', () => {
    const r = loadConfig({ INITS_PER_IP_PER_MINUTE: '500' });
    expect(r.ok && r.config.initsPerIpPerMinute).toBe(500);
    expect(loadConfig({ INITS_PER_IP_PER_MINUTE: '0' }).ok).toBe(false);
  });

  it('names every bad variable in one clear message', () => {
    const r = loadConfig({ PORT: 'eighty', POINTS_REWARD: '-5', DATABASE_URL: 'not a url', SSO_SECRET: 'short' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toMatch(/PORT: must be an integer/);
    expect(r.message).toMatch(/POINTS_REWARD/);
    expect(r.message).toMatch(/DATABASE_URL: must be an absolute URL/);
    expect(r.message).toMatch(/SSO_SECRET: must be at least 32 characters/);
  });
});

describe.each(databaseKinds)('app on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('answers the health check with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: kind });
  });

  it('answers unknown paths with a 404 envelope and no stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope?token=abc' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: 'Not found: GET /nope', data: null });
  });
});
