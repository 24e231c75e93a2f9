// Media-playlist tags read on their own: which tags belong to the playlist
// header, and the segment tags whose value takes more than a flag to read
// (#EXT-X-MAP, #EXT-X-BYTERANGE). Each reader reports a bad tag as a warning.

import { hasUnbalancedQuote, parseAttributes, tagValue } from './attributes';
import { err } from './parse-result';
import { EngineErrorCode, type EngineError, type MapInfo } from './types';
import type { Resolver } from './url';

/** Tags that describe the whole playlist; they stay in the header wherever they appear. */
export const HEADER_TAGS = new Set([
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

/** An #EXT-X-BYTERANGE as written: the offset is optional (it then continues the previous range). */
export interface ByteRange {
  length: number;
  offset?: number;
}

/** The #EXT-X-MAP on `line` (line number `at`); null when it has no URI and so changes nothing. */
export function readMap(line: string, at: number, resolve: Resolver, warnings: EngineError[]): MapInfo | null {
  const value = tagValue(line);
  const a = parseAttributes(value);
  if (a.URI === undefined) {
    warnings.push(err(EngineErrorCode.BadAttribute, '#EXT-X-MAP without URI; ignored.', at));
    return null;
  }
  const map: MapInfo = { uri: resolve(a.URI) ?? a.URI };
  if (a.BYTERANGE) map.byteRange = a.BYTERANGE;
  if (hasUnbalancedQuote(value)) {
    // A stray quote after a well-quoted URI: written back balanced. An unterminated
    // URI="...: written exactly as it came (its reading is a guess; never make it worse).
    if (a.URI.includes('"') || map.byteRange?.includes('"')) map.raw = line;
    warnings.push(err(EngineErrorCode.BadAttribute, '#EXT-X-MAP with an unbalanced quote.', at));
  }
  return map;
}

/** An #EXT-X-BYTERANGE value ('n' or 'n@o', found on line `at`); null when malformed, which changes nothing. */
export function readByteRange(text: string, at: number, warnings: EngineError[]): ByteRange | null {
  const m = /^(\d+)(?:@(\d+))?$/.exec(text);
  if (!m) {
    warnings.push(err(EngineErrorCode.BadAttribute, 'Bad #EXT-X-BYTERANGE; ignored.', at));
    return null;
  }
  return m[2] === undefined ? { length: Number(m[1]) } : { length: Number(m[1]), offset: Number(m[2]) };
}
