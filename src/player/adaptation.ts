// Device, network and build-variant adaptation (spec 1 §9, spec 3 §9): a
// quality cap, a memory class for the buffers, a network class for the
// engine's variant choice and a preload count. Pure classification functions
// plus a valtio store refreshed every 60 s; the navigator and the round-trip
// measurement are injected, so all of it runs in node tests.

import { proxy } from 'valtio/vanilla';
import { downlinkClass, type DownlinkLike } from '../../workers/core/network-class';
import { connectionPlan, preloadItems, serverSawSaveData, type ConnectionFacts } from '../../workers/core/connection-plan';
import type { NetworkClass } from '../../workers/core/types';
import { classifyDevice, type DeviceClass, type DeviceFacts, type Quality } from '../../workers/core/device-class';
import { request } from '../api/http';
import { adaptationConfig, safariTimeoutConfig, variantConfig } from './config';
import { setRequestTimeout } from '../api/request-timeout';
import { platformClass } from '../lib/platform';
import { realTimers, type Timers } from '../lib/timers';

export type BuildVariant = 'premium' | 'standard';
export type { Quality };

/** The parts of navigator.connection read here (Network Information API). */
export interface ConnectionLike extends DownlinkLike, ConnectionFacts {
  addEventListener?(type: 'change', listener: () => void): void;
  removeEventListener?(type: 'change', listener: () => void): void;
}

export interface NavigatorLike extends DeviceFacts {
  connection?: ConnectionLike;
  /** iPadOS says "Macintosh" with touch points (lib/platform.ts). */
  maxTouchPoints?: number;
}

export function buildVariant(value: unknown = import.meta.env.VITE_VARIANT): BuildVariant {
  return value === 'standard' || value === 'premium' ? value : variantConfig.defaultVariant;
}

/** Items to preload: 3/2/1 by network, capped by the build variant. */
export function preloadCount(network: NetworkClass, variant: BuildVariant): number {
  return Math.min(adaptationConfig.preloadByNetwork[network], variantConfig[variant].preload);
}

export interface AdaptationState {
  variant: BuildVariant;
  device: DeviceClass;
  /** The second classification with the measured round trip: preload count and hls.js tuning. */
  network: NetworkClass;
  /** The class the engine picks a variant by: the worker's rule and inputs (workers/core/connection-plan.ts), so the warm start's first clip is the page's. */
  engineNetwork: NetworkClass;
  /** Save-Data (the browser's setting or the header the server saw): one item ahead, the lowest variant. */
  saveData: boolean;
  rttMs: number | null;
  /** Highest quality to play: the device's cap within the variant's. */
  qualityCap: Quality;
  preloadCount: number;
  /** API calls: the build variant's time-out (8 s premium, 5 s standard), 15 s on Safari. */
  requestTimeoutMs: number;
  /** Safari's playlist and segment time-outs (12 s, 18 s); null elsewhere, where each loader keeps the spec's own. */
  safari: { playlistMs: number; segmentMs: number } | null;
}

export function computeAdaptation(nav: NavigatorLike, rttMs: number | null, variant: BuildVariant, saveDataHeader = false): AdaptationState {
  const device = classifyDevice(nav);
  const network = downlinkClass(nav.connection, rttMs);
  const plan = connectionPlan(nav.connection, saveDataHeader);
  const safari = platformClass(nav) === 'safari-ios';
  return {
    variant,
    device,
    network,
    engineNetwork: plan.network,
    saveData: plan.saveData,
    rttMs,
    qualityCap: Math.min(device.qualityCap, variantConfig[variant].maxQuality) as Quality,
    preloadCount: preloadItems(preloadCount(network, variant), plan.saveData),
    requestTimeoutMs: safari ? safariTimeoutConfig.otherMs : variantConfig[variant].requestTimeoutMs,
    safari: safari ? { playlistMs: safariTimeoutConfig.playlistMs, segmentMs: safariTimeoutConfig.segmentMs } : null,
  };
}

/** What every engine call carries from the adaptation: network class, quality cap, and Safari's playlist time-out. */
export function engineCallOptions(state: AdaptationState = adaptationState): { network: NetworkClass; maxHeight: number; saveData?: boolean; timeouts?: { fallbackMs: number } } {
  return {
    network: state.engineNetwork,
    maxHeight: state.qualityCap,
    ...(state.saveData ? { saveData: true } : {}),
    ...(state.safari ? { timeouts: { fallbackMs: state.safari.playlistMs } } : {}),
  };
}

/** Whether the server saw `Save-Data: on` when it sent this page: its Server-Timing on the navigation (server/http/save-data.ts). */
export function saveDataHeaderSeen(perf: Pick<Performance, 'getEntriesByType'> | undefined): boolean {
  try {
    const nav = perf?.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return serverSawSaveData((nav?.serverTiming ?? []).map((entry) => entry.name));
  } catch {
    return false;
  }
}

/** The app's adaptation, kept fresh by startAdaptation(). */
export const adaptationState: AdaptationState = proxy(
  computeAdaptation({ userAgent: '' }, null, buildVariant()),
);

/** A HEAD round trip to the catalogue list path (spec 1 §7); null when it failed. */
export function createRttProbe(url: string = adaptationConfig.rttProbePath, timers: Timers = realTimers) {
  return async (timeoutMs: number): Promise<number | null> => {
    const start = timers.now();
    const res = await request(url, { method: 'HEAD', timeoutMs, cache: 'no-store' });
    return res.ok ? timers.now() - start : null;
  };
}

export interface AdaptationOptions {
  navigator: NavigatorLike;
  measureRtt: (timeoutMs: number) => Promise<number | null>;
  variant?: BuildVariant;
  /** The server saw `Save-Data: on` when it sent the page (workers/core/connection-plan.ts serverSawSaveData). */
  saveDataHeader?: boolean;
  state?: AdaptationState;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (id: unknown) => void;
}

/** Classifies now, re-measures every 60 s and on connection changes; returns stop. */
export function startAdaptation(options: AdaptationOptions): () => void {
  const state = options.state ?? adaptationState;
  const variant = options.variant ?? buildVariant();
  const every = options.setInterval ?? ((fn, ms) => setInterval(fn, ms));
  const clear = options.clearInterval ?? ((id) => clearInterval(id as ReturnType<typeof setInterval>));
  let stopped = false;
  let rttMs: number | null = null;
  const apply = () => {
    if (stopped) return;
    Object.assign(state, computeAdaptation(options.navigator, rttMs, variant, options.saveDataHeader));
    setRequestTimeout(state.requestTimeoutMs);
  };
  const measure = async () => {
    const measured = await options.measureRtt(variantConfig[variant].requestTimeoutMs);
    // A failed probe says nothing about speed: keep the last measurement.
    if (measured !== null) rttMs = measured;
    apply();
  };
  apply();
  void measure();
  const timer = every(() => void measure(), adaptationConfig.checkIntervalMs);
  const connection = options.navigator.connection;
  connection?.addEventListener?.('change', apply);
  return () => {
    stopped = true;
    clear(timer);
    connection?.removeEventListener?.('change', apply);
  };
}
