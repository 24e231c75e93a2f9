// What the account store runs on: the API client, storage, time, device data
// and navigation, injected so tests swap any of them (configureAccount).
// Browser defaults are made only when first needed.

import { createPlayerApi, type PlayerApi } from '../api/player-api';
import { documentCookies, type CookieJar } from './identity/cookies';
import { browserEnvironment, type DeviceEnvironmentReader } from './identity/device-env';
import { browserPacing, immediatePacing, type DevicePacing } from './identity/device-pacing';
import { IdentityManager, type IdentityListener } from './identity/identity-manager';
import { localStorageStore, type KeyValueStore } from '../lib/key-value-store';
import { wallClockTimers, type Timers, type TimerHandle } from '../lib/timers';
import { BalanceRefreshPolicy } from './points/balance-refresh';
import { WatchTracker } from './points/watch-tracker';
import { ssoConfig } from './sso/config';

export interface AccountDeps {
  api: PlayerApi;
  store: KeyValueStore;
  scheduler: Timers;
  env: DeviceEnvironmentReader;
  /** When each fingerprint reading may run (off the first clip's critical path). */
  pacing: DevicePacing;
  /** [0, 1) */
  random: () => number;
  /** Leaves the app for the partner site. */
  navigate: (url: string) => void;
  partnerHome: string;
  isVisible: () => boolean;
  /** The identity's cookies (spec 1 §9 lifetimes); absent where there is no document. */
  cookies?: CookieJar;
}

export interface AccountRuntime {
  deps: AccountDeps;
  manager: IdentityManager;
  tracker: WatchTracker;
  policy: BalanceRefreshPolicy;
  timers: Map<string, TimerHandle>;
  polling: boolean;
}

/** Crypto-strength [0, 1) where available: device ids must not collide. */
function secureRandom(): number {
  const c = globalThis.crypto;
  if (!c?.getRandomValues) return Math.random();
  return c.getRandomValues(new Uint32Array(1))[0] / 2 ** 32;
}

export function browserDeps(): AccountDeps {
  return {
    api: createPlayerApi(),
    store: localStorageStore(),
    scheduler: wallClockTimers,
    env: browserEnvironment,
    pacing: typeof window !== 'undefined' ? browserPacing(window) : immediatePacing,
    random: secureRandom,
    navigate: (url) => globalThis.location.assign(url),
    partnerHome: ssoConfig.partnerHome,
    isVisible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
    cookies: typeof document !== 'undefined' ? documentCookies() : undefined,
  };
}

export function createRuntime(deps: AccountDeps, listener: IdentityListener): AccountRuntime {
  const now = () => deps.scheduler.now();
  return {
    deps,
    manager: new IdentityManager(deps, listener),
    tracker: new WatchTracker(now),
    policy: new BalanceRefreshPolicy(now),
    timers: new Map(),
    polling: false,
  };
}

/** One named timer at a time: setting it again replaces the previous one. */
export function setNamedTimer(rt: AccountRuntime, name: string, ms: number, fn: () => void): void {
  clearNamedTimer(rt, name);
  rt.timers.set(
    name,
    rt.deps.scheduler.setTimeout(() => {
      rt.timers.delete(name);
      fn();
    }, ms),
  );
}

export function clearNamedTimer(rt: AccountRuntime, name: string): void {
  const t = rt.timers.get(name);
  if (t !== undefined) rt.deps.scheduler.clearTimeout(t);
  rt.timers.delete(name);
}

export function clearAllTimers(rt: AccountRuntime): void {
  for (const name of [...rt.timers.keys()]) clearNamedTimer(rt, name);
}
