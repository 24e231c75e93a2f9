// Which feed items to prepare ahead of the viewer (spec 1 §9: 3 fast, 2
// medium, 1 slow).
//
// Order, most useful first: the items ahead in the swipe direction, then one
// item behind. The behind slot is taken only when the count is 2 or more, so
// a slow network spends its single preload on the next item; fast gets two
// ahead and one behind, medium one ahead and one behind. Slots lost at the end
// of a non-looping list are not given to other items (the feed loads the next
// page there). With `loop`, indices wrap around; the current index and
// repeats (short lists) are skipped.

import { preloadConfig } from './config';
import type { NetworkClass } from './types';

export interface PreloadInput {
  index: number;
  length: number;
  /** 1 = the viewer is moving to higher indices, -1 = to lower ones. */
  direction: 1 | -1;
  network: NetworkClass;
  loop?: boolean;
}

export function preloadCandidates(input: PreloadInput): number[] {
  const { index, length, network, loop = false } = input;
  if (!Number.isSafeInteger(length) || !Number.isSafeInteger(index) || index < 0 || index >= length) return [];
  const counts = preloadConfig.countByNetwork;
  const count: number = Object.hasOwn(counts, network) ? counts[network] : counts.slow;
  const dir = input.direction === -1 ? -1 : 1;
  const ahead = count > 1 ? count - 1 : count;
  const wanted: number[] = [];
  for (let step = 1; step <= ahead; step++) wanted.push(index + dir * step);
  if (count > 1) wanted.push(index - dir);
  const out: number[] = [];
  for (const raw of wanted) {
    const i = loop ? ((raw % length) + length) % length : raw;
    if (i >= 0 && i < length && i !== index && !out.includes(i)) out.push(i);
  }
  return out;
}
