import { describe, expect, it } from 'vitest';
import { mergeSample, readSamples, toSample } from '../../server/services/players/fingerprints';
import { assessInit, automationMarker } from '../../server/services/players/init-risk';
import { pointsDay } from '../../server/services/players/points-day';
import { decideWatch, type WatchRules, type WatchState } from '../../server/services/players/watch-rules';
import { win667Status } from '../../server/services/players/win667-status';

const sp = { timeZone: 'America/Sao_Paulo', resetHour: 6 };
const rules: WatchRules = { ...sp, videosRequired: 5, reward: 100, minIntervalS: 8, dailyVideoLimit: 999 };
const fresh: WatchState = { points: 0, currentProgress: 0, videoWatchCount: 0, lastCountedWatchAt: null, dailyDay: null, dailyWatchCount: 0, dailyPointsEarned: 0 };
const at = (iso: string) => new Date(iso);

describe('points day (06:00 America/Sao_Paulo)', () => {
  it('belongs to the previous date until 06:00 local (09:00 UTC) and resets then', () => {
    expect(pointsDay(at('2025-03-10T08:59:59Z'), sp)).toEqual({ day: '2025-03-09', nextReset: at('2025-03-10T09:00:00Z') });
    expect(pointsDay(at('2025-03-10T09:00:00Z'), sp)).toEqual({ day: '2025-03-10', nextReset: at('2025-03-11T09:00:00Z') });
  });

  it('crosses month and year ends on the local date, not the UTC one', () => {
    // 23:30 UTC on 31 Dec is 20:30 local: still the 31st's day; 02:00 UTC on 1 Jan is 23:00 local on the 31st.
    expect(pointsDay(at('2025-12-31T23:30:00Z'), sp).day).toBe('2025-12-31');
    expect(pointsDay(at('2026-01-01T02:00:00Z'), sp)).toEqual({ day: '2025-12-31', nextReset: at('2026-01-01T09:00:00Z') });
    expect(pointsDay(at('2024-03-01T08:00:00Z'), sp).day).toBe('2024-02-29');
  });

  it('follows a zone with daylight saving time to the right instant', () => {
    const ny = { timeZone: 'America/New_York', resetHour: 6 };
    // 9 March 2025: clocks jump 02:00 -> 03:00, so 06:00 local is 10:00 UTC, not 11:00.
    expect(pointsDay(at('2025-03-09T09:30:00Z'), ny)).toEqual({ day: '2025-03-08', nextReset: at('2025-03-09T10:00:00Z') });
    expect(pointsDay(at('2025-03-08T12:00:00Z'), ny).nextReset).toEqual(at('2025-03-09T10:00:00Z'));
  });
});

describe('watch decision', () => {
  it('counts the first watch and advances progress without a reward', () => {
    const d = decideWatch(fresh, rules, at('2025-05-01T12:00:00Z'));
    expect(d).toMatchObject({ counted: true, reason: null, earned: 0, gapS: null });
    expect(d.next).toMatchObject({ currentProgress: 1, videoWatchCount: 1, dailyDay: '2025-05-01', dailyWatchCount: 1, points: 0 });
  });

  it('refuses a watch inside the minimum interval and changes nothing', () => {
    const state = { ...fresh, currentProgress: 3, videoWatchCount: 3, lastCountedWatchAt: at('2025-05-01T12:00:00Z'), dailyDay: '2025-05-01', dailyWatchCount: 3 };
    const d = decideWatch(state, rules, at('2025-05-01T12:00:07.500Z'));
    expect(d).toMatchObject({ counted: false, reason: 'too_soon', earned: 0, gapS: 7.5 });
    expect(d.next).toEqual(state);
    expect(decideWatch(state, rules, at('2025-05-01T12:00:08Z')).counted).toBe(true);
  });

  it('awards the reward exactly when the cycle completes and restarts it', () => {
    const state = { ...fresh, points: 40, currentProgress: 4, videoWatchCount: 9, lastCountedWatchAt: at('2025-05-01T12:00:00Z'), dailyDay: '2025-05-01', dailyWatchCount: 9 };
    const d = decideWatch(state, rules, at('2025-05-01T12:01:00Z'));
    expect(d).toMatchObject({ counted: true, earned: 100 });
    expect(d.next).toMatchObject({ points: 140, currentProgress: 0, videoWatchCount: 10, dailyPointsEarned: 100 });
  });

  it('stops at the daily limit and starts again on the next points day', () => {
    const capped = { ...rules, dailyVideoLimit: 3, minIntervalS: 0 };
    const state = { ...fresh, currentProgress: 3, videoWatchCount: 3, lastCountedWatchAt: at('2025-05-01T20:00:00Z'), dailyDay: '2025-05-01', dailyWatchCount: 3 };
    const blocked = decideWatch(state, capped, at('2025-05-02T08:59:00Z'));
    expect(blocked).toMatchObject({ counted: false, reason: 'daily_limit' });
    expect(blocked.daily).toMatchObject({ remaining_videos_today: 0, remaining_points_today: 0, enabled: true, next_reset_time: '2025-05-02T09:00:00.000Z' });
    const nextDay = decideWatch(state, capped, at('2025-05-02T09:00:00Z'));
    expect(nextDay).toMatchObject({ counted: true });
    expect(nextDay.next).toMatchObject({ dailyDay: '2025-05-02', dailyWatchCount: 1, currentProgress: 4 });
  });

  it('reports the points still reachable today, counting progress carried into the cycle', () => {
    const capped = { ...rules, dailyVideoLimit: 7, minIntervalS: 0 };
    // 3 done today, progress 3: 4 more videos reach 7 = one full cycle (+2 toward the next).
    const state = { ...fresh, currentProgress: 3, lastCountedWatchAt: at('2025-05-01T12:00:00Z'), dailyDay: '2025-05-01', dailyWatchCount: 3 };
    const d = decideWatch(state, { ...capped, minIntervalS: 60 }, at('2025-05-01T12:00:10Z'));
    expect(d.daily).toMatchObject({ remaining_videos_today: 4, remaining_points_today: 100, daily_watch_count: 3, daily_video_limit: 7, max_videos_per_day: 7 });
  });

  it('marks the 999 quota as no real cap', () => {
    expect(decideWatch(fresh, rules, at('2025-05-01T12:00:00Z')).daily.enabled).toBe(false);
  });
});

