// Watching for points through the account store, against the real server.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPlayerApi } from '../../src/api/player-api';
import { memoryStore } from '../../src/lib/key-value-store';
import { setPlayerClock } from '../../server/plugins/app/player-rules';
import { accountRuntime, accountState, configureAccount, initAccount, moveToVideo, refreshBalance, reportPlayback } from '../../src/account/store';
import { resetSsoOnReturn, startSso } from '../../src/account/sso/start-sso';
import { fakeScheduler } from '../identity/helpers/fake-scheduler';
import { countFetches, startServer, type LiveServer } from '../identity/helpers/live-server';
import { seedVideos } from '../server/helpers/watch-flow';

const env = () => ({ user_agent: 'Mozilla/5.0 (Linux; Android 13) vitest', language: 'pt-BR' });

let server: LiveServer;
beforeAll(async () => {
  // The server keeps its 5 s minimum watch time (POINTS_MIN_WATCH_S default): its clock is the test's fake one.
  server = await startServer({ POINTS_MIN_INTERVAL_S: '0', PARTNER_POINTS_REQUIRED: '100' });
  await seedVideos(server.t, [1, 2, 3, 4, 5]);
});
afterAll(async () => server?.close());

/** The server's clock follows the fake scheduler (watch tickets age on it). */
function linkedScheduler() {
  const s = fakeScheduler();
  setPlayerClock(server.t.config, () => new Date(s.now()));
  return s;
}

/** Starts a video (its watch ticket arrives), then plays it for 5 s of clock time, reporting its position every second. */
async function watch5s(s: ReturnType<typeof fakeScheduler>, videoId: number) {
  moveToVideo(videoId);
  await vi.waitFor(() => expect(accountRuntime().tracker.hasTicket).toBe(true));
  reportPlayback(videoId, 0);
  for (let i = 1; i <= 5; i++) {
    s.advance(1000);
    reportPlayback(videoId, i);
  }
}

describe('watch recording through the store', () => {
  it('5 counted watches award 100 points; the store sees the reward, its timers and the partner highlight', async () => {
    const s = linkedScheduler();
    const navigate = vi.fn();
    configureAccount({ api: createPlayerApi({ baseUrl: server.baseUrl }), store: memoryStore(), scheduler: s, env, navigate, partnerHome: 'http://partner.invalid/' });
    expect((await initAccount()).ok).toBe(true);
    expect(accountState.points).toBe(0);
    const fetches = countFetches();
    try {
      for (let v = 1; v <= 5; v++) {
        await watch5s(s, v);
        await vi.waitFor(() => expect(accountState.progressStatus === 'complete' || accountState.progress === v).toBe(true));
        expect(accountState.watchStatus).toBe('cooldown');
        s.advance(3000);
        expect(accountState.watchStatus).not.toBe('cooldown');
      }
      expect(fetches.count('/api/v1/player/video/watch')).toBe(5);
      // One watch ticket per view, asked for when the video started.
      expect(fetches.count('/api/v1/player/video/start')).toBe(5);
    } finally {
      fetches.restore();
    }
    expect(accountState).toMatchObject({ points: 100, progress: 0, progressStatus: 'complete', reward: { earned: 100, points: 100 }, partnerHighlight: true });
    // The reward asks for the balance again: the server's threshold (100 here) makes the partner button 'eligible'.
    await vi.waitFor(() => expect(accountState).toMatchObject({ win667Status: 'eligible', partner: 'eligible', pointsRequired: 100 }));
    // The reward arrived 3 s ago (the cooldown wait): the animation (3.5 s) ends before the tip (5 s).
    expect(accountState.showPointsAnimation).toBe(true);
    s.advance(500);
    expect(accountState.showPointsAnimation).toBe(false);
    expect(accountState.showRewardTip).toBe(true);
    s.advance(1500);
    expect(accountState.showRewardTip).toBe(false);

    // With enough points the partner button opens the account and leaves for the partner with a token.
    const outcome = await startSso();
    expect(outcome.error).toBeNull();
    expect(outcome.result).toMatchObject({ has_win667: true, redirect_type: 'sso', remaining_points: 0 });
    expect(navigate).toHaveBeenCalledWith(outcome.result.redirect_url);
    expect(new URL(outcome.result.redirect_url).searchParams.get('token')).toMatch(/^eyJ/);
    expect(accountState.sso.status).toBe('redirecting');
    expect(accountState.partnerHighlight).toBe(false);

    // Back from the partner: a page the browser kept (back/forward cache) comes back redirecting; its
    // pageshow (persisted) hides the overlay. A fresh load's pageshow leaves the state alone.
    const win = new EventTarget() as unknown as Window;
    const stop = resetSsoOnReturn(win);
    win.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    expect(accountState.sso.status).toBe('redirecting');
    win.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(accountState.sso).toEqual({ status: 'idle', errorKey: null });
    stop();
  });

  it('does not record a video watched under 5 s, and throttles a manual refresh', async () => {
    const s = linkedScheduler();
    configureAccount({ api: createPlayerApi({ baseUrl: server.baseUrl }), store: memoryStore(), scheduler: s, env, navigate: vi.fn() });
    await initAccount();
    const fetches = countFetches();
    try {
      moveToVideo(1);
      reportPlayback(1, 0);
      s.advance(4000);
      reportPlayback(1, 4);
      moveToVideo(2);
      expect(await refreshBalance('manual')).toBe('ok');
      expect(await refreshBalance('manual')).toBe('throttled');
      expect(accountState.toast).toEqual({ key: 'account:refreshThrottled', params: { s: 30 } });
      expect(fetches.count('/api/v1/player/video/watch')).toBe(0);
      expect(fetches.count('/api/v1/player/points/query')).toBe(1);
    } finally {
      fetches.restore();
    }
  });

  it('falls back to the partner home page (has_win667 false, 999) when the sign-on link fails', async () => {
    const navigate = vi.fn();
    configureAccount({ api: createPlayerApi({ baseUrl: 'http://127.0.0.1:9' }), store: memoryStore(), env, navigate, partnerHome: 'http://partner.invalid/home' });
    const outcome = await startSso();
    expect(outcome.result).toMatchObject({ has_win667: false, redirect_url: 'http://partner.invalid/home', remaining_points: 999 });
    expect(outcome.error).not.toBeNull();
    expect(navigate).toHaveBeenCalledWith('http://partner.invalid/home');
    expect(accountState.sso).toEqual({ status: 'failed', errorKey: 'account:ssoFailed' });
  });
});
