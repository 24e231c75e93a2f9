// Media playlists: one pass over the lines. Segment tags gather as pending
// state that the next URI line turns into a segment; ad breaks announced by
// cue tags and date ranges are marked on the segments once the pass is done.

import { tagName, tagValue } from './attributes';
import { cueKind, cueOutDuration, markCueBreaks, type Cue } from './cues';
import { markDateRangeAds, parseDateRange } from './daterange';
import { NO_KEYS, parseKey, withKey } from './keys';
import { HEADER_TAGS, readByteRange, readMap, type ByteRange } from './media-tags';
import { decimal, toNumber } from './numbers';
import { err, type ParseResult } from './parse-result';
import { EngineErrorCode, type AdMarkerKind, type DateRange, type EngineError, type KeyInfo, type MapInfo, type MediaPlaylist, type Segment } from './types';
import type { Resolver } from './url';

const NO_TAGS: string[] = [];
const NO_MARKERS: AdMarkerKind[] = [];

export function parseMedia(lines: string[], url: string, resolve: Resolver, warnings: EngineError[]): ParseResult {
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
  let byteRange: ByteRange | null = null;
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
        // Policy for a URI line without #EXTINF (see the header of parse.ts): reported, not a segment.
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
      case '#EXT-X-MAP':
        map = readMap(line, i + 1, resolve, warnings) ?? map;
        break;
      case '#EXT-X-BYTERANGE':
        byteRangeText = tagValue(line).trim();
        byteRange = readByteRange(byteRangeText, i + 1, warnings) ?? byteRange;
        break;
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
      default: {
        const cue = cueKind(name, line);
        if (cue === 'out') {
          cues.push({ first: segments.length, end: -1, duration: cueOutDuration(tagValue(line)) });
        } else if (cue === 'cont') {
          addMarker('cue-cont');
        } else if (cue === 'in') {
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
