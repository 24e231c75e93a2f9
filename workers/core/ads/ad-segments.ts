// From block verdicts to what detection returns: the ad segments and the
// merged ad intervals, with the film's own segments trimmed off the edges of
// an ad block.

import { adConfig } from '../config';
import type { AdInterval } from '../types';
import type { Block } from './blocks';
import { mergeIntervals } from './intervals';
import type { Profile } from './profile';
import type { AdDetection, BlockReport } from './report';

/**
 * Segments at the start or end of an ad block that are in the film's look
 * (directory and name template) while the rest of the block is not: an ad
 * opened by a discontinuity and never closed, the film going on in the same
 * group (or the film's last segments before an ad that only a discontinuity
 * closes). Directories that change at most splices stop cutting blocks
 * (blocks.ts), so such a group stays one block. Segments under ad markers stay ad.
 */
function filmEdges(b: Block, p: Profile): { head: number; tail: number } {
  const n = b.segments.length;
  const none = { head: 0, tail: 0 };
  if (b.infos.length !== n) return none;
  const film = (k: number): boolean => b.infos[k].dir === p.dir && b.infos[k].name.template === p.template && !b.infos[k].marked;
  let head = 0;
  while (head < n && film(head)) head++;
  let tail = 0;
  while (tail < n - head && film(n - 1 - tail)) tail++;
  if (head + tail === 0 || head + tail >= n) return none;
  // Only where the ad itself lives elsewhere: names alone are no boundary (hash-named films mix name shapes).
  for (let k = head; k < n - tail; k++) if (b.infos[k].dir === p.dir) return none;
  return { head, tail };
}

/** The detection result; the reports of trimmed ad blocks are narrowed to the ad itself. */
export function toDetection(blocks: readonly Block[], reports: BlockReport[], profile: Profile): AdDetection {
  const adSegments: number[] = [];
  const rawIntervals: AdInterval[] = [];
  blocks.forEach((b, i) => {
    const r = reports[i];
    if (!r.isAd) return;
    const { head, tail } = filmEdges(b, profile);
    const first = b.first + head;
    const last = b.last - tail;
    for (let k = first; k <= last; k++) adSegments.push(k);
    if (head + tail > 0) {
      r.first = first;
      r.last = last;
      r.start = b.segments[head].start;
      r.end = b.segments[b.segments.length - 1 - tail].start + b.segments[b.segments.length - 1 - tail].duration;
    }
    rawIntervals.push({ start: r.start, end: r.end, index: first });
  });
  const decided = reports.map((r) => r.confidence);
  return {
    intervals: mergeIntervals(rawIntervals, adConfig.mergeGapSeconds),
    adSegments,
    blocks: reports,
    confidence: decided.length ? Math.min(...decided) : 1,
  };
}
