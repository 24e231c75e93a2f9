// Clip excerpting (spec 3 §9) and the fallback clips. Seconds and indices
// are on the clean timeline.
//
// One algorithm reconciles the spec's start rules. Precedence:
//   1. cleanMode: 30% of the time a uniform random start, otherwise segment 0.
//   2. special source: skip the leading segments that reach 30 s (at least
//      30 s skipped), capped at half of all segments. No randomness.
//   3. window rule: 70% of the time a uniform start among the offsets whose
//      start time lies in the 30-70% window of the content; in the other 30%
//      ("anywhere") a uniform start among the first 3 possible offsets. That
//      branch is also taken when the window holds no possible offset.
// The rule gives a start hint; the count hint is ceil(45 / median duration)
// clamped to 3..8 and to the number of segments. The window actually returned
// is the best of all windows of 3..8 consecutive segments, ranked by:
//   a. distance of its length from 30-75 s (0 when inside),
//   b. distance of its start from the hint (ties: the later start, so a
//      skipped intro stays skipped),
//   c. distance of its count from the count hint, d. distance from 45 s.
// So the length is 30-75 s whenever any such window exists; when none does
// (a segment over 75 s, or tiny segments) the 3..8 count stays a hard limit and
// the length is the closest achievable.
// Content under 30 s in total is returned whole (it is already a short clip;
// cutting would only shorten it); no segments, or no duration at all, gives the
// default fallback clip.

import { clipConfig, fallbackClips } from './config';
import { chance, randomInt } from './random';
import type { ClipWindow, FallbackKind, RandomSource } from './types';

export interface SelectClipOptions {
  random: RandomSource;
  /** The source needs special handling (skip its intro). */
  special?: boolean;
  cleanMode?: boolean;
  /** Duration of the original (with ads) playlist, echoed in the result. */
  originalDuration?: number;
}

type Durations = readonly { duration: number }[];

function durationsOf(segments: Durations): number[] {
  return segments.map((s) => {
    const d = s?.duration;
    return typeof d === 'number' && Number.isFinite(d) && d > 0 ? d : 0;
  });
}

function prefixSums(durations: readonly number[]): number[] {
  const sums = [0];
  for (const d of durations) sums.push(sums[sums.length - 1] + d);
  return sums;
}

/** Durations sampled for the median: enough to be exact in practice, cheap on 10,000-segment films. */
const MEDIAN_SAMPLE = 255;

