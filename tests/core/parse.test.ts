import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePlaylist } from '../../workers/core/parse';
import { decimal } from '../../workers/core/numbers';
import type { MasterPlaylist, MediaPlaylist } from '../../workers/core/types';

const BASE = 'https://cdn.example.com/vod/2024/abc/index.m3u8?token=1';

function media(text: string, url = BASE): MediaPlaylist {
  const r = parsePlaylist(text, url);
  if (!r.ok) throw new Error(`unexpected error ${r.error.code}`);
  if (r.playlist.kind !== 'media') throw new Error('not media');
  return r.playlist;
}

describe('parsePlaylist: media playlists', () => {
  it('reads durations, titles, header tags and ENDLIST', () => {
    const p = media(`#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:6
#EXT-X-MEDIA-SEQUENCE:7
#EXT-X-PLAYLIST-TYPE:VOD
#EXTINF:5.005,first
a.ts
#EXTINF:4,
b.ts
#EXT-X-ENDLIST
`);
    expect(p.segments.map((s) => [s.index, s.duration, s.title, s.start])).toEqual([
      [0, 5.005, 'first', 0],
      [1, 4, '', 5.005],
    ]);
    expect(p.targetDuration).toBe(6);
    expect(p.version).toBe(3);
    expect(p.mediaSequence).toBe(7);
    expect(p.endList).toBe(true);
    expect(p.totalDuration).toBeCloseTo(9.005);
    expect(p.header).toEqual(['#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:6', '#EXT-X-MEDIA-SEQUENCE:7', '#EXT-X-PLAYLIST-TYPE:VOD']);
  });

  it('tolerates a BOM, CRLF and blank lines', () => {
    const p = media('\uFEFF#EXTM3U\r\n\r\n#EXTINF:4,\r\n\r\nseg1.ts\r\n#EXTINF:4,\rseg2.ts\r\n#EXT-X-ENDLIST\r\n');
    expect(p.segments.map((s) => s.uri)).toEqual(['seg1.ts', 'seg2.ts']);
  });

  it('resolves relative, root-relative and absolute URIs and keeps query strings', () => {
    const p = media(`#EXTM3U
#EXTINF:4,
seg1.ts?sign=abc&t=2
#EXTINF:4,
/root/seg2.ts
#EXTINF:4,
https://other.example.net/x/seg3.ts?k=v
#EXTINF:4,
../up/seg4.ts
#EXTINF:4,
//proto.example.org/seg5.ts
`);
    expect(p.segments.map((s) => s.url)).toEqual([
      'https://cdn.example.com/vod/2024/abc/seg1.ts?sign=abc&t=2',
      'https://cdn.example.com/root/seg2.ts',
      'https://other.example.net/x/seg3.ts?k=v',
      'https://cdn.example.com/vod/2024/up/seg4.ts',
      'https://proto.example.org/seg5.ts',
    ]);
  });

  it('drops an #EXTINF without URI and reports it with its line', () => {
    const r = parsePlaylist(`#EXTM3U
#EXTINF:4,
a.ts
#EXTINF:6.12,
#EXT-X-DISCONTINUITY
#EXTINF:4,
b.ts
#EXTINF:3,
`, BASE);
    expect(r.ok).toBe(true);
    if (!r.ok || r.playlist.kind !== 'media') return;
    expect(r.playlist.segments.map((s) => s.uri)).toEqual(['a.ts', 'b.ts']);
    expect(r.playlist.segments[1].discontinuity).toBe(true);
    expect(r.playlist.segments[1].start).toBe(4);
    expect(r.warnings.filter((w) => w.code === 'MISSING_SEGMENT_URI').map((w) => w.line)).toEqual([4, 8]);
  });

  it('tracks #EXT-X-KEY state including METHOD=NONE, with absolute key URIs', () => {
    const p = media(`#EXTM3U
#EXT-X-KEY:METHOD=AES-128,URI="key.bin",IV=0x00000000000000000000000000000001
#EXTINF:4,
a.ts
#EXT-X-KEY:METHOD=NONE
#EXTINF:4,
ad.ts
#EXT-X-KEY:METHOD=AES-128,URI="/keys/k2.bin"
#EXTINF:4,
b.ts
`);
    expect(p.segments[0].keys).toEqual([{ method: 'AES-128', uri: 'https://cdn.example.com/vod/2024/abc/key.bin', iv: '0x00000000000000000000000000000001' }]);
    expect(p.segments[1].keys).toEqual([]);
    expect(p.segments[2].keys).toEqual([{ method: 'AES-128', uri: 'https://cdn.example.com/keys/k2.bin' }]);
  });

  it('tracks #EXT-X-MAP and fills in implicit byte-range offsets', () => {
    const p = media(`#EXTM3U
#EXT-X-VERSION:7
#EXT-X-MAP:URI="init.mp4",BYTERANGE="720@0"
#EXTINF:4,
#EXT-X-BYTERANGE:1000@720
main.mp4
#EXTINF:4,
#EXT-X-BYTERANGE:2000
main.mp4
#EXTINF:4,
#EXT-X-BYTERANGE:500
other.mp4
`);
    expect(p.segments[0].map).toEqual({ uri: 'https://cdn.example.com/vod/2024/abc/init.mp4', byteRange: '720@0' });
    expect(p.segments.map((s) => s.byteRange)).toEqual(['1000@720', '2000@1720', '500@0']);
  });

  it('marks CUE-OUT/IN ranges, with and without CUE-IN', () => {
    const p = media(`#EXTM3U
#EXTINF:10,
c1.ts
#EXT-X-CUE-OUT:DURATION=20
#EXTINF:10,
ad1.ts
#EXT-X-CUE-OUT-CONT:ElapsedTime=10,Duration=20
#EXTINF:10,
ad2.ts
#EXT-X-CUE-IN
#EXTINF:10,
c2.ts
#EXT-X-CUE-OUT:15
#EXTINF:7.5,
ad3.ts
#EXTINF:7.5,
ad4.ts
#EXTINF:10,
c3.ts
`);
    expect(p.segments.map((s) => s.markers.filter((m) => m !== 'cue-in').length > 0)).toEqual([false, true, true, false, true, true, false]);
  });

  it('maps SCTE-35 DATERANGE ads onto segments through PROGRAM-DATE-TIME and drops interstitial tags', () => {
    const p = media(`#EXTM3U
#EXT-X-PROGRAM-DATE-TIME:2024-01-01T00:00:00.000Z
#EXTINF:10,
c1.ts
#EXT-X-DATERANGE:ID="ad1",START-DATE="2024-01-01T00:00:10.000Z",DURATION=20,SCTE35-OUT=0xFC30
#EXTINF:10,
ad1.ts
#EXTINF:10,
ad2.ts
#EXT-X-DATERANGE:ID="i1",CLASS="com.apple.hls.interstitial",START-DATE="2024-01-01T00:00:30.000Z",X-ASSET-URI="https://ads.example/x.m3u8"
#EXT-X-DATERANGE:ID="chapter",START-DATE="2024-01-01T00:00:30.000Z",X-COM-EXAMPLE-CHAPTER="2"
#EXTINF:10,
c2.ts
`);
    expect(p.segments.map((s) => s.markers.includes('daterange-ad'))).toEqual([false, true, true, false]);
    expect(p.dateRanges.map((d) => [d.id, d.isAd])).toEqual([
      ['ad1', true],
      ['i1', true],
      ['chapter', false],
    ]);
    expect(p.segments[3].tags).toEqual(['#EXT-X-DATERANGE:ID="chapter",START-DATE="2024-01-01T00:00:30.000Z",X-COM-EXAMPLE-CHAPTER="2"']);
  });

  it('keeps unknown tags with the segment they precede, and playlist-level ones in the header', () => {
    const p = media(`#EXTM3U
#EXT-X-CUSTOM-HEADER:1
#EXTINF:4,
a.ts
#EXT-X-BITRATE:800
#EXTINF:4,
b.ts
#EXT-X-TRAILING-TAG
#EXT-X-ENDLIST
`);
    expect(p.header).toEqual(['#EXT-X-CUSTOM-HEADER:1']);
    expect(p.segments[1].tags).toEqual(['#EXT-X-BITRATE:800']);
    expect(p.trailer).toEqual(['#EXT-X-TRAILING-TAG']);
  });

  it('reports a bad duration and keeps going', () => {
    const r = parsePlaylist('#EXTM3U\n#EXTINF:abc,\na.ts\n#EXTINF:4,\nb.ts\n', BASE);
    expect(r.ok && r.warnings.some((w) => w.code === 'BAD_DURATION' && w.line === 2)).toBe(true);
  });
});

