import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fallbackClip, selectClip } from '../../workers/core/clip';
import { createRandom } from '../../workers/core/random';
import type { ClipWindow, RandomSource } from '../../workers/core/types';

const segs = (...durations: number[]) => durations.map((duration) => ({ duration }));
const repeat = (n: number, d: number) => segs(...Array.from({ length: n }, () => d));
/** A source that returns the given values in order, then keeps returning the last one. */
const seq = (...values: number[]): RandomSource => {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)];
};
const count = (c: ClipWindow) => c.clipEndIdx - c.clipStartIdx + 1;
const sum = (ds: number[], from: number, to: number) => ds.slice(from, to).reduce((a, b) => a + b, 0);

describe('selectClip: length', () => {
  it('uses ceil(45 / median) segments: 10 s segments -> 5 segments, 50 s', () => {
    const c = selectClip(repeat(60, 10), { random: seq(0.5, 0) });
    expect(count(c)).toBe(5);
    expect(c.end - c.start).toBe(50);
  });

  it('clamps the count to at least 3 (20 s segments -> 3, 60 s)', () => {
    const c = selectClip(repeat(30, 20), { random: seq(0.9, 0) });
    expect(count(c)).toBe(3);
    expect(c.end - c.start).toBe(60);
  });

  it('clamps the count to at most 8 (6 s segments -> 8, 48 s)', () => {
    const c = selectClip(repeat(50, 6), { random: seq(0.9, 0) });
    expect(count(c)).toBe(8);
    expect(c.end - c.start).toBe(48);
  });

  it('moves and resizes to stay within 30-75 s when the hinted window does not fit', () => {
    // cleanMode, no random start: hint is segment 0. 3 x 40 s is 120 s; the first
    // window inside 30-75 s starts at 2: 40+10+10+10 = 70 s (4 segments, nearest the hint of 5).
    const c = selectClip(segs(40, 40, 40, 10, 10, 10, 10, 10, 10, 10, 10), { random: seq(0.9), cleanMode: true });
    expect(c).toMatchObject({ clipStartIdx: 2, clipEndIdx: 5, start: 80, end: 150 });
  });

  it('keeps 3-8 segments as a hard limit when no window can reach 30 s (best achievable: 8)', () => {
    const c = selectClip(repeat(100, 2), { random: seq(0.9, 0) });
    expect(count(c)).toBe(8);
    expect(c.end - c.start).toBe(16);
    expect(c.fallback).toBeUndefined();
  });

  it('keeps 3 segments when every segment is over 75 s (best achievable: shortest)', () => {
    const c = selectClip(repeat(4, 100), { random: seq(0.9, 0) });
    expect(count(c)).toBe(3);
    expect(c.end - c.start).toBe(300);
  });

  it('returns content under 30 s whole, without a fallback mark', () => {
    expect(selectClip(repeat(5, 4), { random: seq(0) })).toEqual({ start: 0, end: 20, clipStartIdx: 0, clipEndIdx: 4, contentDuration: 20 });
    expect(count(selectClip(repeat(20, 1), { random: seq(0) }))).toBe(20);
  });

  it('takes fewer than 3 segments only when fewer exist', () => {
    const c = selectClip(segs(40, 20), { random: seq(0) });
    expect(c).toMatchObject({ start: 0, end: 60, clipStartIdx: 0, clipEndIdx: 1 });
  });
});

