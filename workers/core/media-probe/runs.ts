// The probed segments grouped into runs of one encode on one timeline (pure).

import type { MediaSignature } from '../media-signature/index';
import type { ProbeSegment } from './types';
import { cutBetween, secondsBetween } from './cuts';

export interface Run {
  /** Probed indexes of the run, in order. */
  probes: number[];
  /** The run's first probed segment's signature (an encode start carries the encoder's SEI). */
  head: MediaSignature;
  /** The last probed segment's signature (where the run's timeline was last seen). */
  tail: MediaSignature;
  /** Segments the run may span: its first probe (0 for the first run) up to the next run's first probe. */
  first: number;
  end: number;
  /** Upper bound of its length (unresolved gaps counted in), seconds. */
  seconds: number;
}

export function splitRuns(segments: readonly ProbeSegment[], read: ReadonlyMap<number, MediaSignature>): Run[] {
  const probed = [...read.keys()].sort((a, b) => a - b);
  const runs: Run[] = [];
  for (const q of probed) {
    const last = runs[runs.length - 1];
    const p = last?.probes[last.probes.length - 1];
    if (last && p !== undefined && cutBetween(segments, p, read.get(p)!, q, read.get(q)!) === null) {
      last.probes.push(q);
      last.tail = read.get(q)!;
    } else runs.push({ probes: [q], head: read.get(q)!, tail: read.get(q)!, first: runs.length === 0 ? 0 : q, end: q, seconds: 0 });
  }
  runs.forEach((r, k) => {
    r.end = k + 1 < runs.length ? runs[k + 1].first - 1 : segments.length - 1;
    r.seconds = secondsBetween(segments, r.first, r.end + 1);
  });
  return runs;
}
