import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePlaylist } from '../../workers/core/parse';
import { buildCleanPlaylist, cleanPlaylist } from '../../workers/core/clean';
import { writeMediaPlaylist } from '../../workers/core/serialize';
import type { MediaPlaylist, Segment } from '../../workers/core/types';

const BASE = 'https://cdn.example.com/vod/abc/index.m3u8';

function media(text: string): MediaPlaylist {
  const r = parsePlaylist(text, BASE);
  if (!r.ok || r.playlist.kind !== 'media') throw new Error('bad fixture');
  return r.playlist;
}

const ENCRYPTED_WITH_CLEAR_AD = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:10
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-KEY:METHOD=AES-128,URI="key.key"
#EXTINF:10,
c0.ts
#EXTINF:10,
c1.ts
#EXT-X-DISCONTINUITY
#EXT-X-KEY:METHOD=NONE
#EXTINF:5,
https://ads.example.net/p/ad0.ts
#EXTINF:5,
https://ads.example.net/p/ad1.ts
#EXT-X-DISCONTINUITY
#EXT-X-KEY:METHOD=AES-128,URI="key.key"
#EXTINF:10,
c2.ts
#EXTINF:10,
c3.ts
#EXT-X-ENDLIST
`;

describe('buildCleanPlaylist', () => {
  it('removes the given segments, keeps header, KEY state, a discontinuity at the join and ENDLIST; renumbered segments keep their IV', () => {
    const p = media(ENCRYPTED_WITH_CLEAR_AD);
    const clean = buildCleanPlaylist(p, [2, 3]);
    expect(clean.removed).toEqual([2, 3]);
    expect(clean.text).toBe(`#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:10
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-KEY:METHOD=AES-128,URI="https://cdn.example.com/vod/abc/key.key"
#EXTINF:10,
https://cdn.example.com/vod/abc/c0.ts
#EXTINF:10,
https://cdn.example.com/vod/abc/c1.ts
#EXT-X-DISCONTINUITY
#EXT-X-KEY:METHOD=AES-128,URI="https://cdn.example.com/vod/abc/key.key",IV=0x00000000000000000000000000000004
#EXTINF:10,
https://cdn.example.com/vod/abc/c2.ts
#EXT-X-KEY:METHOD=AES-128,URI="https://cdn.example.com/vod/abc/key.key",IV=0x00000000000000000000000000000005
#EXTINF:10,
https://cdn.example.com/vod/abc/c3.ts
#EXT-X-ENDLIST
`);
  });

  it('states the key again when a pre-roll that held no key is removed', () => {
    const p = media(`#EXTM3U
#EXT-X-TARGETDURATION:10
#EXTINF:5,
https://ads.example.net/ad0.ts
#EXT-X-DISCONTINUITY
#EXT-X-KEY:METHOD=AES-128,URI="k1"
#EXTINF:10,
c0.ts
#EXT-X-KEY:METHOD=AES-128,URI="k2"
#EXTINF:10,
c1.ts
`);
    const text = buildCleanPlaylist(p, [0]).text;
    const reparsed = media(text);
    expect(reparsed.segments.map((s) => s.keys[0]?.uri)).toEqual(['https://cdn.example.com/vod/abc/k1', 'https://cdn.example.com/vod/abc/k2']);
    // The film's own discontinuity (after the pre-roll) stays, now leading: its discontinuity number is unchanged.
    expect(text.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(1);
    expect(text.indexOf('#EXT-X-DISCONTINUITY')).toBeLessThan(text.indexOf('#EXTINF'));
    expect(text).not.toContain('#EXT-X-ENDLIST');
  });

  it('switches back to METHOD=NONE when a clear content segment follows an encrypted one', () => {
    const p = media(`#EXTM3U
#EXT-X-KEY:METHOD=AES-128,URI="k1"
#EXTINF:10,
c0.ts
#EXT-X-KEY:METHOD=NONE
#EXTINF:10,
c1.ts
`);
    const reparsed = media(buildCleanPlaylist(p, []).text);
    expect(reparsed.segments.map((s) => s.keys[0]?.method ?? 'NONE')).toEqual(['AES-128', 'NONE']);
  });

  it('keeps the right init segment for fMP4 after removing an ad with its own MAP', () => {
    const p = media(`#EXTM3U
#EXT-X-VERSION:7
#EXT-X-MAP:URI="init.mp4"
#EXTINF:4,
c0.m4s
#EXT-X-DISCONTINUITY
#EXT-X-MAP:URI="https://ads.example.net/init-ad.mp4"
#EXTINF:4,
https://ads.example.net/ad0.m4s
#EXT-X-DISCONTINUITY
#EXT-X-MAP:URI="init.mp4"
#EXTINF:4,
c1.m4s
`);
    const text = buildCleanPlaylist(p, [1]).text;
    expect(text).not.toContain('init-ad.mp4');
    const reparsed = media(text);
    expect(reparsed.segments.map((s) => s.map?.uri)).toEqual(['https://cdn.example.com/vod/abc/init.mp4', 'https://cdn.example.com/vod/abc/init.mp4']);
    expect(reparsed.segments[1].discontinuity).toBe(true);
  });

  it('drops CUE markers of removed ads and keeps explicit byte ranges', () => {
    const p = media(`#EXTM3U
