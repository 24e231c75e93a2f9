// The rungs an item on screen climbs when its player fails, not its stream
// (spec 3 §4 "Playback strategy", "Start strategies", "Error loop guard";
// spec 3 §8 rows MEDIA_ERR_SRC_NOT_SUPPORTED and Generic). Pure: what the item
// went through and what this page offers -> the next rung, or none.
//
// In order, each at most once per item:
//   1. the player not tried yet: hls.js failed -> the browser's own HLS player
//      (the page keeps it: the choice is cached, spec 3 §4); the native player
//      refused the source -> hls.js with a 5 s limit (spec 3 §8);
//   2. the native source again with the playlist mime type (spec 3 §8);
//   3. the emergency fallback clip, 0-60 s (spec 3 §8 "Generic").
// A browser without native HLS (canPlayType '') skips rungs 1-2 honestly: the
// item goes straight to its emergency clip, then to the caller's final action.

import { playbackTimingConfig } from './config';

/** What the item on screen went through. */
export interface Ladder {
  /** The item plays in the browser's own HLS player (else hls.js). */
  native: boolean;
  triedHls: boolean;
  triedNative: boolean;
  /** The native source carries the playlist mime type. */
  typedSource: boolean;
  /** The item's play() was forced once after a refusal (start strategy 3). */
  forcedPlay: boolean;
  /** The item plays its emergency fallback clip. */
  emergencyClip: boolean;
}

/** What this page and item offer. */
export interface LadderFacts {
  /** hls.js runs here (Media Source Extensions). */
  hls: boolean;
  /** The browser plays HLS itself (canPlayType is not ''). */
  native: boolean;
  /** An emergency clip can be prepared for the item (a clip, not a whole video or an ad). */
  emergencyClip: boolean;
}

export type LadderAction =
  | { type: 'native-fallback'; reason: string }
  | { type: 'hls-fallback'; reason: string; timeoutMs: number }
  | { type: 'typed-source'; reason: string }
  | { type: 'emergency-clip'; reason: string };

/** A new item's ladder: only the player it starts on is tried. */
export function startLadder(native: boolean): Ladder {
  return { native, triedHls: !native, triedNative: native, typedSource: false, forcedPlay: false, emergencyClip: false };
}

/** The emergency clip when the item can still have it, else `final`. */
export function emergencyOr<A>(ladder: Ladder, facts: LadderFacts, reason: string, final: A): LadderAction | A {
  return facts.emergencyClip && !ladder.emergencyClip ? { type: 'emergency-clip', reason } : final;
}

/** The next rung after the item's player failed, else `final`. */
export function nextRung<A>(ladder: Ladder, facts: LadderFacts, reason: string, final: A): LadderAction | A {
  if (facts.hls && !ladder.triedHls) return { type: 'hls-fallback', reason, timeoutMs: playbackTimingConfig.hlsFallbackTimeoutMs };
  if (facts.native && !ladder.triedNative) return { type: 'native-fallback', reason };
  if (facts.native && !ladder.typedSource) return { type: 'typed-source', reason };
  return emergencyOr(ladder, facts, reason, final);
}

/** The ladder once `action` is taken. */
export function climb(ladder: Ladder, action: LadderAction): Ladder {
  switch (action.type) {
    case 'native-fallback':
      return { ...ladder, native: true, triedNative: true };
    case 'hls-fallback':
      return { ...ladder, native: false, triedHls: true };
    case 'typed-source':
      return { ...ladder, native: true, triedNative: true, typedSource: true };
    case 'emergency-clip':
      return { ...ladder, emergencyClip: true };
  }
}
