// Tolerant HLS playlist parser (media and master). Never throws: problems with
// single lines are skipped and reported as warnings; a playlist that cannot be
// used at all (empty, not a playlist, no segments) is an error value.
//
// Policy: a URI line with no #EXTINF before it is not a media segment. EXTINF
// is REQUIRED for every segment (RFC 8216 §4.3.2.1); m3u8-parser and
// hls-parser keep such a line and time it with TARGETDURATION, which invents a
// duration and shifts every later segment's time (and, in a clean playlist, its
// clip window). In the playlists met here such lines are leftovers of hand or
// script edits. So the line is skipped, never silently: it is reported as a
// URI_WITHOUT_EXTINF warning with its line number and URI (returned by
// parsePlaylist and cleanPlaylist), and it is not written to the clean playlist.

import { hasUnbalancedQuote, parseAttributes, tagName, tagValue } from './attributes';
import { markDateRangeAds, parseDateRange } from './daterange';
import { applyDefines, hasDefines } from './define';
import { EngineErrorCode, IDENTITY_KEYFORMAT, type AdMarkerKind, type DateRange, type EngineError, type KeyInfo, type MapInfo, type MasterPlaylist, type MediaPlaylist, type Playlist, type Segment, type Variant } from './types';
import { createResolver, type Resolver } from './url';

export type ParseResult =
  | { ok: true; playlist: Playlist; warnings: EngineError[] }
  | { ok: false; error: EngineError; warnings: EngineError[] };

const NO_TAGS: string[] = [];
const NO_MARKERS: AdMarkerKind[] = [];
const NO_KEYS: readonly KeyInfo[] = [];

/** Tags that describe the whole playlist; they stay in the header wherever they appear. */
const HEADER_TAGS = new Set([
  '#EXT-X-VERSION',
  '#EXT-X-TARGETDURATION',
  '#EXT-X-MEDIA-SEQUENCE',
  '#EXT-X-DISCONTINUITY-SEQUENCE',
  '#EXT-X-PLAYLIST-TYPE',
  '#EXT-X-INDEPENDENT-SEGMENTS',
  '#EXT-X-START',
  '#EXT-X-ALLOW-CACHE',
  '#EXT-X-I-FRAMES-ONLY',
  '#EXT-X-SERVER-CONTROL',
  '#EXT-X-PART-INF',
  '#EXT-X-SKIP',
]);

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

interface Cue {
  /** Index of the first segment after the CUE-OUT. */
  first: number;
  /** Index of the first segment after the CUE-IN, -1 while open. */
  end: number;
  duration?: number;
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
function markCueBreaks(segments: Segment[], cues: readonly Cue[]): void {
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

function err(code: EngineErrorCode, message: string, line?: number): EngineError {
  return line === undefined ? { code, message, retryable: false } : { code, message, retryable: false, line };
}

export function splitLines(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.includes('\r') ? body.split(/\r\n|\r|\n/) : body.split('\n');
}

/** `imported`: the multivariant playlist's EXT-X-DEFINE values (its `variables`), for IMPORT definitions. */
export function parsePlaylist(text: unknown, url: string, imported?: Readonly<Record<string, string>>): ParseResult {
  const warnings: EngineError[] = [];
  if (typeof text !== 'string' || text.trim() === '') {
    return { ok: false, error: err(EngineErrorCode.EmptyInput, 'The playlist is empty.'), warnings };
  }
  const substituted = hasDefines(text) ? applyDefines(splitLines(text), url, imported) : null;
  const lines = substituted?.lines ?? splitLines(text);
  let first = 0;
  while (first < lines.length && lines[first].trim() === '') first++;
  const hasHeader = (lines[first] ?? '').trim().startsWith('#EXTM3U');
  const isMaster = text.includes('#EXT-X-STREAM-INF');
  if (!hasHeader) {
    if (!isMaster && !text.includes('#EXTINF')) {
      return { ok: false, error: err(EngineErrorCode.MissingHeader, 'Not an HLS playlist: #EXTM3U is missing.', first + 1), warnings };
    }
    warnings.push(err(EngineErrorCode.MissingHeader, 'The #EXTM3U header is missing; parsed anyway.', first + 1));
  }
  const resolve = createResolver(url);
  if (!isMaster) return parseMedia(lines, url, resolve, warnings);
  const master = parseMaster(lines, url, resolve, warnings);
  if (master.ok && master.playlist.kind === 'master' && substituted && Object.keys(substituted.variables).length > 0) master.playlist.variables = substituted.variables;
  return master;
}

function parseMaster(lines: string[], url: string, resolve: Resolver, warnings: EngineError[]): ParseResult {
  const variants: Variant[] = [];
  let pending: Record<string, string> | null = null;
  let pendingLine = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      if (line.startsWith('#EXT-X-STREAM-INF')) {
        if (pending) warnings.push(err(EngineErrorCode.BadUri, 'A variant has no URI; skipped.', pendingLine));
        pending = parseAttributes(tagValue(line));
        pendingLine = i + 1;
      }
      continue;
    }
    if (!pending) continue;
    const abs = resolve(line);
    if (!abs) {
      warnings.push(err(EngineErrorCode.BadUri, `Variant URI cannot be resolved: ${line.slice(0, 200)}`, i + 1));
    } else {
      variants.push(toVariant(pending, abs));
    }
    pending = null;
  }
  if (variants.length === 0) {
    return { ok: false, error: err(EngineErrorCode.NoVariants, 'The master playlist lists no usable variant.'), warnings };
  }
  const playlist: MasterPlaylist = { kind: 'master', url, variants };
  return { ok: true, playlist, warnings };
}

