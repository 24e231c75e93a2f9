// Category previews load a few at a time (spec 2 §9): batches of 2, 3 or 5
// by platform, a pause between batches, and on Safari or iOS a pause before
// the first. A cheap phone is never asked for ten lists at once.

import type { PlatformClass } from '../lib/platform';
import { discoverConfig } from './config';

export interface BatchPlan {
  size: number;
  delayMs: number;
  initialDelayMs: number;
}

export function batchPlan(platform: PlatformClass): BatchPlan {
  return {
    size: discoverConfig.batchSize[platform],
    delayMs: discoverConfig.batchDelayMs[platform],
    initialDelayMs: discoverConfig.initialDelayMs[platform],
  };
}

/** `items` cut into consecutive groups of `size` (at least 1). */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const n = Math.max(1, Math.trunc(size));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += n) out.push(items.slice(i, i + n));
  return out;
}

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `load` for every item, one batch in parallel at a time, with the plan's
 * pauses; stops early (between batches) when `cancelled()` turns true.
 */
export async function loadInBatches<T>(items: readonly T[], load: (item: T) => Promise<void>, plan: BatchPlan, options: { sleep?: Sleep; cancelled?: () => boolean } = {}): Promise<void> {
  const sleep = options.sleep ?? realSleep;
  const cancelled = options.cancelled ?? (() => false);
  const groups = batches(items, plan.size);
  for (let i = 0; i < groups.length; i++) {
    const pause = i === 0 ? plan.initialDelayMs : plan.delayMs;
    if (pause > 0) await sleep(pause);
    if (cancelled()) return;
    await Promise.all(groups[i].map(load));
  }
}