describe('parsePlaylist: errors are values', () => {
  it('empty text', () => {
    const r = parsePlaylist('  \n', BASE);
    expect(r).toMatchObject({ ok: false, error: { code: 'EMPTY_INPUT', retryable: false } });
  });
  it('non-string input', () => {
    expect(parsePlaylist(undefined, BASE)).toMatchObject({ ok: false, error: { code: 'EMPTY_INPUT' } });
  });
  it('an HTML error page', () => {
    expect(parsePlaylist('<html><body>403 Forbidden</body></html>', BASE)).toMatchObject({ ok: false, error: { code: 'MISSING_HEADER' } });
  });
  it('a playlist without segments', () => {
    expect(parsePlaylist('#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-ENDLIST\n', BASE)).toMatchObject({ ok: false, error: { code: 'NO_SEGMENTS' } });
  });
  it('a missing header with segments is parsed with a warning', () => {
    const r = parsePlaylist('#EXTINF:4,\na.ts\n', BASE);
    expect(r.ok).toBe(true);
    expect(r.warnings[0].code).toBe('MISSING_HEADER');
  });
  it('relative URIs without a usable base are skipped, not thrown', () => {
    const r = parsePlaylist('#EXTM3U\n#EXTINF:4,\na.ts\n#EXTINF:4,\nhttps://x.example/b.ts\n', 'not a url');
    expect(r.ok && r.playlist.kind === 'media' && r.playlist.segments.map((s) => s.url)).toEqual(['https://x.example/b.ts']);
    expect(r.warnings.some((w) => w.code === 'BAD_URI')).toBe(true);
  });
});