#EXTINF:4,
#EXT-X-BYTERANGE:100@0
c.ts
#EXT-X-CUE-OUT:8
#EXTINF:4,
ad0.ts
#EXTINF:4,
ad1.ts
#EXT-X-CUE-IN
#EXTINF:4,
#EXT-X-BYTERANGE:100
c.ts
`);
    const text = buildCleanPlaylist(p, [1, 2]).text;
    expect(text).not.toMatch(/CUE/);
    expect(text).toContain('#EXT-X-BYTERANGE:100@100');
  });

  it('discards the cleaning when ads were named but nothing would be removed (sanity rule)', () => {
    const p = media(ENCRYPTED_WITH_CLEAR_AD);
    const clean = buildCleanPlaylist(p, [99]);
    expect(clean.removed).toEqual([]);
    expect(media(clean.text).segments).toHaveLength(6);
    expect(buildCleanPlaylist(p, [2, 99]).removed).toEqual([2]);
    const none = buildCleanPlaylist(p, [0, 1, 2, 3, 4, 5]);
    expect(none.removed).toEqual([]);
    expect(media(none.text).segments).toHaveLength(6);
  });

  it('writes a VOD clip playlist with its own target duration', () => {
    const p = media(ENCRYPTED_WITH_CLEAR_AD);
    const text = writeMediaPlaylist(p, p.segments.slice(4, 6), { vod: true });
    expect(text).toContain('#EXT-X-TARGETDURATION:10');
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:4');
    expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(media(text).segments.map((s) => s.keys[0]?.method)).toEqual(['AES-128', 'AES-128']);
  });
});

describe('cleanPlaylist', () => {
  it('returns segmentCount, adSegments and the clean text', () => {
    const r = cleanPlaylist(ENCRYPTED_WITH_CLEAR_AD, BASE);
    expect(r.segmentCount).toBe(6);
    expect(r.adSegments).toEqual([2, 3]);
    expect(r.text).not.toContain('ads.example.net');
  });
  it('returns an error value for a master playlist or garbage', () => {
    expect(cleanPlaylist('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\na.m3u8\n', BASE).error?.code).toBe('NO_SEGMENTS');
    expect(cleanPlaylist('<html>', BASE)).toMatchObject({ segmentCount: 0, adSegments: [], text: '', error: { code: 'MISSING_HEADER' } });
  });
});

describe('clean playlist property', () => {
  const segment = fc.record({
    duration: fc.double({ min: 0.1, max: 12, noNaN: true }).map((d) => Math.round(d * 1000) / 1000),
    disc: fc.boolean(),
    key: fc.constantFrom('none', 'k1', 'k2', 'same'),
    map: fc.constantFrom('same', 'i1', 'i2'),
    host: fc.constantFrom('', 'https://ads.example.net/x/', '/root/'),
    range: fc.boolean(),
  });
  it('re-parses to exactly the kept segments, with the same URLs, durations, keys and maps', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 30 }), fc.array(fc.nat(40)), (segs, drops) => {
        const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-TARGETDURATION:12'];
        segs.forEach((s, i) => {
          if (s.disc && i > 0) lines.push('#EXT-X-DISCONTINUITY');
          if (s.key === 'none') lines.push('#EXT-X-KEY:METHOD=NONE');
          else if (s.key !== 'same') lines.push(`#EXT-X-KEY:METHOD=AES-128,URI="${s.key}.key",IV=0x${String(i).padStart(32, '0')}`);
          if (s.map !== 'same') lines.push(`#EXT-X-MAP:URI="${s.map}.mp4"`);
          lines.push(`#EXTINF:${s.duration},`);
          if (s.range) lines.push('#EXT-X-BYTERANGE:1000');
          lines.push(`${s.host}s${i}.ts`);
        });
        lines.push('#EXT-X-ENDLIST');
        const p = media(lines.join('\n'));
        const ads = [...new Set(drops)].filter((d) => d < p.segments.length).sort((a, b) => a - b);
        const clean = buildCleanPlaylist(p, ads);
        const re = media(clean.text);
        const kept = p.segments.filter((s) => !clean.removed.includes(s.index));
        // The IV a player uses: the explicit one, else the segment's media sequence number (RFC 8216 §5.2).
        const ivOf = (pl: MediaPlaylist, s: Segment) => (s.keys[0] === undefined ? undefined : BigInt(s.keys[0].iv ?? pl.mediaSequence + s.index));
        expect(re.segments.map((s) => [s.url, s.duration, s.keys[0]?.method ?? 'NONE', s.keys[0]?.uri, ivOf(re, s), s.map?.uri, s.byteRange])).toEqual(
          kept.map((s) => [s.url, s.duration, s.keys[0]?.method ?? 'NONE', s.keys[0]?.uri, ivOf(p, s), s.map?.uri, s.byteRange]),
        );
        expect(re.endList).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
