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

import { adConfig } from '../config';
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
  if (segs.length <= adConfig.sampleSize || duration <= shortSeconds) {
    for (let k = 0; k < segs.length; k++) infos.push(describeSegment(segs[k], k));
  } else {
    const step = (segs.length - 1) / (adConfig.sampleSize - 1);
    for (let j = 0; j < adConfig.sampleSize; j++) {
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

/**
 * Length of a file name with each run of digits counted as one character: a
 * counter rolling over ('index9' -> 'index10', 'seg-99-v1' -> 'seg-100-v1')
 * keeps it, a name of another kind (a 20-hex name among md5 names) rarely does.
 */
function shapeLength(uri: string, from: number, to: number): number {
  let len = 0;
  let inRun = false;
  for (let i = from; i < to; i++) {
    const c = uri.charCodeAt(i);
    const digit = c >= 48 && c <= 57;
    if (!digit || !inRun) len++;
    inRun = digit;
  }
  return len;
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

/** Kinds of change between neighbouring segments, as bits. */
const DIR = 1;
const STEM = 2;
const LENGTH = 4;

/**
 * `shortSeconds`: blocks up to this length are described segment by segment
 * (every block that could be judged an ad).
 */
export function splitBlocks(segments: readonly Segment[], shortSeconds: number): Block[] {
  const n = segments.length;
  // change[i]: how segment i differs from segment i-1 (directory, name stem,
  // name length). The raw URIs answer most pairs without building strings;
  // only differently written URIs are compared through their resolved URLs.
  const change = new Uint8Array(n);
  let dirChanges = 0;
  let stemChanges = 0;
  let lengthChanges = 0;
  let prevSlash = -1;
  let prevStem = 0;
  let prevEnd = 0;
  for (let i = 0; i < n; i++) {
    const b = segments[i];
    const q = b.uri.indexOf('?');
    const end = q < 0 ? b.uri.length : q;
    const slash = b.uri.lastIndexOf('/', end - 1);
    const stem = stemEnd(b.uri, slash + 1, q);
    if (i > 0) {
      const a = segments[i - 1];
      if (!sameRawDir(a.uri, prevSlash, b.uri, slash) && dirKey(a.url) !== dirKey(b.url)) {
        change[i] = DIR;
        dirChanges++;
      }
      // Names are compared even across directories: a CDN may shard the film over hosts.
      if (!sameSpan(a.uri, prevSlash + 1, prevStem, b.uri, slash + 1, stem)) {
        change[i] |= STEM;
        stemChanges++;
      }
      if (end - slash !== prevEnd - prevSlash && shapeLength(b.uri, slash + 1, end) !== shapeLength(a.uri, prevSlash + 1, prevEnd)) {
        change[i] |= LENGTH;
        lengthChanges++;
      }
    }
    prevSlash = slash;
    prevStem = stem;
    prevEnd = end;
  }
  // A kind of change seen between most neighbours says nothing about blocks (hash names change every time).
  const limit = adConfig.churnLimit * (n - 1);
  const mask = (dirChanges <= limit ? DIR : 0) | (stemChanges <= limit ? STEM : 0) | (lengthChanges <= limit ? LENGTH : 0);
  const stateChange = (a: Segment, b: Segment): boolean => isEncrypted(a) !== isEncrypted(b) || isMarked(a) !== isMarked(b);
  // Some providers tag #EXT-X-DISCONTINUITY all through the film: when many of
  // them come with no other change, a discontinuity alone no longer cuts. (A
  // short playlist full of ads changes directory at most of its discontinuities:
  // those count as explained even when directories change too often to cut on.)
  const explains = mask | DIR | LENGTH;
  let bareDiscs = 0;
  for (let i = 1; i < n; i++) if (segments[i].discontinuity && (change[i] & explains) === 0 && !stateChange(segments[i - 1], segments[i])) bareDiscs++;
  const discCuts = bareDiscs < adConfig.denseDiscMin || bareDiscs <= adConfig.denseDiscShare * (n - 1);

  const blocks: Block[] = [];
  let from = 0;
  for (let i = 1; i <= n; i++) {
    if (i < n) {
      const b = segments[i];
      const cut = (discCuts && b.discontinuity) || (change[i] & mask) !== 0 || stateChange(segments[i - 1], b);
      if (!cut) continue;
    }
    if (n > 0) blocks.push(describeBlock(segments, blocks.length, from, i, shortSeconds));
    from = i;
  }
  return blocks;
}
