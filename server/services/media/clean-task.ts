// The CPU half of the cleaned-playlist endpoint, run in a worker thread
// (clean-pool.ts): one fetched playlist text in, either the variant to fetch
// next (a master) or the cleaned text (a media playlist) out. Pure: no fetch,
// no I/O, no state, so the main thread only moves strings and the answer is
// the same text the endpoint gave when it parsed on the main thread.
// Segment counts are checked before parsing: an over-long playlist costs one
// scan of its text, not a parse.

import { parsePlaylist, selectVariant, type NetworkClass } from '../../../workers/core/index';
import { cleanMedia, type SecondsRange } from './clean';
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
  const cleaned = cleanMedia(playlist, task.range);
  if (!cleaned.ok) return { kind: 'failed', reason: 'range', message: cleaned.message };
  return { kind: 'cleaned', text: cleaned.value.text, adSegmentCount: cleaned.value.adSegments.length, live: !playlist.endList, targetDuration: playlist.targetDuration };
}

/** The worker thread's entry (piscina calls the default export with each task). */
export default function cleanTaskEntry(task: CleanTask): CleanTaskResult {
  return runCleanTask(task);
}