function toVariant(attrs: Record<string, string>, url: string): Variant {
  const v: Variant = { url, bandwidth: toNumber(attrs.BANDWIDTH) ?? 0 };
  const avg = toNumber(attrs['AVERAGE-BANDWIDTH']);
  if (avg !== undefined) v.averageBandwidth = avg;
  const res = /^(\d+)x(\d+)$/i.exec(attrs.RESOLUTION ?? '');
  if (res) {
    v.width = Number(res[1]);
    v.height = Number(res[2]);
  }
  if (attrs.CODECS) v.codecs = attrs.CODECS;
  const fr = toNumber(attrs['FRAME-RATE']);
  if (fr !== undefined) v.frameRate = fr;
  if (attrs.NAME) v.name = attrs.NAME;
  return v;
}

/** Most significant digits a double holds exactly: beyond this the generic parser decides. */
const EXACT_DIGITS = 15;

/**
 * `text[from, to)` as a number. Plain decimals ('4.28', '10') are read
 * without building a substring: this runs on every #EXTINF of a long playlist.
 * An exact integer divided by a power of ten rounds to the same double as
 * Number() would give; anything else goes to Number().
 */
export function decimal(text: string, from: number, to: number): number {
  let value = 0;
  let scale = 1;
  let dot = false;
  let digits = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 46 /* . */ && !dot) {
      dot = true;
      continue;
    }
    if (c < 48 || c > 57 || ++digits > EXACT_DIGITS) return Number(text.slice(from, to));
    value = value * 10 + (c - 48);
    if (dot) scale *= 10;
  }
  return digits === 0 ? Number(text.slice(from, to)) : value / scale;
}

