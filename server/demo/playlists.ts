// Demo playlists from shared segments (pure): a video is a slice of a base's
// segments with ad creatives spliced between #EXT-X-DISCONTINUITY tags, the
// way sources splice ads in the wild. URIs are relative to the video's own
// directory, so the files work wherever /media/demo/ is served from. Ads are
// always clear: after an encrypted film a break starts with METHOD=NONE and
// the film's key is stated again where the film resumes (RFC 8216 §4.3.2.4:
// a key applies to every segment up to the next EXT-X-KEY).

import { encryption } from './config';
import type { BreakAt } from './types';

export interface Entry {
  duration: number;
  uri: string;
  /** Encrypted segments: the URI of their AES-128 key (relative like `uri`); the key tag carries no IV. */
  key?: string;
  /** Encrypted segments: the media sequence number they were encrypted under (their IV), so their number here. */
  sequence?: number;
}

/** A run of segments from one encode: a film part or one ad creative. */
export interface Block {
  ad: boolean;
  entries: readonly Entry[];
}

export interface PlacedBreak {
  at: BreakAt;
  /** One entry list per creative, in play order. */
  creatives: readonly (readonly Entry[])[];
}

/** The film segments [start, start + length) of a base, by time (multiples of the segment length). */
export function sliceEntries(base: readonly Entry[], startSeconds: number, seconds: number, segmentSeconds: number): Entry[] {
  const first = Math.round(startSeconds / segmentSeconds);
  return base.slice(first, first + Math.round(seconds / segmentSeconds));
}

function position(at: BreakAt, segments: number, segmentSeconds: number): number {
  if (at === 'pre') return 0;
  if (at === 'post') return segments;
  return Math.min(segments - 1, Math.max(1, Math.round(at / segmentSeconds)));
}

/** The film cut at each break, every creative a block of its own. */
export function spliceBreaks(film: readonly Entry[], breaks: readonly PlacedBreak[], segmentSeconds: number): Block[] {
  const placed = breaks.map((b, order) => ({ at: position(b.at, film.length, segmentSeconds), order, creatives: b.creatives })).sort((a, b) => a.at - b.at || a.order - b.order);
  const blocks: Block[] = [];
  let from = 0;
  for (const b of placed) {
    if (b.at > from) blocks.push({ ad: false, entries: film.slice(from, b.at) });
    from = Math.max(from, b.at);
    for (const creative of b.creatives) blocks.push({ ad: true, entries: creative });
  }
  if (from < film.length) blocks.push({ ad: false, entries: film.slice(from) });
  return blocks;
}

/** A VOD media playlist, a discontinuity between blocks; also the indices of the ad segments. */
export function writeMediaText(blocks: readonly Block[]): { text: string; adSegments: number[] } {
  const all = blocks.flatMap((b) => b.entries);
  const target = Math.ceil(Math.max(1, ...all.map((e) => e.duration)) - 1e-9);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD'];
  const adSegments: number[] = [];
  let index = 0;
  let key: string | undefined;
  blocks.forEach((block, i) => {
    if (i > 0) lines.push('#EXT-X-DISCONTINUITY');
    for (const e of block.entries) {
      if (e.sequence !== undefined && e.sequence !== index) throw new Error(`demo content: ${e.uri} was encrypted as segment ${e.sequence} but would play as segment ${index}, so with another IV`);
      if (e.key !== key) lines.push(e.key === undefined ? '#EXT-X-KEY:METHOD=NONE' : `#EXT-X-KEY:METHOD=${encryption.method},URI="${e.key}"`);
      key = e.key;
      if (block.ad) adSegments.push(index);
      lines.push(`#EXTINF:${e.duration.toFixed(6)},`, e.uri);
      index++;
    }
  });
  lines.push('#EXT-X-ENDLIST', '');
  return { text: lines.join('\n'), adSegments };
}

export interface VariantLine {
  uri: string;
  bandwidth: number;
  width: number;
  height: number;
  codecs: string;
  name: string;
}

/** A master playlist, lowest bandwidth first. */
export function writeMasterText(variants: readonly VariantLine[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const v of [...variants].sort((a, b) => a.bandwidth - b.bandwidth)) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${v.bandwidth},RESOLUTION=${v.width}x${v.height},CODECS="${v.codecs}",NAME="${v.name}"`, v.uri);
  }
  lines.push('');
  return lines.join('\n');
}