describe('selectClip: start position', () => {
  const video = repeat(100, 10); // 1000 s, count 5, window 300..700 s

  it('70% branch: a start in the 30-70% window (first and last offsets)', () => {
    expect(selectClip(video, { random: seq(0.69, 0) }).start).toBe(300);
    expect(selectClip(video, { random: seq(0.2, 0.9999) }).start).toBe(700);
  });

  it('30% branch: one of the first 3 offsets', () => {
    expect(selectClip(video, { random: seq(0.7, 0) }).clipStartIdx).toBe(0);
    expect(selectClip(video, { random: seq(0.95, 0.5) }).clipStartIdx).toBe(1);
    expect(selectClip(video, { random: seq(0.95, 0.9999) }).clipStartIdx).toBe(2);
  });

  it('falls into the 70/30 proportions over many seeds', () => {
    let inWindow = 0;
    let firstThree = 0;
    const runs = 2000;
    for (let seed = 0; seed < runs; seed++) {
      const c = selectClip(video, { random: createRandom(seed) });
      if (c.start >= 300 && c.start <= 700) inWindow++;
      else if (c.clipStartIdx <= 2) firstThree++;
    }
    expect(inWindow + firstThree).toBe(runs);
    expect(inWindow / runs).toBeGreaterThan(0.66);
    expect(inWindow / runs).toBeLessThan(0.74);
  });

  it('clean mode: from the beginning 70% of the time, a random start 30%', () => {
    expect(selectClip(video, { random: seq(0.3), cleanMode: true }).clipStartIdx).toBe(0);
    expect(selectClip(video, { random: seq(0.29, 0.9999), cleanMode: true }).clipStartIdx).toBe(95);
    let atZero = 0;
    for (let seed = 0; seed < 2000; seed++) if (selectClip(video, { random: createRandom(seed), cleanMode: true }).clipStartIdx === 0) atZero++;
    expect(atZero / 2000).toBeGreaterThan(0.66);
    expect(atZero / 2000).toBeLessThan(0.74);
  });

  it('clean mode wins over a special source', () => {
    expect(selectClip(video, { random: seq(0.5), cleanMode: true, special: true }).clipStartIdx).toBe(0);
  });

  it('special sources skip the first segments reaching 30 s, without randomness', () => {
    for (const r of [0, 0.5, 0.9999]) {
      expect(selectClip(video, { random: seq(r), special: true })).toMatchObject({ clipStartIdx: 3, start: 30 });
    }
    // 7 s segments: 4 make 28 s, 5 make 35 s -> skip 5.
    expect(selectClip(repeat(40, 7), { random: seq(0), special: true }).clipStartIdx).toBe(5);
  });

  it('caps the special skip at half of all segments', () => {
    // 12 x 2 s then 8 x 10 s: 30 s is reached after 13 segments, the cap is 10.
    const list = [...repeat(12, 2), ...repeat(8, 10)];
    const c = selectClip(list, { random: seq(0), special: true });
    expect(c.clipStartIdx).toBe(10);
    expect(c.start).toBe(20);
  });

  it('is deterministic for a seed', () => {
    const list = segs(...Array.from({ length: 80 }, (_, i) => 4 + (i % 7)));
    for (let seed = 0; seed < 20; seed++) {
      expect(selectClip(list, { random: createRandom(seed) })).toEqual(selectClip(list, { random: createRandom(seed) }));
    }
  });
});

describe('selectClip: output fields and bad input', () => {
  it('computes start/end from cumulative durations and echoes the durations', () => {
    const list = segs(3, 5, 7, 11, 13, 17, 19, 23);
    const c = selectClip(list, { random: seq(0.9, 0), originalDuration: 130 });
    const ds = list.map((s) => s.duration);
    expect(c.start).toBe(sum(ds, 0, c.clipStartIdx));
    expect(c.end).toBe(sum(ds, 0, c.clipEndIdx + 1));
    expect(c.contentDuration).toBe(98);
    expect(c.originalDuration).toBe(130);
  });

  it('omits a non-finite originalDuration', () => {
    expect(selectClip(repeat(10, 10), { random: seq(0), originalDuration: Number.NaN }).originalDuration).toBeUndefined();
  });

  it('no segments -> the default fallback clip', () => {
    expect(selectClip([], { random: seq(0) })).toEqual({ start: 0, end: 30, clipStartIdx: 0, clipEndIdx: 10, fallback: 'default' });
  });

  it('segments without any duration -> default fallback clamped to the segments', () => {
    expect(selectClip(repeat(4, 0), { random: seq(0) })).toEqual({ start: 0, end: 30, clipStartIdx: 0, clipEndIdx: 3, fallback: 'default' });
  });

  it('treats NaN, negative and infinite durations as 0', () => {
    const c = selectClip(segs(Number.NaN, -4, Infinity, 10, 10, 10, 10), { random: seq(0.9, 0) });
    expect(Number.isFinite(c.start) && Number.isFinite(c.end)).toBe(true);
    expect(c.end - c.start).toBeGreaterThanOrEqual(30);
  });

  it('returns a fresh object each time (callers fill in fields)', () => {
    const a = selectClip([], { random: seq(0) });
    a.end = 999;
    expect(selectClip([], { random: seq(0) }).end).toBe(30);
  });
});