function toNumber(s: string | undefined): number | undefined {
  if (s === undefined || s === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * The keys in effect after a KEY tag: METHOD=NONE clears every key; any other
 * replaces the key of its KEYFORMAT and leaves the other formats' keys in effect.
 */
function withKey(keys: readonly KeyInfo[], key: KeyInfo): readonly KeyInfo[] {
  if (key.method === 'NONE') return NO_KEYS;
  const format = key.keyFormat ?? IDENTITY_KEYFORMAT;
  const at = keys.findIndex((k) => (k.keyFormat ?? IDENTITY_KEYFORMAT) === format);
  if (at < 0) return [...keys, key];
  const next = keys.slice();
  next[at] = key;
  return next;
}

/** Leading number of a CUE-OUT value: '12', '12.5,ID=55' or 'DURATION=12'. */
function cueOutDuration(value: string): number | undefined {
  const attr = parseAttributes(value).DURATION;
  const lead = /^\s*(\d+(?:\.\d+)?)\s*(?:,|$)/.exec(value);
  const d = Number(attr ?? lead?.[1] ?? NaN);
  return Number.isFinite(d) && d > 0 ? d : undefined;
}

function parseKey(value: string, resolve: Resolver): KeyInfo {
  const a = parseAttributes(value);
  const key: KeyInfo = { method: (a.METHOD ?? 'NONE').toUpperCase() };
  if (key.method === 'NONE') return key;
  if (a.URI !== undefined) key.uri = resolve(a.URI) ?? a.URI;
  if (a.IV) key.iv = a.IV;
  if (a.KEYFORMAT) key.keyFormat = a.KEYFORMAT;
  if (a.KEYFORMATVERSIONS) key.keyFormatVersions = a.KEYFORMATVERSIONS;
  return key;
}

function parseMedia(lines: string[], url: string, resolve: Resolver, warnings: EngineError[]): ParseResult {
  const header: string[] = [];
  const segments: Segment[] = [];
  const dateRanges: DateRange[] = [];
  let targetDuration = 0;
  let version = 0;
  let mediaSequence = 0;
  let endList = false;
  let keys: readonly KeyInfo[] = NO_KEYS;
  let map: MapInfo | null = null;
  // Pending per-segment state, consumed by the next URI line.
  let duration = -1;
  let title = '';
  let extinfLine = 0;
  let extinfText = '';
  let discontinuity = false;
  let byteRange: { length: number; offset?: number } | null = null;
  let byteRangeText: string | undefined;
  let pdt: string | undefined;
  let tags: string[] = NO_TAGS;
  let markers: AdMarkerKind[] = NO_MARKERS;
  // CUE-OUT breaks, applied after the pass: a CUE-IN may close a break later than its DURATION says.
  const cues: Cue[] = [];
  let start = 0;
  // Byte-range offsets continue from the previous range of the same resource.
  let lastRangeUrl = '';
  let lastRangeEnd = 0;
  const trailer: string[] = [];

  const dropPending = (line: number) => {
    warnings.push(err(EngineErrorCode.MissingSegmentUri, '#EXTINF without a segment URI; dropped.', line));
    duration = -1;
    title = '';
    byteRange = null;
  };
  const addMarker = (m: AdMarkerKind) => {
    markers = markers === NO_MARKERS ? [m] : markers.includes(m) ? markers : [...markers, m];
  };
  const addTag = (line: string) => {
    if (tags === NO_TAGS) tags = [];
    tags.push(line);
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    if (line.charCodeAt(0) !== 35 /* # */) {
      if (duration < 0) {
        // Policy for a URI line without #EXTINF (see the file header): reported, not a segment.
        warnings.push(err(EngineErrorCode.UriWithoutExtinf, `A URI line without #EXTINF is not played: ${line.slice(0, 200)}`, i + 1));
        continue;
      }
      const abs = resolve(line);
      if (abs === null) {
        warnings.push(err(EngineErrorCode.BadUri, `Segment URI cannot be resolved: ${line.slice(0, 200)}`, i + 1));
        duration = -1;
        continue;
      }
      const seg: Segment = {
        index: segments.length,
        duration,
        start,
        uri: line,
        url: abs,
        title,
        extinf: extinfText,
        discontinuity,
        keys,
        map,
        byteRange: undefined,
        programDateTime: pdt,
        markers,
        tags,
      };
      if (byteRangeText !== undefined) seg.byteRangeText = byteRangeText;
      if (byteRange) {
        const offset = byteRange.offset ?? (lastRangeUrl === abs ? lastRangeEnd : 0);
        seg.byteRange = `${byteRange.length}@${offset}`;
        lastRangeUrl = abs;
        lastRangeEnd = offset + byteRange.length;
      }
      segments.push(seg);
      start += duration;
      duration = -1;
      title = '';
      discontinuity = false;
      byteRange = null;
      byteRangeText = undefined;
      pdt = undefined;
      tags = NO_TAGS;
      markers = NO_MARKERS;
      continue;
    }
    if (!line.startsWith('#EXT')) continue; // a comment
    const name = line.startsWith('#EXTINF:') ? '#EXTINF' : tagName(line);
    if (name === '#EXTINF') {
      if (duration >= 0) dropPending(extinfLine);
      const comma = line.indexOf(',', 8);
      const d = decimal(line, 8, comma < 0 ? line.length : comma);
      if (!Number.isFinite(d) || d < 0) {
        warnings.push(err(EngineErrorCode.BadDuration, `Bad #EXTINF duration: ${line.slice(8, 58)}`, i + 1));
        duration = 0;
      } else {
        duration = d;
      }
      title = comma < 0 || comma === line.length - 1 ? '' : line.slice(comma + 1);
      extinfLine = i + 1;
      // A bad duration was replaced by 0: that line cannot be written back as it was.
      extinfText = duration === d ? line : `#EXTINF:${duration},${title}`;
      continue;
    }
    if (name === '#EXTM3U') continue;
    if (HEADER_TAGS.has(name)) {
      const v = tagValue(line);
      if (name === '#EXT-X-TARGETDURATION') targetDuration = toNumber(v) ?? targetDuration;
      else if (name === '#EXT-X-VERSION') version = toNumber(v) ?? version;
      else if (name === '#EXT-X-MEDIA-SEQUENCE') mediaSequence = toNumber(v) ?? mediaSequence;
      header.push(line);
      continue;
    }
    switch (name) {
      case '#EXT-X-ENDLIST':
        endList = true;
        break;
      case '#EXT-X-DISCONTINUITY':
        discontinuity = true;
        break;
      case '#EXT-X-KEY':
        keys = withKey(keys, parseKey(tagValue(line), resolve));
        break;
      case '#EXT-X-MAP': {
        const value = tagValue(line);
        const a = parseAttributes(value);
        if (a.URI === undefined) {
          warnings.push(err(EngineErrorCode.BadAttribute, '#EXT-X-MAP without URI; ignored.', i + 1));
        } else {
          map = { uri: resolve(a.URI) ?? a.URI };
          if (a.BYTERANGE) map.byteRange = a.BYTERANGE;
          if (hasUnbalancedQuote(value)) {
            // A stray quote after a well-quoted URI: written back balanced. An unterminated
            // URI="...: written exactly as it came (its reading is a guess; never make it worse).
            if (a.URI.includes('"') || map.byteRange?.includes('"')) map.raw = line;
            warnings.push(err(EngineErrorCode.BadAttribute, '#EXT-X-MAP with an unbalanced quote.', i + 1));
          }
        }
        break;
      }
      case '#EXT-X-BYTERANGE': {
        byteRangeText = tagValue(line).trim();
        const m = /^(\d+)(?:@(\d+))?$/.exec(byteRangeText);
        if (!m) warnings.push(err(EngineErrorCode.BadAttribute, 'Bad #EXT-X-BYTERANGE; ignored.', i + 1));
        else byteRange = m[2] === undefined ? { length: Number(m[1]) } : { length: Number(m[1]), offset: Number(m[2]) };
        break;
      }
      case '#EXT-X-PROGRAM-DATE-TIME':
        pdt = tagValue(line).trim();
        break;
      case '#EXT-X-DATERANGE': {
        const dr = parseDateRange(tagValue(line));
        if (dr) dateRanges.push(dr);
        else warnings.push(err(EngineErrorCode.BadAttribute, '#EXT-X-DATERANGE without ID or START-DATE; kept as is.', i + 1));
        if (!dr?.isAd) addTag(line);
        break;
      }
      default:
        if (CUE_OUT.has(name)) {
          cues.push({ first: segments.length, end: -1, duration: cueOutDuration(tagValue(line)) });
        } else if (CUE_CONT.has(name) || (name === ADOBE_CUE && insideAdobeBreak(tagValue(line)))) {
          addMarker('cue-cont');
        } else if (CUE_IN.has(name)) {
          const open = cues[cues.length - 1];
          if (open && open.end < 0) open.end = segments.length;
          addMarker('cue-in');
        } else if (segments.length === 0 && duration < 0 && !discontinuity && tags === NO_TAGS) {
          header.push(line); // unknown tag before any segment: playlist-level
        } else {
          addTag(line); // unknown tag: kept with the next segment
        }
    }
  }
  if (duration >= 0) dropPending(extinfLine);
  if (tags !== NO_TAGS) trailer.push(...tags);
  if (segments.length === 0) {
    return { ok: false, error: err(EngineErrorCode.NoSegments, 'The playlist holds no media segment.'), warnings };
  }
  if (cues.length > 0) markCueBreaks(segments, cues);
  if (dateRanges.length > 0) markDateRangeAds(segments, dateRanges);
  const playlist: MediaPlaylist = {
    kind: 'media',
    url,
    header,
    segments,
    trailer,
    endList,
    targetDuration,
    version,
    mediaSequence,
    totalDuration: start,
    dateRanges,
  };
  return { ok: true, playlist, warnings };
}
