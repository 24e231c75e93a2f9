// When the device fingerprint is read (issue 17): not while the first clip
// starts, one reading per task, and nothing the visitor earned meanwhile is
// lost. Through the account store against the real server; the page's window
// is a hand-driven stand-in (its timers, idle callbacks and media events).

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPlayerApi } from '../../src/api/player-api';
import { identityConfig } from '../../src/account/identity/config';
import type { DevicePacing } from '../../src/account/identity/device-pacing';
import { memoryStore } from '../../src/lib/key-value-store';
import { setPlayerClock } from '../../server/plugins/app/player-rules';
import { accountRuntime, accountState, configureAccount, initAccount, moveToVideo, reportPlayback } from '../../src/account/store';
import { fakeScheduler } from './helpers/fake-scheduler';
import { countFetches, startServer, type LiveServer } from './helpers/live-server';
import { seedVideos } from '../server/helpers/watch-flow';

const device = { user_agent: 'Mozilla/5.0 (Linux; Android 13) vitest', timezone: 'America/Sao_Paulo', screen_resolution: '412x915', color_depth: 24, language: 'pt-BR' };

/** A device reader that counts its readings. */
function countingEnv() {
  const reader = Object.assign(() => {
    reader.readings += 1;
    return { ...device, browser_fingerprint: 'fp_stable' };
  }, { readings: 0 });
  return reader;
}

/** A window whose timers, idle callbacks and `playing` events the test drives; no video plays until it says so. */
function handWindow() {
  const document = Object.assign(new EventTarget(), { readyState: 'complete', querySelectorAll: () => [] });
  const timers = new Map<number, { fn: () => void; ms: number }>();
  const idle: (() => void)[] = [];
  let next = 1;
  const win = {
    document,
    setTimeout: (fn: () => void, ms: number) => (timers.set(next, { fn, ms }), next++),
    clearTimeout: (id: number) => timers.delete(id),
    requestIdleCallback: (fn: () => void) => (idle.push(fn), idle.length),
    cancelIdleCallback: () => undefined,
  };
  return {
    win: win as unknown as Window,
    idle,
    /** The first clip starts playing (media events do not bubble: dispatched on the document, caught in capture). */
    play: () => document.dispatchEvent(new Event('playing')),
    /** Runs the timer set for `ms`. */
    fire: (ms: number) => {
      for (const [id, t] of timers) if (t.ms === ms) (timers.delete(id), t.fn());
    },
    /** Runs the oldest idle callback: one task. */
    runIdle: () => idle.shift()!(),
  };
}

/** Lets promise chains and fetches settle (real macrotasks). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

let server: LiveServer;
beforeAll(async () => {
  server = await startServer({ POINTS_MIN_INTERVAL_S: '0' });
  await seedVideos(server.t, [1, 2]);
});
afterAll(async () => server?.close());
afterEach(() => vi.unstubAllGlobals());

describe('the fingerprint off the first clip', () => {
  it('is not read at boot before the first play; afterwards each reading runs in an idle callback of its own', async () => {
    const page = handWindow();
    // The page's own pacing, as browserDeps() makes it from the window.
    vi.stubGlobal('window', page.win);
    const env = countingEnv();
    configureAccount({ api: createPlayerApi({ baseUrl: server.baseUrl }), store: memoryStore(), env, navigate: vi.fn() });
    const fetches = countFetches();
    try {
      // What startAccountServices does after mount.
      const init = initAccount();
      await settle();
      expect(env.readings).toBe(0);
      expect(page.idle).toHaveLength(0);
      expect(fetches.count('/api/v1/player/init')).toBe(0);
      expect(accountState.status).toBe('initializing');

      page.play();
      await settle();
      expect(env.readings).toBe(0);
      // The session's reading, then the three samples: one per idle callback, never two in one.
      const readings = 1 + identityConfig.fingerprintSamples;
      for (let i = 1; i <= readings; i++) {
        expect(page.idle).toHaveLength(1);
        page.runIdle();
        await settle();
        expect(env.readings).toBe(i);
      }
      const res = await init;
      expect(res.ok).toBe(true);
      expect(page.idle).toHaveLength(0);
      expect(fetches.count('/api/v1/player/init')).toBe(1);
      expect(accountState.status).toBe('completed');
    } finally {
      fetches.restore();
    }
  });

  it('starts reading on a page where no clip plays once the wait without play has passed', async () => {
    const page = handWindow();
    vi.stubGlobal('window', page.win);
    const env = countingEnv();
    configureAccount({ api: createPlayerApi({ baseUrl: server.baseUrl }), store: memoryStore(), env, navigate: vi.fn() });
    const init = initAccount();
    await settle();
    expect(env.readings).toBe(0);
    expect(page.idle).toHaveLength(0);
    page.fire(identityConfig.fingerprintLatestWithoutPlayMs);
    await settle();
    while (page.idle.length > 0) {
      page.runIdle();
      await settle();
    }
    expect((await init).ok).toBe(true);
    expect(env.readings).toBe(1 + identityConfig.fingerprintSamples);
  });

  it('credits a view watched while the identity waited for its fingerprint, once the identity exists', async () => {
    const s = fakeScheduler();
    setPlayerClock(server.t.config, () => new Date(s.now()));
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const pacing: DevicePacing = { turn: () => gate };
    const env = countingEnv();
    configureAccount({ api: createPlayerApi({ baseUrl: server.baseUrl }), store: memoryStore(), scheduler: s, env, pacing, navigate: vi.fn() });
    const fetches = countFetches();
    try {
      const init = initAccount();
      // The first clip plays for 6 s before any identity exists.
      moveToVideo(1);
      reportPlayback(1, 0);
      for (let i = 1; i <= 6; i++) {
        s.advance(1000);
        reportPlayback(1, i);
      }
      await settle();
      expect(env.readings).toBe(0);
      expect(accountRuntime().tracker.watched).toBeGreaterThanOrEqual(6);
      expect(fetches.count('/api/v1/player/video/start')).toBe(0);
      expect(fetches.count('/api/v1/player/video/watch')).toBe(0);

      open();
      expect((await init).ok).toBe(true);
      // The view's ticket was asked for when it started; it arrives once the identity does.
      await vi.waitFor(() => expect(accountRuntime().tracker.hasTicket).toBe(true));
      for (let i = 7; i <= 12; i++) {
        s.advance(1000);
        reportPlayback(1, i);
      }
      await vi.waitFor(() => expect(accountState.progress).toBe(1));
      expect(fetches.count('/api/v1/player/video/start')).toBe(1);
      expect(fetches.count('/api/v1/player/video/watch')).toBe(1);
    } finally {
      fetches.restore();
    }
  });
});
