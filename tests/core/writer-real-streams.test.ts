// The playlist writer on what real streams carry (issue 12): implicit AES-128 IVs
// across a removal, several KEYFORMATs at once, a leading discontinuity, URIs in
// kept tags, malformed attributes, EXT-X-DEFINE, URI lines without #EXTINF.
// Playlists marked (peer) are from tests/fixtures/peer-suite (PROVENANCE.md).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCleanPlaylist, cleanPlaylist } from '../../workers/core/clean';
import { parsePlaylist } from '../../workers/core/parse';
import { prepareFromMedia } from '../../workers/core/pipeline';
import { sequenceIv } from '../../workers/core/serialize';
import type { MediaPlaylist, Segment } from '../../workers/core/types';

const URL_ = 'https://cdn.example.com/vod/abc/index.m3u8';
const peer = (f: string) => readFileSync(new URL(`../fixtures/peer-suite/${f}`, import.meta.url), 'utf8');

function media(text: string, url = URL_): MediaPlaylist {
  const r = parsePlaylist(text, url);
  if (!r.ok || r.playlist.kind !== 'media') throw new Error('not a media playlist');
  return r.playlist;
}

/** The IV a player decrypts a segment with (RFC 8216 §5.2). */
const ivOf = (p: MediaPlaylist, s: Segment): bigint | undefined => (s.keys.length === 0 ? undefined : BigInt(s.keys[0].iv ?? p.mediaSequence + s.index));

const ENCRYPTED = `#EXTM3U
#EXT-X-TARGETDURATION:10
#EXT-X-MEDIA-SEQUENCE:7
#EXTINF:5,
https://ads.example.net/pre/0.ts
#EXTINF:5,
https://ads.example.net/pre/1.ts
#EXT-X-DISCONTINUITY
#EXT-X-KEY:METHOD=AES-128,URI="key.bin"
${Array.from({ length: 20 }, (_, i) => `#EXTINF:10,\nseg${i}.ts`).join('\n')}
#EXT-X-ENDLIST`;

describe('AES-128 without IV across a removal', () => {
  it('the clean playlist decrypts every kept segment with its original IV', () => {
    const p = media(ENCRYPTED);
    const clean = buildCleanPlaylist(p, [0, 1]);
    const re = media(clean.text);
    expect(re.segments.map((s) => ivOf(re, s))).toEqual(p.segments.slice(2).map((s) => ivOf(p, s)));
    expect(clean.text).toContain('#EXT-X-MEDIA-SEQUENCE:9');
  });

  it('a clip playlist cut from after a removal keeps the IVs too, and one cut where nothing moved needs no IV', () => {
    const p = media(ENCRYPTED);
    const prepared = prepareFromMedia(p, { network: 'fast', context: 'short-video', restore: { startIdx: 4, endIdx: 8 } });
    if (!prepared.ok) throw new Error(prepared.error.message);
    const clip = media(prepared.value.clipPlaylist);
    expect(clip.segments.map((s) => s.url)).toEqual(p.segments.slice(6, 11).map((s) => s.url));
    expect(clip.segments.map((s) => ivOf(clip, s))).toEqual(p.segments.slice(6, 11).map((s) => ivOf(p, s)));
    // A contiguous clip numbered from its own first segment keeps implicit IVs.
    expect(prepared.value.clipPlaylist).not.toContain('IV=');
    expect(sequenceIv(9)).toBe('0x00000000000000000000000000000009');
  });

  it('writes an explicit IV only where the numbering changed', () => {
    const p = media(ENCRYPTED);
    const text = buildCleanPlaylist(p, [5, 6]).text; // two film segments in the middle
    const lines = text.split('\n');
    expect(lines.filter((l) => l.includes('IV=0x')).length).toBe(20 - 2 - 3);
    expect(text).toContain(`IV=${sequenceIv(7 + 7)}`);
  });
});

