// The engine pipeline on playlist text: parse -> detect ads -> clean playlist
// -> classify -> select the clip -> clip playlist. Plain functions; the worker
// adds fetching and caching around them, the server and the CLI call them directly.

import { detectAds, type AdDetection } from './ads/detect';
import { classifyVideo } from './classify';
import { selectClip } from './clip';
import { parsePlaylist } from './parse';
import { isSpecialSource } from './play-url';
import { createRandom, defaultRandom } from './random';
import { writeMediaPlaylist } from './serialize';
import { EngineErrorCode, type ClipWindow, type EngineError, type MediaPlaylist, type NetworkClass, type PreparedClip, type Result, type Segment, type VideoKind } from './types';

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
  let removed = [...adSegments];
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
  const clean = buildCleanPlaylist(playlist, detection.adSegments);
  return { segmentCount: playlist.segments.length, adSegments: clean.removed, text: clean.text, detection, warnings: parsed.warnings };
}

export interface PrepareOptions {
  network: NetworkClass;
  context: VideoKind;
  playFrom?: string;
  /** Seed for the clip choice; absent = Math.random. */
  seed?: number;
  /** Also return the clean full playlist. */
  wantFull?: boolean;
  /** Clean mode of the clip selection (spec 3 §9). */
  cleanMode?: boolean;
  /** Restore a clip by clean-segment indices (inclusive), e.g. from the feed's saved state. */
  restore?: { startIdx: number; endIdx: number };
  /** Variant the playlist came from, echoed in the result. */
  variant?: PreparedClip['variant'];
}

function restoredWindow(kept: readonly Segment[], restore: PrepareOptions['restore']): ClipWindow | null {
  if (!restore) return null;
  const { startIdx, endIdx } = restore;
  if (!Number.isInteger(startIdx) || !Number.isInteger(endIdx) || startIdx < 0 || endIdx < startIdx || endIdx >= kept.length) return null;
  let start = 0;
  for (let i = 0; i < startIdx; i++) start += kept[i].duration;
  let end = start;
  for (let i = startIdx; i <= endIdx; i++) end += kept[i].duration;
  return { start, end, clipStartIdx: startIdx, clipEndIdx: endIdx };
}

/** Everything the page needs to play one item, from a parsed media playlist. */
export function prepareFromMedia(playlist: MediaPlaylist, options: PrepareOptions): Result<PreparedClip> {
  const detection = detectAds(playlist, { playFrom: options.playFrom });
  const clean = buildCleanPlaylist(playlist, detection.adSegments);
  const kept = clean.kept;
  let contentDuration = 0;
  for (const s of kept) contentDuration += s.duration;
  const videoType = classifyVideo({ totalDuration: playlist.totalDuration, segmentCount: playlist.segments.length, context: options.context });
  const random = options.seed === undefined ? defaultRandom : createRandom(options.seed);
  const clip =
    restoredWindow(kept, options.restore) ??
    selectClip(kept, {
      random,
      special: isSpecialSource(options.playFrom ?? ''),
      cleanMode: options.cleanMode,
      originalDuration: playlist.totalDuration,
    });
  clip.contentDuration = contentDuration;
  clip.originalDuration = playlist.totalDuration;
  const first = Math.max(0, Math.min(clip.clipStartIdx, kept.length - 1));
  const last = Math.max(first, Math.min(clip.clipEndIdx, kept.length - 1));
  const value: PreparedClip = {
    url: playlist.url,
    clipPlaylist: writeMediaPlaylist(playlist, kept.slice(first, last + 1), { vod: true }),
    clip,
    adIntervals: detection.intervals,
    videoType,
    segmentCount: playlist.segments.length,
    adSegmentCount: clean.removed.length,
    warnings: [],
  };
  if (options.variant) value.variant = options.variant;
  if (options.wantFull) value.fullPlaylist = clean.text;
  return { ok: true, value };
}
