// The engine pipeline for one feed item, from a parsed media playlist: detect
// ads -> clean playlist -> classify -> select the clip -> clip playlist. The
// worker adds fetching and caching around it.

import { detectAds } from './ads/detect';
import { classifyVideo } from './classify';
import { buildCleanPlaylist } from './clean';
import { fallbackClip, selectClip } from './clip';
import { isSpecialSource } from './play-url';
import { createRandom, defaultRandom } from './random';
import { writeMediaPlaylist } from './serialize';
import type { ClipWindow, MediaPlaylist, NetworkClass, PreparedClip, Result, Segment, VideoKind } from './types';

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
  /** The emergency fallback clip instead of a selected one: the item's own clip kept failing (spec 3 §4 error loop guard, §8 generic row). */
  emergency?: boolean;
  /** Variant the playlist came from, echoed in the result. */
  variant?: PreparedClip['variant'];
  /** Segment indexes to remove on top of the text detector's: the media probe's ads (media-probe/). */
  extraAds?: readonly number[];
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
  const clean = buildCleanPlaylist(playlist, options.extraAds?.length ? [...detection.adSegments, ...options.extraAds] : detection.adSegments);
  const kept = clean.kept;
  let contentDuration = 0;
  for (const s of kept) contentDuration += s.duration;
  const videoType = classifyVideo({ totalDuration: playlist.totalDuration, segmentCount: playlist.segments.length, context: options.context });
  const random = options.seed === undefined ? defaultRandom : createRandom(options.seed);
  const clip =
    (options.emergency ? fallbackClip('emergency', kept) : null) ??
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
