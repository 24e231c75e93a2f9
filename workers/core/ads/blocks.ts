// Splits a media playlist into blocks: runs of segments that came from one
// source. A new block starts at #EXT-X-DISCONTINUITY, where encryption switches
// on or off, where ad markers start or stop, where the segment directory
// changes (unless the stream changes directory all the time) and where the
// file-name stem changes inside one directory (ffzy-style pods spliced in
// without any tag: 'f807e36e3a6000123.ts' then '1852a0d4d11000000.ts'),
// unless every name differs (hash-named streams).
//
// Speed: this runs on every playlist, so the per-segment pass only compares
// directories and flags; the costlier description (host, name shape, query
// shape) is computed for every segment of short blocks, where ads live, and for
// an even sample of long blocks, which only feed the content profile.

import type { Segment } from '../types';
import { splitUrl } from '../url';
import { nameShape, type NameShape } from './names';

export interface SegmentInfo {
  /** Position in the block's segment list. */
  k: number;
  host: string;
  /** host + directory path */
  dir: string;
  name: NameShape;
  querySig: string;
  uriForm: 'absolute' | 'root' | 'relative';
  encrypted: boolean;
  marked: boolean;
}

export interface Block {
  /** Index of the block in playlist order. */
  id: number;
  /** First and last segment index (inclusive). */
  first: number;
  last: number;
  start: number;
  duration: number;
  segments: readonly Segment[];
  /** Descriptions of all segments (short blocks) or of an even sample (long blocks). */
  infos: SegmentInfo[];
  /** Seconds of marked (CUE / DATERANGE ad) segments. */
  markedSeconds: number;
  /** Every segment is clear (no key or METHOD=NONE). */
  allClear: boolean;
}

/** Share of directory (or name-stem) changes between neighbours above which they say nothing about blocks. */
const CHURN_LIMIT = 0.2;
/** Long blocks are described through this many sampled segments. */
const SAMPLE_SIZE = 16;

const queryCache = new Map<string, string>();

function querySignature(query: string): string {
  if (query === '') return '';
  let sig = queryCache.get(query);
  if (sig === undefined) {
    sig = query
      .split('&')
      .map((p) => p.split('=')[0])
      .sort()
      .join('&');
    if (queryCache.size > 1000) queryCache.clear();
    queryCache.set(query, sig);
  }
  return sig;
}

function uriForm(uri: string): SegmentInfo['uriForm'] {
  if (uri.charCodeAt(0) === 47 /* / */) return uri.charCodeAt(1) === 47 ? 'absolute' : 'root';
  const colon = uri.indexOf(':');
  return colon > 0 && colon < uri.indexOf('/') ? 'absolute' : 'relative';
}

export function isMarked(s: Segment): boolean {
  for (const m of s.markers) if (m !== 'cue-in') return true;
  return false;
}

function isEncrypted(s: Segment): boolean {
  return s.key !== null && s.key.method !== 'NONE';
}

export function describeSegment(s: Segment, k: number): SegmentInfo {
  const parts = splitUrl(s.url);
  return {
    k,
    host: parts.host,
    dir: parts.host + parts.dir,
    name: nameShape(parts.file),
    querySig: querySignature(parts.query),
    uriForm: uriForm(s.uri),
    encrypted: isEncrypted(s),
    marked: isMarked(s),
  };
}

/** The URL up to and including its last '/' before any query: cheap directory key. */
function dirKey(url: string): string {
  const q = url.indexOf('?');
  const slash = q < 0 ? url.lastIndexOf('/') : url.lastIndexOf('/', q);
  return url.slice(0, slash + 1);
}

