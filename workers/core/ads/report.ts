// What ad detection reports: a verdict on every block, and the ad segments and
// intervals those verdicts add up to.

import type { AdInterval } from '../types';
import type { AdReason } from './evidence';

export interface BlockReport {
  first: number;
  last: number;
  start: number;
  end: number;
  isAd: boolean;
  confidence: number;
  score: number;
  reasons: AdReason[];
}

export interface AdDetection {
  /** Ad intervals on the playlist timeline, merged when closer than 2 s. */
  intervals: AdInterval[];
  /** 0-based indices of the ad segments, in order. */
  adSegments: number[];
  blocks: BlockReport[];
  /** Confidence of the whole result, 0..1. */
  confidence: number;
}
