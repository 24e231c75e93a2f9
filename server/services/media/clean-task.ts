// The CPU half of the cleaned-playlist endpoint, run in a worker thread
// (clean-pool.ts): one fetched playlist text in, either the variant to fetch
// next (a master) or the cleaned text (a media playlist) out. Pure: no fetch,
// no I/O, no state, so the main thread only moves strings and the answer is
// the same text the endpoint gave when it parsed on the main thread.
// Segment counts are checked before parsing: an over-long playlist costs one
// scan of its text, not a parse.

import { parsePlaylist, selectVariant, type NetworkClass, type ProbeSegment, type TextDetection } from '../../../workers/core/index';
import { cleanMedia, type SecondsRange } from './clean';
import { mediaConfig } from './config';
import { loadFailure } from './load-failures';

export interface CleanTask {
  /** The fetched playlist text and its final URL (the base for relative URIs). */
  text: string;
  url: string;
  /** The first hop (may be a master) or the variant followed from it (must be media). */
  hop: 'first' | 'variant';
  /** The master's EXT-X-DEFINE values, for a variant's IMPORT. */
  imported?: Record<string, string>;
  range: SecondsRange;
  network: NetworkClass;
  maxSegments: number;
  /** Hand back what the media probe needs (the segment list and the text verdicts) with the cleaned text. */
  probe?: boolean;
  /** Segments the media probe found to be ads, removed on top of the text detector's. */
  extraAds?: number[];
}

/** The media probe's input, copied out of the worker thread. */
export interface ProbeInput {
  segments: ProbeSegment[];
  detection: TextDetection;
}

export type CleanTaskResult =
  | { kind: 'variant'; url: string; variables?: Record<string, string> }
  | {
      kind: 'cleaned';
      text: string;
      adSegmentCount: number;
      /** Live (no EXT-X-ENDLIST): the answer changes every target duration. */
      live: boolean;
      targetDuration: number;
      /** Segment indexes removed (the probe adds only what is not among them). */
      adSegments: number[];
      probe?: ProbeInput;
    }
  | { kind: 'failed'; reason: 'unusable' | 'too-many-segments' | 'range'; message: string };

/** Lines starting with #EXTINF: the parser makes at most this many segments. One pass, no allocation per line. */
export function countExtinf(text: string): number {
  let count = text.startsWith('#EXTINF') ? 1 : 0;
  let at = text.indexOf('\n#EXTINF');
  while (at >= 0) {
    count++;
    at = text.indexOf('\n#EXTINF', at + 8);
  }
  return count;
}

export const tooManySegmentsMessage = (max: number) => `Upstream playlist has more than ${max} segments; playlists this long are not cleaned.`;

export function runCleanTask(task: CleanTask): CleanTaskResult {
  if (countExtinf(task.text) > task.maxSegments) return { kind: 'failed', reason: 'too-many-segments', message: tooManySegmentsMessage(task.maxSegments) };
  const parsed = parsePlaylist(task.text, task.url, task.imported);
  if (!parsed.ok) return { kind: 'failed', reason: 'unusable', message: loadFailure.unusable(parsed.error.message) };
  const playlist = parsed.playlist;
  if (playlist.kind === 'master') {
    if (task.hop === 'variant') return { kind: 'failed', reason: 'unusable', message: loadFailure.variantIsMaster };
    const variant = selectVariant(playlist, task.network);
    if (!variant) return { kind: 'failed', reason: 'unusable', message: loadFailure.noVariants };
    return { kind: 'variant', url: variant.url, variables: playlist.variables };
  }
  if (playlist.segments.length > task.maxSegments) return { kind: 'failed', reason: 'too-many-segments', message: tooManySegmentsMessage(task.maxSegments) };
  const cleaned = cleanMedia(playlist, task.range, undefined, task.extraAds);
  if (!cleaned.ok) return { kind: 'failed', reason: 'range', message: cleaned.message };
  const v = cleaned.value;
  const result: CleanTaskResult = { kind: 'cleaned', text: v.text, adSegmentCount: v.adSegments.length, adSegments: v.adSegments, live: !playlist.endList, targetDuration: playlist.targetDuration };
  if (task.probe && playlist.segments.length <= mediaConfig.probeMaxSegments) {
    const segments = playlist.segments.map((s) => ({ url: s.url, duration: s.duration, discontinuity: s.discontinuity, byteRange: s.byteRange, map: s.map && { uri: s.map.uri, byteRange: s.map.byteRange } }));
    result.probe = { segments, detection: { blocks: v.detection.blocks } };
  }
  return result;
}

/** The worker thread's entry (piscina calls the default export with each task). */
export default function cleanTaskEntry(task: CleanTask): CleanTaskResult {
  return runCleanTask(task);
}
