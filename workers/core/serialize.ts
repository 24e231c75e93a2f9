// Writes a media playlist holding a chosen subset of segments: absolute URIs,
// KEY and MAP state re-stated wherever the kept sequence needs it, a
// discontinuity wherever kept segments were not adjacent or had one, and ad
// markers dropped (the ads they announced are gone).

import type { KeyInfo, MapInfo, MediaPlaylist, Segment } from './types';

export interface WriteOptions {
  /** Force a VOD playlist ending with #EXT-X-ENDLIST (clip playlists). */
  vod?: boolean;
}

function keyLine(key: KeyInfo): string {
  if (key.method === 'NONE') return '#EXT-X-KEY:METHOD=NONE';
  let s = `#EXT-X-KEY:METHOD=${key.method}`;
  if (key.uri !== undefined) s += `,URI="${key.uri}"`;
  if (key.iv !== undefined) s += `,IV=${key.iv}`;
  if (key.keyFormat !== undefined) s += `,KEYFORMAT="${key.keyFormat}"`;
  if (key.keyFormatVersions !== undefined) s += `,KEYFORMATVERSIONS="${key.keyFormatVersions}"`;
  return s;
}

function mapLine(map: MapInfo): string {
  return map.byteRange === undefined ? `#EXT-X-MAP:URI="${map.uri}"` : `#EXT-X-MAP:URI="${map.uri}",BYTERANGE="${map.byteRange}"`;
}

function sameKey(a: KeyInfo | null, b: KeyInfo | null): boolean {
  const am = a?.method ?? 'NONE';
  const bm = b?.method ?? 'NONE';
  if (am === 'NONE' || bm === 'NONE') return am === bm;
  return a === b || (a!.uri === b!.uri && a!.iv === b!.iv && am === bm && a!.keyFormat === b!.keyFormat);
}

function sameMap(a: MapInfo | null, b: MapInfo | null): boolean {
  return a === b || (a !== null && b !== null && a.uri === b.uri && a.byteRange === b.byteRange);
}

/**
 * Serialises `playlist` keeping only `kept` (segments of that playlist, in order).
 * The caller guarantees `kept` is non-empty.
 */
export function writeMediaPlaylist(playlist: MediaPlaylist, kept: readonly Segment[], options: WriteOptions = {}): string {
  let maxDuration = 0;
  for (const s of kept) if (s.duration > maxDuration) maxDuration = s.duration;
  const target = Math.max(1, Math.ceil(maxDuration - 1e-9));
  const out: string[] = ['#EXTM3U'];
  let hasType = false;
  for (const line of playlist.header) {
    if (line.startsWith('#EXT-X-TARGETDURATION')) {
      // Kept segments must fit the target; a clip's target can shrink to its own longest segment.
      out.push(`#EXT-X-TARGETDURATION:${options.vod ? target : Math.max(target, playlist.targetDuration)}`);
      continue;
    }
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE')) {
      out.push(`#EXT-X-MEDIA-SEQUENCE:${playlist.mediaSequence + kept[0].index}`);
      continue;
    }
    if (line.startsWith('#EXT-X-PLAYLIST-TYPE')) hasType = true;
    out.push(line);
  }
  if (!playlist.header.some((l) => l.startsWith('#EXT-X-TARGETDURATION'))) out.push(`#EXT-X-TARGETDURATION:${target}`);
  if (options.vod && !hasType) out.push('#EXT-X-PLAYLIST-TYPE:VOD');

  let key: KeyInfo | null = null;
  let map: MapInfo | null = null;
  let prevIndex = -2;
  // Number-to-text is the costly part of writing; durations repeat, so reuse the last one.
  let lastDuration = NaN;
  let lastDurationText = '';
  for (let i = 0; i < kept.length; i++) {
    const s = kept[i];
    const disc = i > 0 && (s.discontinuity || s.index !== prevIndex + 1);
    if (disc) out.push('#EXT-X-DISCONTINUITY');
    if (!sameKey(key, s.key) && !(i === 0 && (s.key === null || s.key.method === 'NONE'))) out.push(keyLine(s.key ?? { method: 'NONE' }));
    key = s.key;
    // fMP4 after a discontinuity may change init segment; stating it again is always safe.
    if (s.map !== null && (!sameMap(map, s.map) || disc)) out.push(mapLine(s.map));
    map = s.map;
    for (const t of s.tags) out.push(t);
    if (s.programDateTime !== undefined) out.push(`#EXT-X-PROGRAM-DATE-TIME:${s.programDateTime}`);
    if (s.byteRange !== undefined) out.push(`#EXT-X-BYTERANGE:${s.byteRange}`);
    if (s.extinf !== undefined) out.push(s.extinf);
    else {
      if (s.duration !== lastDuration) {
        lastDuration = s.duration;
        lastDurationText = `#EXTINF:${s.duration},`;
      }
      out.push(s.title === '' ? lastDurationText : lastDurationText + s.title);
    }
    out.push(s.url);
    prevIndex = s.index;
  }
  for (const t of playlist.trailer) out.push(t);
  if (options.vod || playlist.endList) out.push('#EXT-X-ENDLIST');
  out.push('');
  return out.join('\n');
}