function describeBlock(segments: readonly Segment[], id: number, from: number, to: number, shortSeconds: number): Block {
  const segs = segments.slice(from, to);
  let duration = 0;
  let markedSeconds = 0;
  let allClear = true;
  for (const s of segs) {
    duration += s.duration;
    if (isMarked(s)) markedSeconds += s.duration;
    if (isEncrypted(s)) allClear = false;
  }
  const infos: SegmentInfo[] = [];
  if (segs.length <= SAMPLE_SIZE || duration <= shortSeconds) {
    for (let k = 0; k < segs.length; k++) infos.push(describeSegment(segs[k], k));
  } else {
    const step = (segs.length - 1) / (SAMPLE_SIZE - 1);
    for (let j = 0; j < SAMPLE_SIZE; j++) {
      const k = Math.round(j * step);
      infos.push(describeSegment(segs[k], k));
    }
  }
  return { id, first: from, last: to - 1, start: segments[from].start, duration, segments: segs, infos, markedSeconds, allClear };
}

/**
 * End of the name stem's literal part: the file name without its query,
 * extension and trailing digits ('seg_00012.ts' -> 'seg_'), as an index into `uri`.
 */
function stemEnd(uri: string, fileStart: number, q: number): number {
  let end = q < 0 ? uri.length : q;
  const dot = uri.lastIndexOf('.', end - 1);
  if (dot > fileStart) end = dot;
  while (end > fileStart) {
    const c = uri.charCodeAt(end - 1);
    if (c < 48 || c > 57) break;
    end--;
  }
  return end;
}

/** Raw URIs written with the same directory part resolve to the same directory (one base URL). */
function sameRawDir(a: string, ea: number, b: string, eb: number): boolean {
  return sameSpan(a, 0, ea, b, 0, eb);
}

function sameSpan(a: string, fa: number, ea: number, b: string, fb: number, eb: number): boolean {
  if (ea - fa !== eb - fb) return false;
  for (let i = 0; i < ea - fa; i++) if (a.charCodeAt(fa + i) !== b.charCodeAt(fb + i)) return false;
  return true;
}

/**
 * `shortSeconds`: blocks up to this length are described segment by segment
 * (every block that could be judged an ad).
 */
export function splitBlocks(segments: readonly Segment[], shortSeconds: number): Block[] {
  const n = segments.length;
  // dirChange[i]: segment i lies in another directory than segment i-1. The raw
  // URIs answer most pairs without building strings; only differently written
  // URIs are compared through their resolved URLs.
  const dirChange = new Uint8Array(n);
  const nameChange = new Uint8Array(n);
  let dirChanges = 0;
  let nameChanges = 0;
  let prevSlash = -1;
  let prevStem = 0;
  for (let i = 0; i < n; i++) {
    const b = segments[i];
    const q = b.uri.indexOf('?');
    const slash = q < 0 ? b.uri.lastIndexOf('/') : b.uri.lastIndexOf('/', q);
    const stem = stemEnd(b.uri, slash + 1, q);
    if (i === 0) {
      prevSlash = slash;
      prevStem = stem;
      continue;
    }
    const a = segments[i - 1];
    const same = sameRawDir(a.uri, prevSlash, b.uri, slash);
    if (!same && dirKey(a.url) !== dirKey(b.url)) {
      dirChange[i] = 1;
      dirChanges++;
    } else if (!sameSpan(a.uri, prevSlash + 1, prevStem, b.uri, slash + 1, stem)) {
      nameChange[i] = 1;
      nameChanges++;
    }
    prevSlash = slash;
    prevStem = stem;
  }
  const splitOnDir = n < 2 || dirChanges / (n - 1) <= CHURN_LIMIT;
  const splitOnName = n < 2 || nameChanges / (n - 1) <= CHURN_LIMIT;

  const blocks: Block[] = [];
  let from = 0;
  for (let i = 1; i <= n; i++) {
    if (i < n) {
      const a = segments[i - 1];
      const b = segments[i];
      const cut = b.discontinuity || isEncrypted(a) !== isEncrypted(b) || isMarked(a) !== isMarked(b) || (splitOnDir && dirChange[i] === 1) || (splitOnName && nameChange[i] === 1);
      if (!cut) continue;
    }
    if (n > 0) blocks.push(describeBlock(segments, blocks.length, from, i, shortSeconds));
    from = i;
  }
  return blocks;
}
