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
  /** directory path on the site (see siteOf) */
  dir: string;
  name: NameShape;
  /** dir + '|' + name template */
  key: string;
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
  return s.keys.length > 0;
}

const GENERIC_SECOND_LEVEL = new Set(['com', 'net', 'org', 'gov', 'edu', 'co', 'ac', 'or', 'ne', 'go']);

/**
 * The site a host belongs to ('c1.hlsedge.net' and 'c4.hlsedge.net' -> 'hlsedge.net';
 * 'v.example.com.cn' -> 'example.com.cn'): CDNs shard one film over several
 * hosts of one site, while ads come from sites of their own.
 */
export function siteOf(host: string): string {
  let site = siteCache.get(host);
  if (site === undefined) {
    site = siteOfHost(host);
    if (siteCache.size > 1000) siteCache.clear();
    siteCache.set(host, site);
  }
  return site;
}

const siteCache = new Map<string, string>();

function siteOfHost(host: string): string {
  const colon = host.lastIndexOf(':');
  const name = colon > 0 && host.indexOf(':') === colon ? host.slice(0, colon) : host;
  if (/^[\d.]+$/.test(name) || name.includes(':') || name.startsWith('[')) return host;
  const labels = name.split('.');
  if (labels.length <= 2) return host;
  const keep = labels[labels.length - 1].length === 2 && GENERIC_SECOND_LEVEL.has(labels[labels.length - 2]) ? 3 : 2;
  return labels.slice(-keep).join('.') + (name === host ? '' : host.slice(name.length));
}

export function describeSegment(s: Segment, k: number): SegmentInfo {
  const parts = splitUrl(s.url);
  const host = siteOf(parts.host);
  const dir = host + parts.dir;
  const name = nameShape(parts.file);
  return {
    k,
    host,
    dir,
    name,
    key: `${dir}|${name.template}`,
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

function describeBlock(segments: readonly Segment[], state: Uint8Array, id: number, from: number, to: number, shortSeconds: number): Block {
  const segs = segments.slice(from, to);
  let duration = 0;
  let markedSeconds = 0;
  let allClear = true;
  for (let i = from; i < to; i++) {
    const d = segments[i].duration;
    duration += d;
    if (state[i] & MARKED) markedSeconds += d;
    if (state[i] & ENCRYPTED) allClear = false;
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
/** Encryption or ad marking switches on or off. */
const STATE = 8;
/** Per-segment state bits. */
const ENCRYPTED = 1;
const MARKED = 2;

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
  const state = new Uint8Array(n);
  let dirChanges = 0;
  let stemChanges = 0;
  let lengthChanges = 0;
  let prevSlash = -1;
  let prevStem = 0;
  let prevEnd = 0;
  for (let i = 0; i < n; i++) {
    const b = segments[i];
    const uri = b.uri;
    // One backward pass over the file name: its directory slash and extension
    // dot; the stem is the name without extension and trailing digits.
    const q = uri.indexOf('?');
    const end = q < 0 ? uri.length : q;
    let slash = end - 1;
    let dot = -1;
    for (; slash >= 0; slash--) {
      const c = uri.charCodeAt(slash);
      if (c === 47 /* / */) break;
      if (c === 46 /* . */ && dot < 0) dot = slash;
    }
    let stem = dot > slash + 1 ? dot : end;
    while (stem > slash + 1) {
      const c = uri.charCodeAt(stem - 1);
      if (c < 48 || c > 57) break;
      stem--;
    }
    state[i] = (isEncrypted(b) ? ENCRYPTED : 0) | (isMarked(b) ? MARKED : 0);
    if (i > 0) {
      const a = segments[i - 1];
      if (state[i] !== state[i - 1]) change[i] = STATE;
      if (!sameRawDir(a.uri, prevSlash, b.uri, slash) && dirKey(a.url) !== dirKey(b.url)) {
        change[i] |= DIR;
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
  const mask = STATE | (dirChanges <= limit ? DIR : 0) | (stemChanges <= limit ? STEM : 0) | (lengthChanges <= limit ? LENGTH : 0);
  // Some providers tag #EXT-X-DISCONTINUITY all through the film: when many of
  // them come with no other change, a discontinuity alone no longer cuts. (A
  // short playlist full of ads changes directory at most of its discontinuities:
  // those count as explained even when directories change too often to cut on.)
  const explains = mask | DIR | LENGTH;
  let bareDiscs = 0;
  for (let i = 1; i < n; i++) if (segments[i].discontinuity && (change[i] & explains) === 0) bareDiscs++;
  const discCuts = bareDiscs < adConfig.denseDiscMin || bareDiscs <= adConfig.denseDiscShare * (n - 1);

  const blocks: Block[] = [];
  let from = 0;
  for (let i = 1; i <= n; i++) {
    if (i < n && (change[i] & mask) === 0 && !(discCuts && segments[i].discontinuity)) continue;
    if (n > 0) blocks.push(describeBlock(segments, state, blocks.length, from, i, shortSeconds));
    from = i;
  }
  return blocks;
}
