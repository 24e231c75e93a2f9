// Ad cue tags in media playlists: the CUE-OUT / CUE-IN families (SCTE-35
// written as tags) and Adobe's #EXT-X-CUE, and the segments their breaks cover.

import { parseAttributes, tagValue } from './attributes';
import type { AdMarkerKind, Segment } from './types';

const CUE_OUT = new Set(['#EXT-X-CUE-OUT', '#EXT-X-CUE-OUT-START', '#EXT-X-SCTE35-OUT']);
const CUE_CONT = new Set(['#EXT-X-CUE-OUT-CONT', '#EXT-X-CUE-CONT']);
const CUE_IN = new Set(['#EXT-X-CUE-IN', '#EXT-X-CUE-OUT-END', '#EXT-X-SCTE35-IN']);

/** Adobe Primetime "simple mode" cue (Azure Media Services, Wowza): #EXT-X-CUE:ID=..,TYPE="SpliceOut",DURATION=..,ELAPSED=.. */
const ADOBE_CUE = '#EXT-X-CUE';

/**
 * A SpliceOut cue repeated with ELAPSED stands before each segment inside the break.
 * The first one (no ELAPSED) marks a splice TIME that may fall inside the next
 * segment, so it opens nothing by itself: the film before the splice point stays.
 */
function insideAdobeBreak(value: string): boolean {
  const a = parseAttributes(value);
  return /^spliceout$/i.test(a.TYPE ?? '') && a.ELAPSED !== undefined && Number(a.ELAPSED) >= 0;
}

/**
 * What the tag `name` on `line` says about an ad break: it opens one, the next
 * segment is inside one, or it closes one. Null for any other tag.
 */
export function cueKind(name: string, line: string): 'out' | 'cont' | 'in' | null {
  if (CUE_OUT.has(name)) return 'out';
  if (CUE_CONT.has(name) || (name === ADOBE_CUE && insideAdobeBreak(tagValue(line)))) return 'cont';
  if (CUE_IN.has(name)) return 'in';
  return null;
}

export interface Cue {
  /** Index of the first segment after the CUE-OUT. */
  first: number;
  /** Index of the first segment after the CUE-IN, -1 while open. */
  end: number;
  duration?: number;
}

/** Leading number of a CUE-OUT value: '12', '12.5,ID=55' or 'DURATION=12'. */
export function cueOutDuration(value: string): number | undefined {
  const attr = parseAttributes(value).DURATION;
  const lead = /^\s*(\d+(?:\.\d+)?)\s*(?:,|$)/.exec(value);
  const d = Number(attr ?? lead?.[1] ?? NaN);
  return Number.isFinite(d) && d > 0 ? d : undefined;
}

/** Seconds a CUE-IN may come after the break's announced DURATION and still close it (durations are rounded). */
const CUE_IN_TOLERANCE = 2;

function addSegmentMarker(s: Segment, m: AdMarkerKind): void {
  if (!s.markers.includes(m)) s.markers = [...s.markers, m];
}

/**
 * Marks the segments of each CUE-OUT break. A CUE-IN closes a break unless it
 * comes far later than the break's DURATION; without a CUE-IN, DURATION
 * decides; a break with neither is not trusted (it would swallow the film).
 */
export function markCueBreaks(segments: Segment[], cues: readonly Cue[]): void {
  for (const cue of cues) {
    let elapsed = 0;
    for (let i = cue.first; i < segments.length; i++) {
      const closed = cue.end >= 0 && (cue.duration === undefined || elapsed < cue.duration + CUE_IN_TOLERANCE);
      const inside = closed ? i < cue.end : cue.duration !== undefined && elapsed < cue.duration - 1e-3;
      if (!inside) break;
      addSegmentMarker(segments[i], i === cue.first ? 'cue-out' : 'cue-cont');
      elapsed += segments[i].duration;
    }
  }
}
