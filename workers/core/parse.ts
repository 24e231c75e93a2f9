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

import { applyDefines, hasDefines } from './define';
import { parseMaster } from './parse-master';
import { parseMedia } from './parse-media';
import { err, type ParseResult } from './parse-result';
import { EngineErrorCode, type EngineError } from './types';
import { createResolver } from './url';

export type { ParseResult } from './parse-result';

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