describe('keys, discontinuities and URIs in tags', () => {
  it('keeps FairPlay, PlayReady and Widevine keys in effect together (peer: grafov)', () => {
    const p = media(peer('grafov-m3u8/sample-playlists_playread_widevine_and_fairplay.m3u8'));
    const formats = p.segments[0].keys.map((k) => k.keyFormat).sort();
    expect(formats).toEqual(['com.apple.streamingkeydelivery', 'com.microsoft.playready', 'urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed']);
    const re = media(buildCleanPlaylist(p, []).text);
    expect(re.segments.map((s) => s.keys.map((k) => `${k.keyFormat}|${k.uri}`).sort())).toEqual(p.segments.map((s) => s.keys.map((k) => `${k.keyFormat}|${k.uri}`).sort()));
  });

  it('METHOD=NONE clears every format, and a new key of one format replaces only that one', () => {
    const p = media(`#EXTM3U
#EXT-X-TARGETDURATION:4
#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://a",KEYFORMAT="com.apple.streamingkeydelivery"
#EXT-X-KEY:METHOD=SAMPLE-AES,URI="data:text/plain;base64,AAA",KEYFORMAT="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed"
#EXTINF:4,
a.ts
#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://b",KEYFORMAT="com.apple.streamingkeydelivery"
#EXTINF:4,
b.ts
#EXT-X-KEY:METHOD=NONE
#EXTINF:4,
c.ts`);
    expect(p.segments.map((s) => s.keys.map((k) => k.uri))).toEqual([['skd://a', 'data:text/plain;base64,AAA'], ['skd://b', 'data:text/plain;base64,AAA'], []]);
  });

  it('keeps a leading #EXT-X-DISCONTINUITY, so discontinuity numbers stay aligned (peer: hls.js)', () => {
    const text = peer('hlsjs/inline__level-helper__aligns_discontinuities_based_on_media_sequence_num__3.m3u8');
    const out = cleanPlaylist(text, URL_).text;
    expect(out.split('\n').findIndex((l) => l === '#EXT-X-DISCONTINUITY')).toBeLessThan(out.split('\n').findIndex((l) => l.startsWith('#EXTINF')));
    expect(out.match(/#EXT-X-DISCONTINUITY\n/g)?.length).toBe(text.match(/#EXT-X-DISCONTINUITY\n/g)?.length);
  });

  it('makes URIs in PART, PRELOAD-HINT and RENDITION-REPORT absolute (peer: kuu LL-HLS example)', () => {
    const text = peer('kuu-hls-parser/fixtures_m3u8_Low-Latency_Example-01_Low-Latency_HLS_Playlist.m3u8');
    const out = cleanPlaylist(text, URL_).text;
    const uris = [...out.matchAll(/URI="([^"]*)"/g)].map((m) => m[1]);
    expect(uris.length).toBeGreaterThan(10);
    expect(uris.filter((u) => !u.startsWith('https://'))).toEqual([]);
    expect(out).toContain('#EXT-X-PART:DURATION=0.33334,URI="https://cdn.example.com/vod/abc/filePart271.0.mp4"');
  });

  it('writes a MAP with an unterminated quote back exactly as it came, once (peer: hls.js)', () => {
    const text = peer('hlsjs/inline__level-helper__handles_delta_Playlist_updates_with_discontinuitie__8.m3u8');
    const out = cleanPlaylist(text, URL_).text;
    expect(out.split('\n').filter((l) => l === '#EXT-X-MAP:URI="720p_0_1.m4s')).toHaveLength(1);
  });
});

describe('EXT-X-DEFINE', () => {
  it('substitutes NAME/VALUE and QUERYPARAM values defined before a reference, leaves others, and drops the DEFINE tags', () => {
    const text = `#EXTM3U
#EXT-X-TARGETDURATION:4
#EXT-X-DEFINE:NAME="host",VALUE="media.example.org"
#EXT-X-DEFINE:QUERYPARAM="token"
#EXT-X-DEFINE:IMPORT="fromMaster"
#EXT-X-MAP:URI="https://{$host}/init.mp4"
#EXTINF:4,
https://{$host}/s1.m4s?t={$token}&m={$fromMaster}&u={$undefined}
#EXT-X-DEFINE:NAME="late",VALUE="x"
#EXTINF:4,
s2-{$late}.m4s`;
    const r = parsePlaylist(text, 'https://cdn.example.com/v/index.m3u8?token=abc123', { fromMaster: 'mm' });
    if (!r.ok || r.playlist.kind !== 'media') throw new Error('parse');
    expect(r.playlist.segments.map((s) => s.url)).toEqual(['https://media.example.org/s1.m4s?t=abc123&m=mm&u={$undefined}', 'https://cdn.example.com/v/s2-x.m4s']);
    expect(r.playlist.segments[0].map?.uri).toBe('https://media.example.org/init.mp4');
    expect(cleanPlaylist(text, 'https://cdn.example.com/v/index.m3u8?token=abc123').text).not.toContain('EXT-X-DEFINE');
  });
});

describe('cue tags', () => {
  it('reads a CUE-OUT duration followed by attributes (#EXT-X-CUE-OUT:12,ID=55)', () => {
    const lines = ['#EXTM3U', '#EXT-X-TARGETDURATION:6'];
    for (let i = 0; i < 30; i++) {
      if (i === 10) lines.push('#EXT-X-CUE-OUT:12,ID=55,TYPE=ad');
      lines.push('#EXTINF:6,', `c${i}.ts`);
    }
    expect(cleanPlaylist(lines.join('\n'), URL_).adSegments).toEqual([10, 11]);
  });

  it('keeps what a CUE-IN resumes, even from another directory (peer: grafov, Adobe-style cues)', () => {
    const r = cleanPlaylist(peer('grafov-m3u8/sample-playlists_media-playlist-with-adobe.m3u8'), URL_);
    expect(r.adSegments).toEqual([3, 4, 5]);
  });
});

describe('blocks alike in every signal', () => {
  it("keeps Apple's TN2288 example whole (two segments named ad, a discontinuity, two named movie): nothing says which is the film (peer: grafov)", () => {
    for (const f of ['with-discontinuity', 'with-custom-tags', 'with-start-time', 'with-discontinuity-seq']) {
      expect(cleanPlaylist(peer(`grafov-m3u8/sample-playlists_media-playlist-${f}.m3u8`), URL_).adSegments, f).toEqual([]);
    }
  });

  it('keeps a film cut into short parts by a discontinuity before every segment (peer: hls.js)', () => {
    for (const n of [3, 4]) {
      const r = cleanPlaylist(peer(`hlsjs/inline__level-helper__aligns_discontinuities_based_on_media_sequence_num__${n}.m3u8`), URL_);
      expect(r.adSegments).toEqual([]);
    }
  });
});

describe('user-built streams (clips joined with discontinuities): no film to measure an ad against', () => {
  const clip = (name: string, seconds: number, seg = 2) =>
    Array.from({ length: Math.round(seconds / seg) }, (_, i) => `#EXTINF:${seg}.0,\n${name}${String(i).padStart(5, '0')}.ts`).join('\n');
  const joined = (...parts: string[]) => `#EXTM3U\n#EXT-X-TARGETDURATION:3\n${parts.join('\n#EXT-X-DISCONTINUITY\n')}\n#EXT-X-ENDLIST`;

  it('keeps two selfie clips joined by an app (google/ExoPlayer#7432, the playlist as posted)', () => {
    const text = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:2
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-MAP:URI="1080-video-init.mp4"
#EXTINF:2.033333,
1080-native-ios-selfie-video-0.m4s
#EXTINF:1.133333,
1080-native-ios-selfie-video-1.m4s
#EXT-X-DISCONTINUITY:
#EXTINF:3.000000,
1081-web-android-selfie-video-0.m4s
#EXTINF:0.066667,
1081-web-android-selfie-video-1.m4s
#EXT-X-ENDLIST`;
    expect(cleanPlaylist(text, URL_).adSegments).toEqual([]);
  });

  it('keeps two, or three, clips of a compilation, in one directory or in several', () => {
    expect(cleanPlaylist(joined(clip('wyattearp_1_segment', 30), clip('wyattearp_2_segment', 30)), URL_).adSegments).toEqual([]);
    expect(cleanPlaylist(joined(clip('clip1_', 60), clip('clip2_', 20), clip('clip3_', 60)), URL_).adSegments).toEqual([]);
    expect(cleanPlaylist(joined(clip('a/seg', 60), clip('b/seg', 20), clip('c/seg', 60)), URL_).adSegments).toEqual([]);
  });
});

describe('a URI line without #EXTINF', () => {
  it('is not a segment; it is reported with its line, never dropped silently', () => {
    const r = cleanPlaylist('#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\na.ts\nstray.ts\n#EXTINF:10,\nb.ts\n', URL_);
    expect(r.segmentCount).toBe(2);
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'URI_WITHOUT_EXTINF', line: 5 }));
    expect(r.warnings.find((w) => w.code === 'URI_WITHOUT_EXTINF')?.message).toContain('stray.ts');
  });
});
