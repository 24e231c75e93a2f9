// Clean playlists on the server (pure): the engine's ad detection and
// cleaning, then optionally only the whole segments that overlap a range of
// seconds on the clean timeline. URIs come out absolute.

import { buildCleanPlaylist, detectAds, writeMediaPlaylist, type MediaPlaylist, type Segment } from '../../../workers/core/index';

export interface SecondsRange {
  start?: number;
  end?: number;
}

export interface CleanedMedia {
  text: string;
  segmentCount: number;
  /** Indices of the removed ad segments in the original playlist. */
  adSegments: number[];
  /** Clean segments written (all, or those in the range). */
  kept: Segment[];
  /** Length of the clean video, seconds. */
  cleanSeconds: number;
  /** The text detector's result (what the media probe weighs its own evidence with). */
  detection: ReturnType<typeof detectAds>;
}

export type CleanOutcome = { ok: true; value: CleanedMedia } | { ok: false; message: string };

/** First and last index of the segments overlapping [start, end) on the timeline they make; null when none does. */
export function segmentsInRange(segments: readonly { duration: number }[], start: number, end: number): { first: number; last: number } | null {
  let at = 0;
  let first = -1;
  let last = -1;
  for (let i = 0; i < segments.length; i++) {
    const next = at + segments[i].duration;
    if (next > start && at < end) {
      if (first < 0) first = i;
      last = i;
    }
    at = next;
  }
  return first < 0 ? null : { first, last };
}

/** `extraAds`: segments to remove on top of the text detector's (the media probe's ads). */
export function cleanMedia(playlist: MediaPlaylist, range: SecondsRange = {}, playFrom?: string, extraAds: readonly number[] = []): CleanOutcome {
  const detection = detectAds(playlist, { playFrom });
  const clean = buildCleanPlaylist(playlist, extraAds.length ? [...detection.adSegments, ...extraAds] : detection.adSegments);
  const cleanSeconds = clean.kept.reduce((sum, s) => sum + s.duration, 0);
  const base = { segmentCount: playlist.segments.length, adSegments: clean.removed, cleanSeconds, detection };
  if (range.start === undefined && range.end === undefined) return { ok: true, value: { ...base, text: clean.text, kept: clean.kept } };
  const start = range.start ?? 0;
  const end = range.end ?? Infinity;
  const hit = segmentsInRange(clean.kept, start, end);
  if (!hit) return { ok: false, message: `The range ${start}-${range.end ?? 'end'} s is outside the clean video (0-${Math.round(cleanSeconds * 1000) / 1000} s).` };
  const kept = clean.kept.slice(hit.first, hit.last + 1);
  return { ok: true, value: { ...base, text: writeMediaPlaylist(playlist, kept, { vod: true }), kept } };
}
