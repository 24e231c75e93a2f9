// Cuts a clip from an original media playlist (pure): the engine removes the
// ads, then the window is the engine's choice (30-75 s, spec 3 §9), a
// requested duration from the engine's start, or an explicit range; always
// whole segments of the clean timeline, written with absolute URIs.

import { buildCleanPlaylist, createRandom, detectAds, isSpecialSource, selectClip, writeMediaPlaylist, type MediaPlaylist } from '../../../workers/core/index';
import { segmentsInRange } from '../media/clean';
import type { ClipRequest } from './clip-request';

export interface CutClip {
  /** The clip playlist: the original's segments, absolute URIs, VOD. */
  playlist: string;
  /** Window on the clean (ad-free) timeline, seconds. */
  start: number;
  end: number;
  /** Ad segments the original carried (removed before cutting). */
  adSegments: number;
  segments: number;
}

export type CutOutcome = { ok: true; value: CutClip } | { ok: false; message: string };

const round = (n: number) => Math.round(n * 1000) / 1000;

/** `extraAds`: segments the media probe found to be ads, removed with the text detector's. */
export function cutClip(playlist: MediaPlaylist, request: ClipRequest, options: { seed: number; playFrom?: string; extraAds?: readonly number[] }): CutOutcome {
  const textAds = detectAds(playlist, { playFrom: options.playFrom }).adSegments;
  const clean = buildCleanPlaylist(playlist, options.extraAds?.length ? [...textAds, ...options.extraAds] : textAds);
  const kept = clean.kept;
  const prefix = [0];
  for (const s of kept) prefix.push(prefix[prefix.length - 1] + s.duration);
  const total = prefix[kept.length];
  if (!(total > 0)) return { ok: false, message: 'The video has no segment durations to cut a clip from.' };

  let first: number;
  let last: number;
  if (request.kind === 'range') {
    const hit = segmentsInRange(kept, request.start, request.end);
    if (!hit) return { ok: false, message: `The range ${request.start}-${request.end} s is outside the video without ads (0-${round(total)} s).` };
    ({ first, last } = hit);
  } else {
    const window = selectClip(kept, { random: createRandom(request.seed ?? options.seed), special: isSpecialSource(options.playFrom ?? ''), originalDuration: playlist.totalDuration });
    first = window.clipStartIdx;
    last = window.clipEndIdx;
    if (request.kind === 'duration') {
      // The engine's start, moved back when the duration would run past the end.
      const start = Math.max(0, Math.min(prefix[first], total - request.seconds));
      ({ first, last } = segmentsInRange(kept, start, start + request.seconds)!);
    }
  }
  const segments = kept.slice(first, last + 1);
  return {
    ok: true,
    value: {
      playlist: writeMediaPlaylist(playlist, segments, { vod: true }),
      start: round(prefix[first]),
      end: round(prefix[last + 1]),
      adSegments: clean.removed.length,
      segments: segments.length,
    },
  };
}
