// What the page and the engine worker decide from the connection, in one
// place so they cannot disagree (issue 17 "Worker and page agree", "Bytes"):
// - the network class the engine picks a master playlist's variant by: the
//   spec's speed check (network-class.ts speedClass) over the figures the
//   browser itself gives (Network Information API: downlink, rtt, effective
//   type). Both sides can read these before anything is measured, so the
//   worker's warm start (workers/engine/warm-start.ts) prepares the first clip
//   exactly as the page then asks for it and its fetched fragment is used. The
//   page's own measured round trip decides only what the worker never sees
//   (how many items to preload, hls.js tuning: network-class.ts downlinkClass);
// - Save-Data: the browser's `saveData` or the `Save-Data: on` header the
//   server saw. It preloads one item, at the lowest level (the smallest variant).

import { saveDataConfig } from './config';
import { speedClass } from './network-class';
import type { NetworkClass } from './types';

/** navigator.connection as Window and WorkerNavigator both have it (Chromium). */
export interface ConnectionFacts {
  downlink?: number;
  rtt?: number;
  effectiveType?: string;
  saveData?: boolean;
}

export interface ConnectionPlan {
  /** The class the engine chooses a variant by. */
  network: NetworkClass;
  /** Save-Data is on: one item ahead, the lowest variant. */
  saveData: boolean;
}

/** Save-Data is wanted when the browser says so or the server saw the header. */
export function saveDataWanted(connection: ConnectionFacts | undefined, headerSeen = false): boolean {
  return headerSeen || connection?.saveData === true;
}

/** The one classification of the engine's network class (page and worker) and Save-Data. */
export function connectionPlan(connection: ConnectionFacts | undefined, headerSeen = false): ConnectionPlan {
  const saveData = saveDataWanted(connection, headerSeen);
  if (saveData) return { network: 'slow', saveData };
  return { network: speedClass({ downlinkMbps: connection?.downlink, rttMs: connection?.rtt, effectiveType: connection?.effectiveType }), saveData };
}

/** Items to preload ahead: with Save-Data at most one, whatever the network allows. */
export function preloadItems(count: number, saveData: boolean): number {
  return saveData ? Math.min(count, saveDataConfig.preloadItems) : count;
}

/** Whether the page's navigation answer says the server saw `Save-Data: on` (its Server-Timing names). */
export function serverSawSaveData(serverTimingNames: readonly string[]): boolean {
  return serverTimingNames.includes(saveDataConfig.serverTimingName);
}