describe('parsePlaylist: master playlists', () => {
  it('lists variants with absolute URLs and attributes', () => {
    const r = parsePlaylist(`#EXTM3U
#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"
360p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=2800000,AVERAGE-BANDWIDTH=2500000,RESOLUTION=1280x720,FRAME-RATE=29.97
/hls/720p.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=5000000
`, BASE);
    expect(r.ok).toBe(true);
    const m = (r as { playlist: MasterPlaylist }).playlist;
    expect(m.kind).toBe('master');
    expect(m.variants).toEqual([
      { url: 'https://cdn.example.com/vod/2024/abc/360p/index.m3u8', bandwidth: 800000, width: 640, height: 360, codecs: 'avc1.4d401e,mp4a.40.2' },
      { url: 'https://cdn.example.com/hls/720p.m3u8', bandwidth: 2800000, averageBandwidth: 2500000, width: 1280, height: 720, frameRate: 29.97 },
    ]);
  });
  it('a master without variants is an error value', () => {
    expect(parsePlaylist('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n', BASE)).toMatchObject({ ok: false, error: { code: 'NO_VARIANTS' } });
  });
});

describe('parsePlaylist: properties', () => {
  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.string({ maxLength: 40 }), (text, url) => {
        const r = parsePlaylist(text, url);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });
  it('never throws on playlist-shaped noise', () => {
    const line = fc.oneof(
      fc.constantFrom('#EXTM3U', '#EXT-X-DISCONTINUITY', '#EXT-X-KEY:METHOD=NONE', '#EXT-X-KEY:METHOD=AES-128,URI="k"', '#EXT-X-MAP:URI="i.mp4"', '#EXT-X-CUE-OUT:30', '#EXT-X-CUE-IN', '#EXT-X-BYTERANGE:100', '#EXT-X-ENDLIST', ''),
      fc.string({ maxLength: 20 }).map((s) => `#EXTINF:${s}`),
      fc.string({ maxLength: 20 }).map((s) => `#EXT-X-DATERANGE:${s}`),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), (lines) => {
        const r = parsePlaylist(lines.join('\n'), BASE);
        if (r.ok && r.playlist.kind === 'media') {
          for (const s of r.playlist.segments) expect(Number.isFinite(s.duration) && s.duration >= 0).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('decimal', () => {
  it('reads EXTINF durations exactly as Number() would', () => {
    for (const t of ['4.28', '10', '0.233', '6.006', '5.533', '10.0099', '1.583333', '0', '7.', ' 4', '4.2.1', '-1', '1e3', '', 'abc', '12345678901234567.5']) {
      expect(Object.is(decimal(`#EXTINF:${t}`, 8, 8 + t.length), Number(t))).toBe(true);
    }
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.integer({ min: 0, max: 7 }), (n, places) => {
        const t = (n / 10 ** places).toFixed(places);
        expect(decimal(t, 0, t.length)).toBe(Number(t));
      }),
      { numRuns: 2000 },
    );
  });
});
