// The time-out of the page's API calls (spec 1 §9): 8 s in the premium build,
// 5 s in the standard one, 15 s on Safari. The adaptation (player/adaptation.ts)
// sets it when it classifies the browser; until then, the premium figure.

import { apiConfig } from './config';

let current: number = apiConfig.requestTimeoutMs;

export function requestTimeoutMs(): number {
  return current;
}

export function setRequestTimeout(ms: number): void {
  if (Number.isFinite(ms) && ms > 0) current = ms;
}
