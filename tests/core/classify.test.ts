import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyVideo } from '../../workers/core/classify';
import type { VideoKind } from '../../workers/core/types';

const MIN = 60;
const c = (totalDuration: number, segmentCount: number, context: VideoKind = 'short-video') =>
  classifyVideo({ totalDuration, segmentCount, context });

describe('classifyVideo: the spec 3 §4 table', () => {
  it('over 30 min -> full mode, no processing, basic ad level', () => {
    expect(c(30 * MIN + 0.1, 10)).toEqual({ type: 'short-video', mode: 'full', shouldProcess: false, maxSegments: 0, adProcessingLevel: 'basic' });
  });

  it('over 2000 segments -> full mode even when short', () => {
    expect(c(60, 2001).mode).toBe('full');
    expect(c(60, 2000).mode).toBe('seek');
  });

  it('exactly 30 min is not over 30 min -> seek', () => {
    expect(c(30 * MIN, 10).mode).toBe('seek');
  });

  it('over 5 min -> seek with full ad processing, max 1000 segments', () => {
    expect(c(5 * MIN + 1, 50)).toEqual({ type: 'short-video', mode: 'seek', shouldProcess: true, maxSegments: 1000, adProcessingLevel: 'full' });
  });

  it('over 500 segments -> seek', () => {
    expect(c(100, 501).mode).toBe('seek');
    expect(c(100, 500).mode).toBe('clip');
  });

  it('otherwise clip, processing the whole list (at most 500 segments) with full ad processing', () => {
    expect(c(5 * MIN, 500)).toEqual({ type: 'short-video', mode: 'clip', shouldProcess: true, maxSegments: 500, adProcessingLevel: 'full' });
    expect(c(45, 9).mode).toBe('clip');
  });

  it('keeps the modal context as the type', () => {
    expect(c(45, 9, 'full-video-modal')).toMatchObject({ type: 'full-video-modal', mode: 'clip' });
    expect(c(31 * MIN, 9, 'full-video-modal')).toMatchObject({ type: 'full-video-modal', mode: 'full' });
  });
});

describe('classifyVideo: the video-play page', () => {
  it('forces the video-play-page type and full mode over 10 min', () => {
    expect(c(10 * MIN + 1, 100, 'video-play-page')).toEqual({
      type: 'video-play-page',
      mode: 'full',
      shouldProcess: false,
      maxSegments: 0,
      adProcessingLevel: 'basic',
    });
  });

  it('is never clip mode: 10 min or less plays the clean full video (seek)', () => {
    expect(c(10 * MIN, 100, 'video-play-page')).toMatchObject({ type: 'video-play-page', mode: 'seek', shouldProcess: true, maxSegments: 1000 });
    expect(c(40, 8, 'video-play-page').mode).toBe('seek');
  });

  it('still goes full over 2000 segments', () => {
    expect(c(60, 2001, 'video-play-page').mode).toBe('full');
  });
});

describe('classifyVideo: hostile numbers', () => {
  it('treats non-finite or negative inputs as 0 (clip)', () => {
    for (const bad of [Number.NaN, -5, Infinity, -Infinity]) {
      expect(c(bad, bad).mode).toBe('clip');
    }
  });

  it('always returns a consistent descriptor', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), fc.constantFrom<VideoKind>('short-video', 'full-video-modal', 'video-play-page'), (d, n, ctx) => {
        const r = c(d, n, ctx);
        expect(r.type).toBe(ctx);
        expect(r.shouldProcess).toBe(r.mode !== 'full');
        expect(r.adProcessingLevel).toBe(r.mode === 'full' ? 'basic' : 'full');
        if (ctx === 'video-play-page') expect(r.mode).not.toBe('clip');
      }),
    );
  });
});
