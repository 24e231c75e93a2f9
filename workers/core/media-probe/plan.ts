// Which segments to probe (pure). First round: the first segment of every
// text block (a DISCONTINUITY group, split again where the init segment,
// directory or name pattern changes), evenly spread samples that learn the
// film and catch ads no tag marks, and the last segment. Later rounds: where
// two probed segments disagree (another encode, a timeline break) and are not
// neighbours, look between them (at a text boundary inside the gap, else its
// middle) until the change is pinned to one boundary or the budget ends.

import type { MediaSignature } from '../media-signature/index';
import type { ProbePlaylist, ProbeSegment } from './types';
import { probeConfig } from './config';
import { cutBetween } from './cuts';

const dirOf = (url: string) => url.slice(0, url.split('?')[0].lastIndexOf('/') + 1);
const nameShape = (url: string) =>
  (url.split('?')[0].split('/').pop() ?? '')
    .replace(/[0-9a-f]{16,}/gi, 'H')
    .replace(/\d+/g, 'N');

/** First segment of every text block, in order (0 included). */
export function textBlockStarts(segments: readonly ProbeSegment[]): number[] {
  const starts: number[] = [];
  segments.forEach((s, i) => {
    const prev = segments[i - 1];
    if (!prev || s.discontinuity || s.map?.uri !== prev.map?.uri || dirOf(s.url) !== dirOf(prev.url) || nameShape(s.url) !== nameShape(prev.url)) starts.push(i);
  });
  return starts;
}

/** `count` indexes spread evenly over 0..n-1, both ends included. */
function spread(n: number, count: number): number[] {
  if (n <= 0) return [];
  if (count <= 1 || n === 1) return [0];
  const out = new Set<number>();
  for (let k = 0; k < count; k++) out.add(Math.round((k * (n - 1)) / (count - 1)));
  return [...out];
}

/** The first round, at most `limit` segments: samples and the edges first, then as many block starts as fit, spread out. */
export function firstProbes(playlist: ProbePlaylist, limit: number, samples: number = probeConfig.samples): number[] {
  const n = playlist.segments.length;
  const base = new Set(spread(n, Math.min(samples, limit)));
  const starts = textBlockStarts(playlist.segments).filter((i) => !base.has(i));
  const room = Math.max(0, limit - base.size);
  const picked = starts.length <= room ? starts : spread(starts.length, room).map((k) => starts[k]);
  return [...base, ...picked].sort((a, b) => a - b);
}

/**
 * The next round: one segment inside every unresolved change between
 * neighbouring probes. `read` holds the signatures read so far; `tried` every
 * index already asked (failed ones included, never asked twice).
 */
export function nextProbes(playlist: ProbePlaylist, read: ReadonlyMap<number, MediaSignature>, tried: ReadonlySet<number>, limit: number): number[] {
  const segments = playlist.segments;
  const starts = new Set(textBlockStarts(segments));
  const probed = [...read.keys()].sort((a, b) => a - b);
  const out: number[] = [];
  for (let k = 1; k < probed.length && out.length < limit; k++) {
    const p = probed[k - 1];
    const q = probed[k];
    if (q === p + 1) continue;
    const cut = cutBetween(segments, p, read.get(p)!, q, read.get(q)!);
    if (cut !== 'encode' && cut !== 'timeline') continue;
    const pick = pickInside(p, q, starts, tried);
    if (pick !== null) out.push(pick);
  }
  return out;
}

/** A text boundary inside (p, q) first (its two sides), else the untried index nearest the middle. */
function pickInside(p: number, q: number, starts: ReadonlySet<number>, tried: ReadonlySet<number>): number | null {
  for (let b = p + 1; b <= q; b++) {
    if (!starts.has(b)) continue;
    if (b - 1 > p && !tried.has(b - 1)) return b - 1;
    if (b < q && !tried.has(b)) return b;
  }
  const mid = Math.floor((p + q) / 2);
  for (let d = 0; d <= q - p; d++) {
    for (const i of [mid - d, mid + d]) if (i > p && i < q && !tried.has(i)) return i;
  }
  return null;
}
