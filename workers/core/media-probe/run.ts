// Probes one playlist through a signature reader (I/O injected: the server's
// guarded fetch, the worker's CORS fetch): rounds of the plan, a few reads at
// once, until nothing is left to look at, the budget is spent or the time
// limit passes; then the decision. Never throws; a failed read is a segment
// not seen, and the verdict stands on what was read.

import type { MediaSignature } from '../media-signature/index';
import { probeConfig } from './config';
import { decideProbe } from './decide';
import { firstProbes, nextProbes } from './plan';
import type { BudgetedReader } from './read';
import type { ProbeError, ProbeOutcome, ProbePlaylist, ProbeTarget, TextDetection } from './types';

export interface ProbeRunOptions {
  /** The text detector's result for this playlist (weighed with the media). */
  detection?: TextDetection;
  /** Segment reads at most (each costs one to three requests; the reader holds the byte budget). */
  maxReads?: number;
  concurrency?: number;
  /** Cancels the probe (a deadline, a client gone): the verdict stands on what was read. */
  signal?: AbortSignal;
  /** Clock (ms) for the cost. */
  now?: () => number;
}

/** The read target of segment i. */
export const targetOf = (playlist: ProbePlaylist, i: number): ProbeTarget => {
  const s = playlist.segments[i];
  return { url: s.url, byteRange: s.byteRange, mapUrl: s.map?.uri, mapByteRange: s.map?.byteRange };
};

/** Runs `jobs` with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await job(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** `reader`: budgetedReader(fetchRange) or a cache in front of one (its `spent` counts what reached the network). */
export async function probePlaylist(playlist: ProbePlaylist, reader: BudgetedReader, options: ProbeRunOptions = {}): Promise<ProbeOutcome> {
  const now = options.now ?? Date.now;
  const started = now();
  const signal = options.signal ?? new AbortController().signal;
  const read = new Map<number, MediaSignature>();
  const tried = new Set<number>();
  let stopped: ProbeError | undefined;
  let reads = options.maxReads ?? probeConfig.maxRequests;
  let batch = firstProbes(playlist, reads);
  while (batch.length > 0 && !stopped) {
    reads -= batch.length;
    await pool(batch, options.concurrency ?? probeConfig.concurrency, async (i) => {
      tried.add(i);
      if (signal.aborted || stopped?.code === 'budget') return;
      const r = await reader.read(targetOf(playlist, i), signal);
      if (r.ok) read.set(i, r.signature);
      else if (r.error.code === 'budget' || r.error.code === 'aborted' || r.error.code === 'timeout') stopped = r.error;
    });
    if (signal.aborted) stopped ??= { code: 'timeout', message: 'The probe ran out of time.', retryable: true };
    batch = reads > 0 ? nextProbes(playlist, read, tried, reads) : [];
  }
  const verdict = decideProbe(playlist, read, options.detection);
  return { ...verdict, cost: { ...reader.spent, ms: now() - started }, ...(stopped ? { stopped } : {}) };
}
