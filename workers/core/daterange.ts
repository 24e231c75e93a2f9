// #EXT-X-DATERANGE handling: which ranges announce ads, and which segments an
// ad range covers (through #EXT-X-PROGRAM-DATE-TIME).

import { parseAttributes } from './attributes';
import { readScte35 } from './scte35';
import type { DateRange, Segment } from './types';

const AD_CLASS = /interstitial|scte-?35|(^|[^a-z])ads?([^a-z]|$)|advert/i;

/**
 * Whether the range's SCTE-35 payloads announce an ad. SCTE35-OUT opens a break
 * unless its payload reads as a programme signal (a chapter, a programme
 * boundary, a content id); SCTE35-CMD (any other command, mostly time_signal)
 * is an ad unless its payload reads as such a signal. An unreadable payload is
 * taken at its word: the attribute was written to carry an ad cue.
 */
function scte35Ad(a: Record<string, string>): boolean {
  // The range's extent comes from DURATION / END-DATE / PLANNED-DURATION only: a
  // break_duration inside the payload is the ad server's plan, not what the playlist holds.
  for (const name of ['SCTE35-OUT', 'SCTE35-CMD']) if (a[name] !== undefined && readScte35(a[name]).kind !== 'content') return true;
  return false;
}

export function parseDateRange(value: string): DateRange | null {
  const a = parseAttributes(value);
  if (!a.ID || !a['START-DATE']) return null;
  const isInterstitial = /interstitial/i.test(a.CLASS ?? '');
  const hasAdAttr = Object.keys(a).some((k) => k.startsWith('X-AD'));
  const dr: DateRange = {
    id: a.ID,
    startDate: a['START-DATE'],
    isAd: isInterstitial || hasAdAttr || scte35Ad(a) || AD_CLASS.test(a.CLASS ?? ''),
    raw: value,
  };
  const duration = Number(a.DURATION);
  if (a.DURATION !== undefined && Number.isFinite(duration)) dr.duration = duration;
  const end = Date.parse(a['END-DATE'] ?? '');
  const begin = Date.parse(a['START-DATE']);
  if (dr.duration === undefined && Number.isFinite(end) && Number.isFinite(begin) && end > begin) dr.duration = (end - begin) / 1000;
  const planned = Number(a['PLANNED-DURATION']);
  if (a['PLANNED-DURATION'] !== undefined && Number.isFinite(planned)) dr.plannedDuration = planned;
  if (a.CLASS) dr.className = a.CLASS;
  return dr;
}

/**
 * Marks segments inside ad date ranges with 'daterange-ad'. Interstitials add
 * content from elsewhere and cover no segment of this playlist, so they are skipped.
 */
export function markDateRangeAds(segments: Segment[], ranges: DateRange[]): void {
  const spans: Array<[number, number]> = [];
  // A range may be announced (SCTE35-OUT) and closed later under the same ID (SCTE35-IN / DURATION).
  const byId = new Map<string, DateRange>();
  for (const r of ranges) {
    const seen = byId.get(r.id);
    byId.set(r.id, seen ? { ...seen, isAd: seen.isAd || r.isAd, duration: r.duration ?? seen.duration, plannedDuration: seen.plannedDuration ?? r.plannedDuration } : r);
  }
  for (const r of byId.values()) {
    if (!r.isAd || /interstitial/i.test(r.className ?? '')) continue;
    const from = Date.parse(r.startDate);
    const length = r.duration ?? r.plannedDuration;
    if (!Number.isFinite(from) || length === undefined || length <= 0) continue;
    spans.push([from, from + length * 1000]);
  }
  if (spans.length === 0) return;
  let clock = NaN;
  for (const seg of segments) {
    if (seg.programDateTime !== undefined) {
      const t = Date.parse(seg.programDateTime);
      if (Number.isFinite(t)) clock = t;
    }
    if (Number.isFinite(clock)) {
      // A segment counts as covered when its midpoint lies inside the range.
      const mid = clock + (seg.duration * 1000) / 2;
      if (spans.some(([a, b]) => mid >= a && mid < b)) {
        seg.markers = seg.markers.includes('daterange-ad') ? seg.markers : [...seg.markers, 'daterange-ad'];
      }
      clock += seg.duration * 1000;
    }
  }
}