describe('selectClip: properties', () => {
  const durationArb = fc.oneof(
    { weight: 8, arbitrary: fc.double({ min: 0, max: 120, noNaN: true }) },
    { weight: 1, arbitrary: fc.constantFrom(0, 2, 6, 10, 80) },
    { weight: 1, arbitrary: fc.constantFrom(Number.NaN, -1, Infinity) },
  );

  it('is always inside the content, 3-8 consecutive segments, 30-75 s whenever some window allows it', () => {
    fc.assert(
      fc.property(fc.array(durationArb, { maxLength: 120 }), fc.integer(), fc.boolean(), fc.boolean(), (ds, seed, special, cleanMode) => {
        const list = segs(...ds);
        const c = selectClip(list, { random: createRandom(seed), special, cleanMode });
        const clean = ds.map((d) => (Number.isFinite(d) && d > 0 ? d : 0));
        const total = sum(clean, 0, clean.length);
        if (list.length === 0 || total === 0) {
          expect(c.fallback).toBe('default');
          return;
        }
        expect(c.fallback).toBeUndefined();
        expect(c.clipStartIdx).toBeGreaterThanOrEqual(0);
        expect(c.clipEndIdx).toBeLessThan(list.length);
        expect(c.start).toBeCloseTo(sum(clean, 0, c.clipStartIdx), 9);
        expect(c.end).toBeCloseTo(sum(clean, 0, c.clipEndIdx + 1), 9);
        expect(c.start).toBeGreaterThanOrEqual(0);
        expect(c.end).toBeLessThanOrEqual(total + 1e-9);
        if (total < 30) {
          expect(c).toMatchObject({ clipStartIdx: 0, clipEndIdx: list.length - 1 });
          return;
        }
        expect(count(c)).toBeGreaterThanOrEqual(Math.min(3, list.length));
        expect(count(c)).toBeLessThanOrEqual(8);
        let fits = false;
        for (let s = 0; s < clean.length && !fits; s++) {
          for (let k = 3; k <= 8 && s + k <= clean.length; k++) {
            const secs = sum(clean, s, s + k);
            if (secs >= 30 && secs <= 75) fits = true;
          }
        }
        if (fits) {
          expect(c.end - c.start).toBeGreaterThanOrEqual(30 - 1e-9);
          expect(c.end - c.start).toBeLessThanOrEqual(75 + 1e-9);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('fallbackClip', () => {
  it('returns the configured clips with their kind', () => {
    expect(fallbackClip('default')).toEqual({ start: 0, end: 30, clipStartIdx: 0, clipEndIdx: 10, fallback: 'default' });
    expect(fallbackClip('emergency')).toEqual({ start: 0, end: 60, clipStartIdx: 0, clipEndIdx: 20, fallback: 'emergency' });
  });

  it('clamps indices and end to the segments that exist', () => {
    expect(fallbackClip('emergency', repeat(5, 4))).toEqual({ start: 0, end: 20, clipStartIdx: 0, clipEndIdx: 4, fallback: 'emergency' });
    expect(fallbackClip('emergency', repeat(30, 1))).toMatchObject({ end: 21, clipEndIdx: 20 });
  });

  it('ends with the segment that reaches the configured end, so the clip playlist holds the clip and no more', () => {
    expect(fallbackClip('emergency', repeat(30, 10))).toMatchObject({ start: 0, end: 60, clipStartIdx: 0, clipEndIdx: 5 });
    expect(fallbackClip('emergency', repeat(100, 6))).toMatchObject({ end: 60, clipEndIdx: 9 });
    expect(fallbackClip('emergency', repeat(10, 7))).toMatchObject({ end: 60, clipEndIdx: 8 });
    expect(fallbackClip('default', repeat(30, 10))).toMatchObject({ end: 30, clipEndIdx: 2 });
  });

  it('keeps the configured window when the durations are unknown', () => {
    expect(fallbackClip('emergency', repeat(30, 0))).toMatchObject({ end: 60, clipEndIdx: 20 });
  });

  it('treats an unknown kind as default', () => {
    expect(fallbackClip('bogus' as never).fallback).toBe('default');
    expect(fallbackClip('toString' as never)).toEqual(fallbackClip('default'));
  });
});
