// Shapes of the media probe: what is fetched, what it read, what it decided.
// Plain data (structured-clone safe) apart from the injected fetcher.

import type { AdDetection } from '../ads/detect';
import type { MediaSignature, SignatureDiff, SignatureError } from '../media-signature/index';

/** A byte range asked of a segment: from an offset, or the last `suffix` bytes. */
export type RangeAsk = { offset: number; length: number } | { suffix: number };

export interface ProbeError {
  code: 'budget' | 'fetch' | 'timeout' | 'aborted' | SignatureError['code'];
  message: string;
  retryable: boolean;
}

/** Bytes of one Range answer; total = the resource's size when Content-Range told it. */
export type RangeAnswer = { ok: true; bytes: Uint8Array; total?: number } | { ok: false; error: ProbeError };

/** The caller's fetch (the server's guarded fetch, the worker's fetch with CORS). Must not throw. */
export type RangeFetcher = (url: string, range: RangeAsk, signal: AbortSignal) => Promise<RangeAnswer>;

/** One segment to read: its URL, explicit byte range and init segment. */
export interface ProbeTarget {
  url: string;
  byteRange?: string;
  mapUrl?: string;
  mapByteRange?: string;
}

export type ProbeRead = { ok: true; signature: MediaSignature } | { ok: false; error: ProbeError };

/** Reads one segment's signature (a range reader, maybe behind a cache). Must not throw. */
export type SignatureReader = (target: ProbeTarget, signal: AbortSignal) => Promise<ProbeRead>;

/** Cost of one playlist's probe. */
export interface ProbeCost {
  requests: number;
  bytes: number;
  ms: number;
}

export const ProbeReason = {
  OtherEncode: 'other-encode', // resolution, codec, profile, level, fps, audio or PID layout differ from the film's
  OtherEncoder: 'other-encoder', // the encoder string differs
  OtherSettings: 'other-settings', // encoder settings beyond rate control differ
  PtsJump: 'pts-jump', // the run's timeline jumps away from the one before
  TextSuspicion: 'text-suspicion', // the text detector scored the block towards an ad without removing it
} as const;
export type ProbeReason = (typeof ProbeReason)[keyof typeof ProbeReason];

/** A run of segments the probe calls an ad, with why. */
export interface ProbeAd {
  first: number;
  last: number;
  seconds: number;
  reasons: ProbeReason[];
  diffs: SignatureDiff[];
}

export interface ProbeVerdict {
  /** Segment indexes to remove on top of the text detector's, in order. */
  adSegments: number[];
  ads: ProbeAd[];
  /** Segments probed (an index each), for diagnostics and tests. */
  probed: number[];
}

export interface ProbeOutcome extends ProbeVerdict {
  cost: ProbeCost;
  /** Why probing stopped early (budget, time, failures); the verdict stands on what was read. */
  stopped?: ProbeError;
}

/** What the probe needs of a segment (a parsed Segment has it; so has the server's compact copy from its worker threads). */
export interface ProbeSegment {
  url: string;
  duration: number;
  discontinuity: boolean;
  byteRange?: string;
  map: { uri: string; byteRange?: string } | null;
}

/** What the probe needs of a media playlist. */
export interface ProbePlaylist {
  segments: readonly ProbeSegment[];
}

/** What the probe weighs of the text detector's result: its block verdicts. */
export type TextDetection = Pick<AdDetection, 'blocks'>;
