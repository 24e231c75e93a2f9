import { describe, expect, it } from 'vitest';
import { downlinkClass } from '../../workers/core/network-class';
import {
  buildVariant,
  computeAdaptation,
  engineCallOptions,
  preloadCount,
  startAdaptation,
  type AdaptationState,
  type ConnectionLike,
} from '../../src/player/adaptation';
import { classifyDevice } from '../../workers/core/device-class';
import { requestTimeoutMs, setRequestTimeout } from '../../src/api/request-timeout';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/147.0 Safari/537.36';
const ANDROID_14 = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/147.0 Mobile Safari/537.36';
const ANDROID_6 = 'Mozilla/5.0 (Linux; Android 6.0.1; SM-G900F) AppleWebKit/537.36 Chrome/90.0 Mobile Safari/537.36';
const IOS_12 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 12_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IOS_17 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('device class (spec 1 §9)', () => {
  it('low performance: memory < 3 GB, < 4 cores, iOS < 13 or Android < 7 -> 480p', () => {
    expect(classifyDevice({ userAgent: ANDROID_14, deviceMemory: 2, hardwareConcurrency: 8 })).toMatchObject({ lowPerformance: true, memory: 'low', qualityCap: 480 });
    expect(classifyDevice({ userAgent: ANDROID_14, deviceMemory: 4, hardwareConcurrency: 2 })).toMatchObject({ lowPerformance: true, memory: 'normal', qualityCap: 480 });
    expect(classifyDevice({ userAgent: ANDROID_6, deviceMemory: 4, hardwareConcurrency: 8 }).lowPerformance).toBe(true);
    expect(classifyDevice({ userAgent: IOS_12 }).lowPerformance).toBe(true);
  });

  it('otherwise 720p on mobile, 1080p on desktop', () => {
    expect(classifyDevice({ userAgent: ANDROID_14, deviceMemory: 3, hardwareConcurrency: 4 })).toMatchObject({ lowPerformance: false, mobile: true, qualityCap: 720 });
    expect(classifyDevice({ userAgent: IOS_17 })).toMatchObject({ lowPerformance: false, qualityCap: 720 });
    expect(classifyDevice({ userAgent: DESKTOP, deviceMemory: 8, hardwareConcurrency: 8 })).toMatchObject({ mobile: false, qualityCap: 1080 });
  });
});

describe('network class', () => {
  it('by downlink: > 5 fast, > 1 medium, else slow; 2g/slow-2g/3g slow', () => {
    expect(downlinkClass({ downlink: 5.1 }, null)).toBe('fast');
    expect(downlinkClass({ downlink: 5 }, null)).toBe('medium');
    expect(downlinkClass({ downlink: 1.01 }, null)).toBe('medium');
    expect(downlinkClass({ downlink: 1 }, null)).toBe('slow');
    expect(downlinkClass({ downlink: 10, effectiveType: '3g' }, null)).toBe('slow');
  });

  it('by measured latency: < 100 ms fast, < 500 ms medium, else slow; the worse of the two wins; nothing known -> medium', () => {
    expect(downlinkClass(undefined, 99)).toBe('fast');
    expect(downlinkClass(undefined, 100)).toBe('medium');
    expect(downlinkClass(undefined, 500)).toBe('slow');
    expect(downlinkClass({ downlink: 20 }, 300)).toBe('medium');
    expect(downlinkClass(undefined, null)).toBe('medium');
  });
});

describe('preload count and build variant', () => {
  it('3/2/1 by network, capped by the variant (premium 3, standard 2)', () => {
    expect([preloadCount('fast', 'premium'), preloadCount('medium', 'premium'), preloadCount('slow', 'premium')]).toEqual([3, 2, 1]);
    expect([preloadCount('fast', 'standard'), preloadCount('medium', 'standard'), preloadCount('slow', 'standard')]).toEqual([2, 2, 1]);
  });

  it('variant caps quality and sets the request timeout; premium by default', () => {
    const nav = { userAgent: DESKTOP, deviceMemory: 8, hardwareConcurrency: 8, connection: { downlink: 50 } };
    expect(computeAdaptation(nav, 20, 'premium')).toMatchObject({ qualityCap: 1080, preloadCount: 3, requestTimeoutMs: 8000, network: 'fast' });
    expect(computeAdaptation(nav, 20, 'standard')).toMatchObject({ qualityCap: 720, preloadCount: 2, requestTimeoutMs: 5000 });
    expect(buildVariant(undefined)).toBe('premium');
    expect(buildVariant('standard')).toBe('standard');
    expect(buildVariant('bogus')).toBe('premium');
  });
});

