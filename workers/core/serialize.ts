// Writes a media playlist holding a chosen subset of segments: absolute URIs
// (segments and every URI in kept tags), KEY and MAP state re-stated wherever
// the kept sequence needs it, a discontinuity wherever kept segments were not
// adjacent or had one (a leading one included, so discontinuity numbers stay
// aligned with the other renditions), and ad markers dropped (the ads they
// announced are gone).
//
// Media sequence numbers: kept segments are numbered on from the first kept
// one's original number, so after a removal later segments get new numbers. A
// key with the identity KEYFORMAT and no IV takes its IV from the media
// sequence number (RFC 8216 §5.2): each renumbered segment under such a key
// gets a KEY line with its original number as an explicit IV, or it would
// decrypt to garbage.

import { absoluteTagUris } from './tag-uris';
import { IDENTITY_KEYFORMAT, type KeyInfo, type MapInfo, type MediaPlaylist, type Segment } from './types';
import { createResolver } from './url';

export interface WriteOptions {
  /** Force a VOD playlist ending with #EXT-X-ENDLIST (clip playlists). */
  vod?: boolean;
}

const NO_KEYS: readonly KeyInfo[] = [];
const IV_HEX_DIGITS = 32; // an AES-128 IV is 128 bits

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
  if (map.raw !== undefined) return map.raw;
  return map.byteRange === undefined ? `#EXT-X-MAP:URI="${map.uri}"` : `#EXT-X-MAP:URI="${map.uri}",BYTERANGE="${map.byteRange}"`;
}

const formatOf = (k: KeyInfo): string => k.keyFormat ?? IDENTITY_KEYFORMAT;

function sameKey(a: KeyInfo, b: KeyInfo): boolean {
  return a === b || (a.method === b.method && a.uri === b.uri && a.iv === b.iv && a.keyFormat === b.keyFormat && a.keyFormatVersions === b.keyFormatVersions);
}

function sameMap(a: MapInfo | null, b: MapInfo | null): boolean {
  return a === b || (a !== null && b !== null && a.uri === b.uri && a.byteRange === b.byteRange);
}

/** A key whose IV is the segment's media sequence number. */
const implicitIv = (k: KeyInfo): boolean => k.iv === undefined && formatOf(k) === IDENTITY_KEYFORMAT;

export function sequenceIv(sequence: number): string {
  return `0x${BigInt(Math.max(0, sequence)).toString(16).padStart(IV_HEX_DIGITS, '0')}`;
}

/** The keys as written before a segment numbered `written` that was numbered `original`. */
function writtenKeys(keys: readonly KeyInfo[], written: number, original: number): readonly KeyInfo[] {
  if (written === original || !keys.some(implicitIv)) return keys;
  const iv = sequenceIv(original);
  return keys.map((k) => (implicitIv(k) ? { ...k, iv } : k));
}

/** KEY lines that turn the keys in effect (`from`) into `to`. */
function keyChange(from: readonly KeyInfo[], to: readonly KeyInfo[], out: string[]): void {
  if (from === to) return;
  if (to.length === 0) {
    if (from.length > 0) out.push('#EXT-X-KEY:METHOD=NONE');
    return;
  }
  // A format no longer in effect can only be dropped by clearing them all.
  const dropped = from.some((f) => !to.some((t) => formatOf(t) === formatOf(f)));
  if (dropped) out.push('#EXT-X-KEY:METHOD=NONE');
  for (const k of to) {
    const before = dropped ? undefined : from.find((f) => formatOf(f) === formatOf(k));
    if (before === undefined || !sameKey(before, k)) out.push(keyLine(k));
  }
}

/**
 * Serialises `playlist` keeping only `kept` (segments of that playlist, in order).
 * The caller guarantees `kept` is non-empty.
 */
export function writeMediaPlaylist(playlist: MediaPlaylist, kept: readonly Segment[], options: WriteOptions = {}): string {
  const resolve = createResolver(playlist.url);
  let maxDuration = 0;
  for (const s of kept) if (s.duration > maxDuration) maxDuration = s.duration;
  const target = Math.max(1, Math.ceil(maxDuration - 1e-9));
  const firstSequence = playlist.mediaSequence + kept[0].index;
  const out: string[] = ['#EXTM3U'];
  let hasType = false;
  let hasTarget = false;
  let hasSequence = false;
  for (const line of playlist.header) {
    if (line.startsWith('#EXT-X-TARGETDURATION')) {
      // Kept segments must fit the target; a clip's target can shrink to its own longest segment.
      out.push(`#EXT-X-TARGETDURATION:${options.vod ? target : Math.max(target, playlist.targetDuration)}`);
      hasTarget = true;
      continue;
    }
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE')) {
      out.push(`#EXT-X-MEDIA-SEQUENCE:${firstSequence}`);
      hasSequence = true;
      continue;
    }
    if (line.startsWith('#EXT-X-PLAYLIST-TYPE')) hasType = true;
    out.push(absoluteTagUris(line, resolve));
  }
  if (!hasTarget) out.push(`#EXT-X-TARGETDURATION:${target}`);
  // Stated even when the source left it out: the kept segments' numbers (and implicit IVs) start here.
  if (!hasSequence) out.push(`#EXT-X-MEDIA-SEQUENCE:${firstSequence}`);
  if (options.vod && !hasType) out.push('#EXT-X-PLAYLIST-TYPE:VOD');

  let keys: readonly KeyInfo[] = NO_KEYS;
  let map: MapInfo | null = null;
  let prevIndex = -2;
  // Number-to-text is the costly part of writing; durations repeat, so reuse the last one.
  let lastDuration = NaN;
  let lastDurationText = '';
  for (let i = 0; i < kept.length; i++) {
    const s = kept[i];
    const disc = s.discontinuity || (i > 0 && s.index !== prevIndex + 1);
    if (disc) out.push('#EXT-X-DISCONTINUITY');
    const next = writtenKeys(s.keys, firstSequence + i, playlist.mediaSequence + s.index);
    keyChange(keys, next, out);
    keys = next;
    // fMP4 after a discontinuity may change init segment; stating it again is safe, except a
    // malformed line (written as it came, once: a second copy is one more place for a reader to choke).
    if (s.map !== null && (!sameMap(map, s.map) || (disc && s.map.raw === undefined))) out.push(mapLine(s.map));
    map = s.map;
    for (const t of s.tags) out.push(absoluteTagUris(t, resolve));
    if (s.programDateTime !== undefined) out.push(`#EXT-X-PROGRAM-DATE-TIME:${s.programDateTime}`);
    const samePredecessor = i === 0 ? s.index === 0 : s.index === prevIndex + 1;
    if (s.byteRangeText !== undefined && samePredecessor) out.push(`#EXT-X-BYTERANGE:${s.byteRangeText}`);
    else if (s.byteRange !== undefined) out.push(`#EXT-X-BYTERANGE:${s.byteRange}`);
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
  for (const t of playlist.trailer) out.push(absoluteTagUris(t, resolve));
  if (options.vod || playlist.endList) out.push('#EXT-X-ENDLIST');
  out.push('');
  return out.join('\n');
}
