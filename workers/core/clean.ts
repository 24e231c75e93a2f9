// Parse -> detect -> clean in one call: the entry used by the CLI, the server
// and the benchmark. Never throws.

import { detectAds, type AdDetection } from './ads/detect';
import { parsePlaylist } from './parse';
import { writeMediaPlaylist } from './serialize';
import { EngineErrorCode, type EngineError, type MediaPlaylist, type Segment } from './types';

export interface CleanResult {
  /** Number of media segments in the input. */
  segmentCount: number;
  /** 0-based indices of the removed (ad) segments, in playlist order. */
  adSegments: number[];
  /** The clean playlist ('' when the input could not be used: see `error`). */
  text: string;
  detection?: AdDetection;
  warnings: EngineError[];
  error?: EngineError;
}

export interface CleanPlaylist {
  kept: Segment[];
  text: string;
  /** Ad segment indices actually removed (empty when the sanity rules discarded the cleaning). */
  removed: number[];
}

/**
 * Removes the detected ad segments. Sanity rules (spec 3 §5): the result must
 * carry the playlist header, and when ads were found but the segment count did
 * not fall, the cleaned version is discarded (the playlist is kept whole).
 */
export function buildCleanPlaylist(playlist: MediaPlaylist, adSegments: readonly number[]): CleanPlaylist {
  const drop = new Uint8Array(playlist.segments.length);
  for (const i of adSegments) if (i >= 0 && i < drop.length) drop[i] = 1;
  let kept = playlist.segments.filter((_s, i) => drop[i] === 0);
  let removed: number[] = [];
  for (let i = 0; i < drop.length; i++) if (drop[i] === 1) removed.push(i);
  const saneCount = kept.length > 0 && (adSegments.length === 0 || kept.length < playlist.segments.length);
  if (!saneCount) {
    kept = playlist.segments;
    removed = [];
  }
  const text = writeMediaPlaylist(playlist, kept);
  if (!text.startsWith('#EXTM3U')) return { kept: playlist.segments, text: writeMediaPlaylist(playlist, playlist.segments), removed: [] };
  return { kept, text, removed };
}

export interface CleanOptions {
  playFrom?: string;
  /** Segment indexes to remove on top of the text detector's: the media probe's ads (media-probe/). */
  extraAds?: readonly number[];
}

/** Parses, detects and cleans in one call. Never throws. */
export function cleanPlaylist(text: string, url: string, options: CleanOptions = {}): CleanResult {
  const parsed = parsePlaylist(text, url);
  if (!parsed.ok) return { segmentCount: 0, adSegments: [], text: '', warnings: parsed.warnings, error: parsed.error };
  const playlist = parsed.playlist;
  if (playlist.kind === 'master') {
    return {
      segmentCount: 0,
      adSegments: [],
      text: '',
      warnings: parsed.warnings,
      error: { code: EngineErrorCode.NoSegments, message: 'This is a master playlist: choose a variant first.', retryable: false },
    };
  }
  const detection = detectAds(playlist, options);
  const clean = buildCleanPlaylist(playlist, options.extraAds?.length ? [...detection.adSegments, ...options.extraAds] : detection.adSegments);
  return { segmentCount: playlist.segments.length, adSegments: clean.removed, text: clean.text, detection, warnings: parsed.warnings };
}