describe('init assessment', () => {
  const policy = { allowAutomation: false, initsPerIpPerMinute: 10 };

  it('finds automation markers in either user agent or the webdriver flag', () => {
    expect(automationMarker({ bodyUserAgent: 'Mozilla/5.0 HeadlessChrome/120' })).toMatch(/headlesschrome/);
    expect(automationMarker({ headerUserAgent: 'Mozilla/5.0 (PhantomJS)' })).toMatch(/phantomjs/);
    expect(automationMarker({ webdriver: true })).toBe('webdriver flag');
    expect(automationMarker({ bodyUserAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile', webdriver: false })).toBeNull();
  });

  it('refuses automation unless allowed, and then scores it as the highest risk', () => {
    const s = { bodyUserAgent: 'Selenium', recentInitsFromIp: 1 };
    expect(assessInit(s, policy)).toMatchObject({ ok: false, reason: 'automation' });
    expect(assessInit(s, { ...policy, allowAutomation: true })).toEqual({ ok: true, riskScore: 100 });
  });

  it('allows 10 inits from one address in the window and refuses the 11th', () => {
    expect(assessInit({ recentInitsFromIp: 10 }, policy)).toEqual({ ok: true, riskScore: 50 });
    expect(assessInit({ recentInitsFromIp: 11 }, policy)).toMatchObject({ ok: false, reason: 'rate' });
  });

  it('keeps the client risk when it is the strongest signal, clamped to 0..100', () => {
    expect(assessInit({ recentInitsFromIp: 1, clientRiskScore: 80 }, policy)).toEqual({ ok: true, riskScore: 80 });
    expect(assessInit({ recentInitsFromIp: 1, clientRiskScore: 500 }, policy)).toEqual({ ok: true, riskScore: 100 });
  });
});

describe('device samples', () => {
  it('keeps one entry per fingerprint, newest last, at most the bound', () => {
    let list = readSamples('not a list');
    for (let i = 0; i < 105; i++) list = mergeSample(list, toSample({ browser_fingerprint: `fp${i}` }), at('2025-05-01T12:00:00Z'), 100);
    expect(list).toHaveLength(100);
    expect(list[0].fingerprint).toBe('fp5');
    list = mergeSample(list, toSample({ browser_fingerprint: 'fp50', timezone: 'America/Sao_Paulo' }), at('2025-05-02T12:00:00Z'), 100);
    expect(list).toHaveLength(100);
    expect(list[99]).toMatchObject({ fingerprint: 'fp50', seen_count: 2, first_seen_at: '2025-05-01T12:00:00.000Z', last_seen_at: '2025-05-02T12:00:00.000Z', timezone: 'America/Sao_Paulo' });
  });

  it('derives a fingerprint from the device data when none is sent', () => {
    const a = toSample({ user_agent: 'UA', timezone: 'America/Sao_Paulo', screen_resolution: '390x844' });
    const b = toSample({ user_agent: 'UA', timezone: 'America/Sao_Paulo', screen_resolution: '412x915' });
    expect(a.fingerprint).not.toBe(b.fingerprint);
    expect(a).not.toHaveProperty('language');
  });
});

describe('win667 status', () => {
  it('is ready with an account whatever the points, eligible at the threshold, insufficient below', () => {
    expect(win667Status(0, true, 1000)).toBe('ready');
    expect(win667Status(1000, false, 1000)).toBe('eligible');
    expect(win667Status(999, false, 1000)).toBe('insufficient');
  });
});
