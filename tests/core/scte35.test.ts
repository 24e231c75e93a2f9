// SCTE-35 cue reading on published payloads: the sample messages of ANSI/SCTE 35
// (§14, "Sample SCTE 35 Messages", base64 as printed there) and the DATERANGE
// payloads of grafov/m3u8's sample-playlists/media-playlist-with-daterange.m3u8
// (tests/fixtures/peer-suite), whose segmentation types are noted beside them.

import { describe, expect, it } from 'vitest';
import { readScte35 } from '../../workers/core/scte35';
import { parsePlaylist } from '../../workers/core/parse';
import { cleanPlaylist } from '../../workers/core/clean';

// grafov daterange fixture, IDs 1-4 (time_signal with one segmentation descriptor each).
const CHAPTER_END = '0xFC304A000000000BB800FFF00506FFCD4CC4900034023243554549FFFFFFFF7FFF0002631D50011E30303034304D4130303030303030303030383554303432373232303530302101003B1B1B19';
const BREAK_START = '0xFC304A000000000BB80000000506FFCD4CC4900034023243554549FFFFFFFF7FFF0000E969E8011E30303034304D413030303030303030303038355430343237323230343330220103AF904DEA';
const CONTENT_ID = '0xFC304A000000000BB80000000506FFCD5A80300034023243554549FFFFFFFF7FFF0000E969E8011E30303034304D41303030303030303030303835543034323732323034333001010349323975';
const BREAK_END = '0xFC304A000000000BB80000000506FFCE363A300034023243554549FFFFFFFF7FFF0000E969E8011E30303034304D4130303030303030303030383554303432373232303433302301031D34C4FF';

describe('readScte35', () => {
  it('reads the SCTE 35 sample messages: splice_insert out of network with its break duration, time_signal placement opportunity start', () => {
    expect(readScte35('/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo=')).toEqual({ kind: 'ad-start', seconds: expect.closeTo(60.293567, 5) });
    expect(readScte35('/DA0AAAAAAAA///wBQb+cr0AUAAeAhxDVUVJSAAAjn/PAAGlmbAICAAAAAAsoKGKNAIAmsnRfg==')).toEqual({ kind: 'ad-start', seconds: 307 });
  });

  it('tells ad segmentation types from programme ones (chapters, content ids) in hex payloads', () => {
    expect(readScte35(BREAK_START)).toEqual({ kind: 'ad-start', seconds: expect.closeTo(169.97, 2) });
    expect(readScte35(BREAK_END)).toEqual({ kind: 'ad-end' });
    expect(readScte35(CHAPTER_END)).toEqual({ kind: 'content' });
    expect(readScte35(CONTENT_ID)).toEqual({ kind: 'content' });
  });

  it('never throws on junk, truncated or encrypted payloads', () => {
    for (const p of ['', '0x', '0x00000000', '0xFC002F0000000000FF', 'not base64!', BREAK_START.slice(0, 40), '/DAlAAAAAAAAAP/wFAUAAAAB']) {
      expect(readScte35(p).kind).toMatch(/^(unknown|ad-start|ad-end|content)$/);
    }
    expect(readScte35('0xFC002F0000000000FF')).toEqual({ kind: 'unknown' });
  });
});

describe('DATERANGE ads by their SCTE-35 payload', () => {
  const playlist = (attrs: string) => `#EXTM3U
#EXT-X-TARGETDURATION:6
#EXT-X-PROGRAM-DATE-TIME:2022-04-26T12:00:00.000Z
${Array.from({ length: 20 }, (_, i) => `${i === 5 ? `#EXT-X-DATERANGE:ID="x",START-DATE="2022-04-26T12:00:30.000Z",DURATION=12.0,${attrs}\n` : ''}#EXTINF:6,\nc${i}.ts`).join('\n')}
#EXT-X-ENDLIST`;

  it('a chapter or content-id SCTE35-CMD covers no ad; a break start does', () => {
    expect(cleanPlaylist(playlist(`SCTE35-CMD=${CHAPTER_END}`), 'https://cdn.example.com/v/index.m3u8').adSegments).toEqual([]);
    expect(cleanPlaylist(playlist(`SCTE35-CMD=${CONTENT_ID}`), 'https://cdn.example.com/v/index.m3u8').adSegments).toEqual([]);
    expect(cleanPlaylist(playlist(`SCTE35-OUT=${BREAK_START}`), 'https://cdn.example.com/v/index.m3u8').adSegments).toEqual([5, 6]);
    const parsed = parsePlaylist(playlist(`SCTE35-CMD=${BREAK_START}`), 'https://cdn.example.com/v/index.m3u8');
    expect(parsed.ok && parsed.playlist.kind === 'media' && parsed.playlist.dateRanges[0].isAd).toBe(true);
  });
});
