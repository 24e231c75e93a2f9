// Device, network and build-variant adaptation (spec 1 §9, spec 3 §9): a
// quality cap, a memory class for the buffers, a network class for the
// engine's variant choice and a preload count. Pure classification functions
// plus a valtio store refreshed every 60 s; the navigator and the round-trip
// measurement are injected, so all of it runs in node tests.

import { proxy } from 'valtio/vanilla';
import { downlinkClass, type DownlinkLike } from '../../workers/core/network-class';
import type { NetworkClass } from '../../workers/core/types';
import { request } from '../api/http';
import { adaptationConfig, variantConfig } from './config';
import type { MemoryClass } from './hls-config';
import { realTimers, type Timers } from '../lib/timers';

export type BuildVariant = 'premium' | 'standard';
export type Quality = 480 | 720 | 1080;

/** The parts of navigator.connection read here (Network Information API). */
export interface ConnectionLike extends DownlinkLike {
  addEventListener?(type: 'change', listener: () => void): void;
  removeEventListener?(type: 'change', listener: () => void): void;
}

export interface NavigatorLike {
  userAgent: string;
  deviceMemory?: number;
  hardwareConcurrency?: number;
  connection?: ConnectionLike;
}

export interface DeviceClass {
  lowPerformance: boolean;
  mobile: boolean;
  memory: MemoryClass;
  qualityCap: Quality;
}

export function buildVariant(value: unknown = import.meta.env.VITE_VARIANT): BuildVariant {
  return value === 'standard' || value === 'premium' ? value : variantConfig.defaultVariant;
}

export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
}

/** iOS below 13 or Android below 7, read from the user agent. */
export function isOldOs(userAgent: string): boolean {
  const ios = /(?:iPhone|iPad|iPod)[^)]*? OS (\d+)[_.]/.exec(userAgent);
  if (ios) return Number(ios[1]) < adaptationConfig.minIosMajor;
  const android = /Android (\d+)/.exec(userAgent);
  return android !== null && Number(android[1]) < adaptationConfig.minAndroidMajor;
}

export function classifyDevice(nav: NavigatorLike): DeviceClass {
  const c = adaptationConfig;
  const lowMemory = nav.deviceMemory !== undefined && nav.deviceMemory < c.lowMemoryGb;
  const fewCores = nav.hardwareConcurrency !== undefined && nav.hardwareConcurrency < c.minCores;
  const lowPerformance = lowMemory || fewCores || isOldOs(nav.userAgent);
  const mobile = isMobileUserAgent(nav.userAgent);
  const qualityCap: Quality = lowPerformance ? c.lowPerformanceQuality : mobile ? c.mobileQuality : c.desktopQuality;
  return { lowPerformance, mobile, memory: lowMemory ? 'low' : 'normal', qualityCap };
}

/** Items to preload: 3/2/1 by network, capped by the build variant. */
export function preloadCount(network: NetworkClass, variant: BuildVariant): number {
  return Math.min(adaptationConfig.preloadByNetwork[network], variantConfig[variant].preload);
}

export interface AdaptationState {
  variant: BuildVariant;
  device: DeviceClass;
  network: NetworkClass;
  rttMs: number | null;
  /** Highest quality to play: the device's cap within the variant's. */
  qualityCap: Quality;
  preloadCount: number;
  requestTimeoutMs: number;
}

export function computeAdaptation(nav: NavigatorLike, rttMs: number | null, variant: BuildVariant): AdaptationState {
  const device = classifyDevice(nav);
  const network = downlinkClass(nav.connection, rttMs);
  return {
    variant,
    device,
    network,
    rttMs,
    qualityCap: Math.min(device.qualityCap, variantConfig[variant].maxQuality) as Quality,
    preloadCount: preloadCount(network, variant),
    requestTimeoutMs: variantConfig[variant].requestTimeoutMs,
  };
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
    if (!stopped) Object.assign(state, computeAdaptation(options.navigator, rttMs, variant));
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
