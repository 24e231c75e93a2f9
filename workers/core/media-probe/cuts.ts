// Where the media changes between two probed segments: another encode (the
// fields an encoder run keeps), the start of an encode (its SEI), or a
// timeline that does not go on. Shared by the plan (where to look closer)
// and the decision (which runs there are).

import { compareSignatures, ptsContinuity, SignatureField, type MediaSignature, type SignatureDiff } from '../media-signature/index';
import type { ProbeSegment } from './types';

/** Fields one encode keeps for its whole length; the encoder string and settings are only read at its start. */
const WEAK_FIELDS: ReadonlySet<SignatureField> = new Set([SignatureField.Encoder, SignatureField.EncoderOptions]);

export const encodeDiffs = (a: MediaSignature, b: MediaSignature): SignatureDiff[] => compareSignatures(a, b).filter((d) => !WEAK_FIELDS.has(d.field));

export const firstPts = (s: MediaSignature): number | undefined => s.firstPts?.video ?? s.firstPts?.audio;

/** Seconds from segment p's start to segment q's start, by EXTINF. */
export function secondsBetween(segments: readonly ProbeSegment[], p: number, q: number): number {
  let sum = 0;
  for (let i = p; i < q; i++) sum += segments[i].duration;
  return sum;
}

/** Does q's first PTS continue p's timeline? undefined when either has no PTS. */
export function continues(segments: readonly ProbeSegment[], p: number, a: MediaSignature, q: number, b: MediaSignature): boolean | undefined {
  const pa = firstPts(a);
  const pb = firstPts(b);
  if (pa === undefined || pb === undefined) return undefined;
  return ptsContinuity(pa, secondsBetween(segments, p, q), pb).continuous;
}

export type Cut = 'encode' | 'encode-start' | 'timeline' | null;

/** The change between probed segments p < q, if any. 'encode-start' sits exactly at q; the others somewhere in (p, q]. */
export function cutBetween(segments: readonly ProbeSegment[], p: number, a: MediaSignature, q: number, b: MediaSignature): Cut {
  if (encodeDiffs(a, b).length > 0) return 'encode';
  if (b.encoder !== undefined || b.encoderOptions !== undefined) return 'encode-start';
  if (continues(segments, p, a, q, b) === false) return 'timeline';
  return null;
}
