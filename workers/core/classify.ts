// Video-type descriptor from the playlist's size and the page context
// (spec 3 §4, "Video type by total duration").
//
// Values the spec table leaves open, and why:
// - full:  shouldProcess false, adProcessingLevel 'basic', maxSegments 0. Nothing
//   is rewritten; "basic" ad handling (ad-aware seeking, the legacy 30 s skip)
//   works on the original playlist, so no segment is processed.
// - seek:  shouldProcess true, 'full', maxSegments 1000 (the table's own cap).
// - clip:  shouldProcess true, 'full', maxSegments 500. A clip-mode playlist has
//   at most 500 segments by definition (the seek threshold), so the whole list
//   is processed: ad detection needs all of it to find the main content.
// - The type echoes the context; only the video-play page changes the mode rule.
//   That page plays the whole video, so it never gets clip mode: full over
//   10 min (or over 2000 segments, the global no-processing limit), else seek.

import { videoTypeConfig } from './config';
import type { PlayMode, VideoKind, VideoTypeDescriptor } from './types';

export interface ClassifyInput {
  totalDuration: number;
  segmentCount: number;
  context: VideoKind;
}

const KINDS: readonly VideoKind[] = ['short-video', 'full-video-modal', 'video-play-page'];

function nonNegative(x: unknown): number {
  return typeof x === 'number' && Number.isFinite(x) && x > 0 ? x : 0;
}

function describe(type: VideoKind, mode: PlayMode): VideoTypeDescriptor {
  if (mode === 'full') return { type, mode, shouldProcess: false, maxSegments: 0, adProcessingLevel: 'basic' };
  if (mode === 'seek') return { type, mode, shouldProcess: true, maxSegments: videoTypeConfig.seekMaxSegments, adProcessingLevel: 'full' };
  return { type, mode, shouldProcess: true, maxSegments: videoTypeConfig.seekMinSegments, adProcessingLevel: 'full' };
}

export function classifyVideo(input: ClassifyInput): VideoTypeDescriptor {
  const seconds = nonNegative(input?.totalDuration);
  const segments = nonNegative(input?.segmentCount);
  const type: VideoKind = KINDS.includes(input?.context) ? input.context : 'short-video';
  const overFullSegments = segments > videoTypeConfig.fullMinSegments;
  if (type === 'video-play-page') {
    const full = seconds > videoTypeConfig.playPageFullMinSeconds || overFullSegments;
    return describe(type, full ? 'full' : 'seek');
  }
  if (seconds > videoTypeConfig.fullMinSeconds || overFullSegments) return describe(type, 'full');
  if (seconds > videoTypeConfig.seekMinSeconds || segments > videoTypeConfig.seekMinSegments) return describe(type, 'seek');
  return describe(type, 'clip');
}