function median(durations: readonly number[]): number {
  const step = Math.max(1, Math.floor(durations.length / MEDIAN_SAMPLE));
  const sample = step === 1 ? [...durations] : durations.filter((_d, i) => i % step === 0);
  const sorted = sample.sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function countHint(durations: readonly number[]): number {
  const raw = Math.ceil(clipConfig.targetSeconds / median(durations));
  const count = Number.isFinite(raw) ? raw : clipConfig.maxSegments;
  const clamped = Math.min(Math.max(count, clipConfig.minSegments), clipConfig.maxSegments);
  return Math.min(clamped, durations.length);
}

function specialSkip(prefix: readonly number[], n: number): number {
  let k = 0;
  while (k < n && prefix[k] < clipConfig.specialSkipSeconds) k++;
  return Math.min(k, Math.floor(n * clipConfig.specialSkipMaxFraction));
}

function startHint(prefix: readonly number[], count: number, options: SelectClipOptions): number {
  const n = prefix.length - 1;
  const maxStart = n - count;
  const { random } = options;
  if (options.cleanMode) {
    return chance(random, clipConfig.cleanModeRandomProbability) ? randomInt(random, maxStart + 1) : 0;
  }
  if (options.special) return Math.min(specialSkip(prefix, n), maxStart);
  if (chance(random, clipConfig.midWindowProbability)) {
    const total = prefix[n];
    let lo = 0;
    while (lo <= maxStart && prefix[lo] < total * clipConfig.midWindowStart) lo++;
    let hi = lo - 1;
    while (hi + 1 <= maxStart && prefix[hi + 1] <= total * clipConfig.midWindowEnd) hi++;
    if (hi >= lo) return lo + randomInt(random, hi - lo + 1);
  }
  return randomInt(random, Math.min(clipConfig.randomStartOffsets, maxStart + 1));
}

interface Candidate {
  s: number;
  c: number;
  key: number[];
}

function lengthMiss(seconds: number): number {
  if (seconds < clipConfig.minSeconds) return clipConfig.minSeconds - seconds;
  return seconds > clipConfig.maxSeconds ? seconds - clipConfig.maxSeconds : 0;
}

function better(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/** Searches outward from the start hint; stops at the first distance holding a window inside 30-75 s. */
function bestWindow(prefix: readonly number[], hint: number, cHint: number): Candidate {
  const n = prefix.length - 1;
  const minC = Math.min(clipConfig.minSegments, n);
  const maxC = Math.min(clipConfig.maxSegments, n);
  let best = null as Candidate | null;
  for (let dist = 0; dist <= n; dist++) {
    const starts = dist === 0 ? [hint] : [hint + dist, hint - dist];
    for (const s of starts) {
      for (let c = minC; c <= maxC; c++) {
        if (s < 0 || s + c > n) continue;
        const seconds = prefix[s + c] - prefix[s];
        const key = [lengthMiss(seconds), dist, s < hint ? 1 : 0, Math.abs(c - cHint), Math.abs(seconds - clipConfig.targetSeconds), c];
        if (!best || better(key, best.key)) best = { s, c, key };
      }
    }
    if (best && best.key[0] === 0) break;
  }
  // n >= 1 here, so the hint 0 with count n always yields a candidate.
  return best ?? { s: 0, c: n, key: [] };
}

export function selectClip(segments: Durations, options: SelectClipOptions): ClipWindow {
  const list = Array.isArray(segments) ? segments : [];
  if (list.length === 0) return fallbackClip('default');
  const durations = durationsOf(list);
  const prefix = prefixSums(durations);
  const n = durations.length;
  const total = prefix[n];
  if (!(total > 0)) return fallbackClip('default', list);
  let s = 0;
  let c = n;
  if (total >= clipConfig.minSeconds) {
    const cHint = countHint(durations);
    const win = bestWindow(prefix, startHint(prefix, cHint, options), cHint);
    s = win.s;
    c = win.c;
  }
  const clip: ClipWindow = { start: prefix[s], end: prefix[s + c], clipStartIdx: s, clipEndIdx: s + c - 1, contentDuration: total };
  const original = options.originalDuration;
  if (typeof original === 'number' && Number.isFinite(original) && original >= 0) clip.originalDuration = original;
  return clip;
}

/**
 * A fallback clip from config. Given the segments, it ends with the segment that
 * reaches the configured end (never past the configured last index, nor the
 * last segment), so the clip playlist holds exactly the clip.
 */
export function fallbackClip(kind: FallbackKind = 'default', segments?: Durations): ClipWindow {
  const k: FallbackKind = Object.hasOwn(fallbackClips, kind) ? kind : 'default';
  const cfg = fallbackClips[k];
  const clip: ClipWindow = { start: cfg.start, end: cfg.end, clipStartIdx: cfg.clipStartIdx, clipEndIdx: cfg.clipEndIdx, fallback: k };
  if (!Array.isArray(segments) || segments.length === 0) return clip;
  const durations = durationsOf(segments.slice(0, Math.min(cfg.clipEndIdx, segments.length - 1) + 1));
  let covered = 0;
  let last = 0;
  for (; last < durations.length; last++) {
    covered += durations[last];
    if (covered >= cfg.end) break;
  }
  clip.clipEndIdx = Math.min(last, durations.length - 1);
  // Unknown durations (all 0) keep the configured end: there is nothing to clamp to.
  if (covered > cfg.start) clip.end = Math.min(cfg.end, covered);
  return clip;
}
