// The device class of spec 1 §9 (low performance, mobile, memory) and the
// quality cap it implies. Shared by the page (player/adaptation.ts) and the
// engine worker, which reads its own navigator for the warm start before the
// page has said anything: both must pick the same variant for the same clip.

import { deviceConfig as c } from './config';

export type Quality = 480 | 720 | 1080;
export type MemoryClass = 'low' | 'normal';

/** The navigator fields read here (Window and WorkerNavigator both have them in Chromium). */
export interface DeviceFacts {
  userAgent: string;
  deviceMemory?: number;
  hardwareConcurrency?: number;
}

export interface DeviceClass {
  lowPerformance: boolean;
  mobile: boolean;
  memory: MemoryClass;
  qualityCap: Quality;
}

export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
}

/** iOS below 13 or Android below 7, read from the user agent. */
export function isOldOs(userAgent: string): boolean {
  const ios = /(?:iPhone|iPad|iPod)[^)]*? OS (\d+)[_.]/.exec(userAgent);
  if (ios) return Number(ios[1]) < c.minIosMajor;
  const android = /Android (\d+)/.exec(userAgent);
  return android !== null && Number(android[1]) < c.minAndroidMajor;
}

export function classifyDevice(nav: DeviceFacts): DeviceClass {
  const lowMemory = nav.deviceMemory !== undefined && nav.deviceMemory < c.lowMemoryGb;
  const fewCores = nav.hardwareConcurrency !== undefined && nav.hardwareConcurrency < c.minCores;
  const lowPerformance = lowMemory || fewCores || isOldOs(nav.userAgent);
  const mobile = isMobileUserAgent(nav.userAgent);
  const qualityCap: Quality = lowPerformance ? c.lowPerformanceQuality : mobile ? c.mobileQuality : c.desktopQuality;
  return { lowPerformance, mobile, memory: lowMemory ? 'low' : 'normal', qualityCap };
}
