// Splits a media playlist into blocks: runs of segments that came from one
// source. A new block starts at #EXT-X-DISCONTINUITY, where encryption switches
// on or off, where ad markers start or stop, and where the segment directory
// changes (unless the stream changes directory all the time).

import type { Segment } from '../types';
import { splitUrl } from '../url';
import { nameShape, type NameShape } from './names';

export interface SegmentInfo {
  host: string;
  dir: string;
  name: NameShape;
  querySig: string;
  uriForm: 'absolute' | 'root' | 'relative';
  marked: boolean;
  encrypted: boolean;
}

export interface Block {
  /** Index of the block in playlist order. */
  id: number;
  /** First and last segment index (inclusive). */
  first: number;
  last: number;
  start: number;
  duration: number;
  segments: Segment[];
  infos: SegmentInfo[];
}

/** Share of directory changes between neighbours above which directories say nothing about blocks. */
const DIR_CHURN_LIMIT = 0.2;

function querySignature(query: string): string {
  if (query === '') return '';
  return query
    .split('&')
    .map((p) => p.split('=')[0])
    .sort()
    .join('&');
}

export function describeSegment(s: Segment): SegmentInfo {
  const parts = splitUrl(s.url);
  const uri = s.uri;
  return {
    host: parts.host,
    dir: parts.host + parts.dir,
    name: nameShape(parts.file),
    querySig: querySignature(parts.query),
    uriForm: /^[a-z][a-z0-9+.-]*:/i.test(uri) ? 'absolute' : uri.startsWith('/') ? 'root' : 'relative',
    marked: s.markers.some((m) => m !== 'cue-in'),
    encrypted: s.key !== null && s.key.method !== 'NONE',
  };
}

export function splitBlocks(segments: readonly Segment[]): Block[] {
  const infos = segments.map(describeSegment);
  let dirChanges = 0;
  for (let i = 1; i < infos.length; i++) if (infos[i].dir !== infos[i - 1].dir) dirChanges++;
  const splitOnDir = infos.length < 2 || dirChanges / (infos.length - 1) <= DIR_CHURN_LIMIT;

  const blocks: Block[] = [];
  let from = 0;
  const close = (to: number) => {
    const segs = segments.slice(from, to);
    let duration = 0;
    for (const s of segs) duration += s.duration;
    blocks.push({ id: blocks.length, first: from, last: to - 1, start: segments[from].start, duration, segments: segs, infos: infos.slice(from, to) });
    from = to;
  };
  for (let i = 1; i < segments.length; i++) {
    const a = infos[i - 1];
    const b = infos[i];
    if (
      segments[i].discontinuity ||
      a.encrypted !== b.encrypted ||
      a.marked !== b.marked ||
      (splitOnDir && a.dir !== b.dir)
    ) {
      close(i);
    }
  }
  if (segments.length > 0) close(segments.length);
  return blocks;
}