describe('startAdaptation', () => {
  it('measures now and every 60 s, follows connection changes, and stops', async () => {
    const listeners = new Set<() => void>();
    const connection: ConnectionLike = {
      downlink: 50,
      addEventListener: (_t, l) => listeners.add(l),
      removeEventListener: (_t, l) => listeners.delete(l),
    };
    const rtts = [50, 800];
    const timeouts: number[] = [];
    let tick: (() => void) | null = null;
    let cleared = false;
    const state = {} as AdaptationState;
    const stop = startAdaptation({
      navigator: { userAgent: DESKTOP, deviceMemory: 8, hardwareConcurrency: 8, connection },
      measureRtt: async (timeoutMs) => {
        timeouts.push(timeoutMs);
        return rtts.shift() ?? null;
      },
      variant: 'premium',
      state,
      setInterval: (fn, ms) => {
        expect(ms).toBe(60_000);
        tick = fn;
        return 1;
      },
      clearInterval: () => (cleared = true),
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(state).toMatchObject({ network: 'fast', rttMs: 50, preloadCount: 3 });
    expect(timeouts).toEqual([8000]);
    tick!();
    await Promise.resolve();
    await Promise.resolve();
    expect(state).toMatchObject({ network: 'slow', rttMs: 800, preloadCount: 1 });
    connection.downlink = 0.5;
    for (const l of listeners) l();
    expect(state.network).toBe('slow');
    stop();
    expect(cleared).toBe(true);
    expect(listeners.size).toBe(0);
  });
});

describe('time-outs and the engine call options (spec 1 §9)', () => {
  const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

  it('API calls: 8 s premium, 5 s standard, 15 s on Safari; Safari also gets 12 s playlists and 18 s segments', () => {
    expect(computeAdaptation({ userAgent: DESKTOP }, null, 'premium')).toMatchObject({ requestTimeoutMs: 8000, safari: null });
    expect(computeAdaptation({ userAgent: DESKTOP }, null, 'standard')).toMatchObject({ requestTimeoutMs: 5000, safari: null });
    expect(computeAdaptation({ userAgent: SAFARI_MAC }, null, 'standard')).toMatchObject({ requestTimeoutMs: 15_000, safari: { playlistMs: 12_000, segmentMs: 18_000 } });
    expect(computeAdaptation({ userAgent: IOS_17 }, null, 'premium').safari).not.toBeNull();
  });

  it('every engine call carries the network class, the quality cap, and on Safari the playlist time-out', () => {
    const phone = computeAdaptation({ userAgent: ANDROID_14, deviceMemory: 2, connection: { downlink: 20, rtt: 40 } }, 40, 'premium');
    expect(engineCallOptions(phone)).toEqual({ network: 'fast', maxHeight: 480 });
    const standardDesktop = computeAdaptation({ userAgent: DESKTOP, deviceMemory: 8, hardwareConcurrency: 8 }, 40, 'standard');
    expect(engineCallOptions(standardDesktop).maxHeight).toBe(720);
    // Safari has no Network Information API: the engine's class is the default (the worker sees no more than that).
    expect(engineCallOptions(computeAdaptation({ userAgent: IOS_17 }, 40, 'premium'))).toEqual({ network: 'medium', maxHeight: 720, timeouts: { fallbackMs: 12_000 } });
  });

  it('the engine\'s class is the speed check over the connection\'s own figures (as the worker reads them), not the page\'s measured round trip', () => {
    // Issue 17 "Worker and page agree": the measured round trip (600 ms: slow) decides the preload count only.
    const state = computeAdaptation({ userAgent: DESKTOP, connection: { downlink: 20, rtt: 40, effectiveType: '4g' } }, 600, 'premium');
    expect(state).toMatchObject({ network: 'slow', preloadCount: 1, engineNetwork: 'fast' });
    expect(engineCallOptions(state).network).toBe('fast');
    // The speed check's thresholds (10 / 2 Mbps), not the second classification's (5 / 1).
    expect(engineCallOptions(computeAdaptation({ userAgent: DESKTOP, connection: { downlink: 6 } }, null, 'premium')).network).toBe('medium');
    expect(engineCallOptions(computeAdaptation({ userAgent: DESKTOP, connection: { downlink: 1.5 } }, null, 'premium')).network).toBe('slow');
  });

  it("startAdaptation hands the build's time-out to the page's API calls", () => {
    const state = {} as AdaptationState;
    const stop = startAdaptation({ navigator: { userAgent: DESKTOP }, measureRtt: async () => null, variant: 'standard', state, setInterval: () => 0, clearInterval: () => undefined });
    expect(requestTimeoutMs()).toBe(5000);
    stop();
    setRequestTimeout(8000);
  });
});
