import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectAds } from '../../workers/core/ads/detect';
import { mergeIntervals } from '../../workers/core/ads/intervals';
import { nameShape } from '../../workers/core/ads/names';
import { siteOf } from '../../workers/core/ads/blocks';
import { parsePlaylist } from '../../workers/core/parse';
import type { MediaPlaylist } from '../../workers/core/types';

const BASE = 'https://v.cdn-example.com/20240501/AbC123/1000kb/hls/index.m3u8';

function media(text: string, url = BASE): MediaPlaylist {
  const r = parsePlaylist(text, url);
  if (!r.ok || r.playlist.kind !== 'media') throw new Error('bad fixture');
  return r.playlist;
}

/** Builds a playlist from blocks; each block is a list of [duration, uri] separated by discontinuities. */
function build(blocks: Array<Array<[number, string]>>, pre: string[] = []): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:10', ...pre];
  blocks.forEach((b, i) => {
    if (i > 0) lines.push('#EXT-X-DISCONTINUITY');
    for (const [d, u] of b) lines.push(`#EXTINF:${d},`, u);
  });
  lines.push('#EXT-X-ENDLIST');
  return lines.join('\n');
}

const seq = (from: number, count: number, name = (n: number) => `${String(n).padStart(4, '0')}.ts`, d = 4): Array<[number, string]> =>
  Array.from({ length: count }, (_, i) => [d, name(from + i)]);

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('detectAds', () => {
  it('removes a foreign-host pre-roll and keeps all content', () => {
    const ad: Array<[number, string]> = [
      [5, 'https://ads.example.net/p/a1.ts'],
      [5, 'https://ads.example.net/p/a2.ts'],
      [3.2, 'https://ads.example.net/p/a3.ts'],
    ];
    const d = detectAds(media(build([ad, seq(0, 300)])));
    expect(d.adSegments).toEqual([0, 1, 2]);
    expect(d.intervals).toEqual([{ start: 0, end: 13.2, index: 0 }]);
    expect(d.blocks[0].reasons).toContain('host-change');
  });

  it('keeps a short intro that continues the content numbering, whatever its length', () => {
    const d = detectAds(media(build([seq(0, 3, undefined, 3), seq(3, 200)])));
    expect(d.adSegments).toEqual([]);
    expect(d.blocks[0].reasons).toContain('continues-sequence');
  });

  it('keeps stitched content parts with legitimate discontinuities', () => {
    const part = (dir: string, n: number) => seq(0, n, (k) => `${dir}/seg${k}.ts`, 6);
    const d = detectAds(media(build([part('p1', 150), part('p2', 120), part('p3', 90)])));
    expect(d.adSegments).toEqual([]);
  });

  it('removes same-CDN hash-named ads inside sequentially named content', () => {
    const hash = (k: number) => `${(k * 2654435761).toString(16).padStart(8, '0')}e0ff9ad1c3b5a7f2d4c6e8a0b2c4d6e8.ts`;
    const ad: Array<[number, string]> = [
      [3, hash(1)],
      [3, hash(2)],
      [2.04, hash(3)],
    ];
    const d = detectAds(media(build([seq(0, 100), ad, seq(100, 100)])));
    expect(d.adSegments).toEqual([100, 101, 102]);
    expect(d.blocks[1].reasons).toContain('name-pattern');
  });

  it('removes clear ads spliced into an encrypted stream (METHOD=NONE), even when their names continue the numbering', () => {
    const text = `#EXTM3U
#EXT-X-TARGETDURATION:10
#EXT-X-KEY:METHOD=AES-128,URI="/keys/k1.key"
${seq(0, 50).map(([d, u]) => `#EXTINF:${d},\n${u}`).join('\n')}
#EXT-X-DISCONTINUITY
#EXT-X-KEY:METHOD=NONE
${seq(50, 4).map(([d, u]) => `#EXTINF:${d},\n${u}`).join('\n')}
#EXT-X-DISCONTINUITY
#EXT-X-KEY:METHOD=AES-128,URI="/keys/k1.key"
${seq(54, 50).map(([d, u]) => `#EXTINF:${d},\n${u}`).join('\n')}
#EXT-X-ENDLIST`;
    const d = detectAds(media(text));
    expect(d.adSegments).toEqual([50, 51, 52, 53]);
    expect(d.blocks[1].reasons).toContain('clear-in-encrypted');
  });

  it('removes CUE-OUT/CUE-IN ad breaks even without discontinuities', () => {
    const lines = ['#EXTM3U', '#EXT-X-TARGETDURATION:6'];
    for (let i = 0; i < 40; i++) {
      if (i === 20) lines.push('#EXT-X-CUE-OUT:DURATION=18');
      if (i === 23) lines.push('#EXT-X-CUE-IN');
      lines.push('#EXTINF:6,', i >= 20 && i < 23 ? `https://ssai.example.org/break/${i}.ts` : `c${i}.ts`);
    }
    const d = detectAds(media(lines.join('\n')));
    expect(d.adSegments).toEqual([20, 21, 22]);
    expect(d.blocks.find((b) => b.isAd)?.reasons).toContain('ad-marker');
  });

  it('finds repeated ad pods by their repeated URIs (orestonce shape) and keeps the gapped content', () => {
    const text = readFileSync(new URL('../fixtures/ads/real/orestonce_m3u8d_m3u8Sample3_adjump.m3u8', import.meta.url), 'utf8');
    const d = detectAds(media(text, 'https://example.com/20240421/abc/index.m3u8'));
    expect(d.adSegments).toEqual([...range(3, 8), ...range(12, 17), ...range(19, 24), ...range(26, 31)]);
  });

  it('finds duplicate-signature ad blocks around the content (KVideo shape)', () => {
    const text = readFileSync(new URL('../fixtures/ads/real/kvideo_duplicate_signature_synthetic.m3u8', import.meta.url), 'utf8');
    const d = detectAds(media(text, 'https://cdn.example.com/content/index.m3u8'));
    expect(d.adSegments).toEqual([0, 1, 2, 13, 14, 15]);
    expect(d.blocks[0].reasons).toContain('repeated-signature');
  });

  it('keeps the GoSuxin snippet whole: its 10 s "commercial" outweighs the 8.5 s of film around it, so nothing says which part is the film', () => {
    const url = 'https://vip17.jimxtc.com/2026-10-01/41491_YTojUj5qXO8reGCMct/3000k/hls/index.m3u8';
    const text = readFileSync(new URL('../fixtures/ads/real/gosuxin_erciyuan_reconstructed.m3u8', import.meta.url), 'utf8');
    expect(detectAds(media(text, url)).adSegments).toEqual([]);
    // The same splice in a whole episode (the film running on for minutes around it) is found.
    const lines = text.split('\n');
    const film = (from: number) => Array.from({ length: 60 }, (_, i) => `#EXTINF:4.0,\n${(from + i).toString(16).padStart(32, 'c')}.ts`).join('\n');
    const episode = [lines[0], lines[1], film(0), ...lines.slice(5, 13), film(100), '#EXT-X-ENDLIST'].join('\n');
    expect(detectAds(media(episode, url)).adSegments).toEqual([60, 61, 62]);
  });

  it('never removes the main content block, even from an ad-carrying source', () => {
    const d = detectAds(media(build([seq(0, 500)])), { playFrom: 'sym3u8' });
    expect(d.adSegments).toEqual([]);
    expect(d.blocks[0].reasons).toEqual(['main-content']);
  });

  it('an ad-carrying vod_play_from tips a weakly suspicious short block', () => {
    const name = (n: number) => `index${n}.ts`;
    const odd: Array<[number, string]> = [
      [4, 'index500.ts?sign=1'],
      [4, 'index501.ts?sign=1'],
    ];
    const text = build([seq(0, 100, name), odd, seq(600, 100, name)]);
    expect(detectAds(media(text)).adSegments).toEqual([]);
    expect(detectAds(media(text), { playFrom: 'yun3u8' }).adSegments).toEqual([100, 101]);
  });

  it('does not let a CUE-OUT that is never closed swallow the rest of the film', () => {
    const lines = ['#EXTM3U', '#EXT-X-TARGETDURATION:6'];
    for (let i = 0; i < 200; i++) {
      if (i === 20) lines.push('#EXT-X-CUE-OUT');
      lines.push('#EXTINF:6,', `c${i}.ts`);
    }
    expect(detectAds(media(lines.join('\n'))).adSegments).toEqual([]);
  });

  it('removes a short hash-named block cut unlike the regularly cut hash-named content', () => {
    const h = (k: number) => `${(k * 40503 + 977).toString(16).padStart(8, 'a')}3f1e9b7c2d4a6e8f0b1c3d5e7f9a2b4c.ts`;
    const content = (a: number, n: number): Array<[number, string]> => Array.from({ length: n }, (_, i) => [10, h(a + i)]);
    const ad: Array<[number, string]> = [
      [3.1, h(9001)],
      [2.9, h(9002)],
      [4.04, h(9003)],
    ];
    const d = detectAds(media(build([content(0, 60), ad, content(60, 60)])));
    expect(d.adSegments).toEqual([60, 61, 62]);
    expect(d.blocks[1].reasons).toContain('irregular-durations');
    // A film's own short tail part, cut like the rest, stays.
    const tail: Array<[number, string]> = [
      [10, h(9001)],
      [10, h(9002)],
      [4.2, h(9003)],
    ];
    expect(detectAds(media(build([content(0, 60), tail]))).adSegments).toEqual([]);
  });

  it('closes a DATERANGE ad through END-DATE', () => {
    const text = `#EXTM3U
#EXT-X-TARGETDURATION:10
#EXT-X-PROGRAM-DATE-TIME:2024-01-01T00:00:00.000Z
${Array.from({ length: 30 }, (_, i) => `#EXTINF:10,\nc${i}.ts`).join('\n')}
#EXT-X-DATERANGE:ID="b1",START-DATE="2024-01-01T00:05:00.000Z",END-DATE="2024-01-01T00:05:20.000Z",SCTE35-OUT=0xFC
#EXTINF:10,
c30.ts
#EXTINF:10,
c31.ts
#EXTINF:10,
c32.ts
#EXT-X-ENDLIST`;
    expect(detectAds(media(text)).adSegments).toEqual([30, 31]);
  });

  it('keeps the pieces of the playlist\'s own encode when a longer stitched part comes from elsewhere', () => {
    const own = (a: number, n: number) => seq(a, n, (k) => `index${k}.ts`, 4);
    const ad = (tag: string): Array<[number, string]> => [
      [5, `https://ads.example.net/${tag}/a.ts`],
      [5, `https://ads.example.net/${tag}/b.ts`],
    ];
    const other = seq(0, 300, (k) => `https://other.example.org/part2/index${k}.ts`, 4);
    const d = detectAds(media(build([own(0, 20), ad('x'), own(22, 20), ad('y'), own(44, 20), other])));
    expect(d.adSegments).toEqual([20, 21, 42, 43]);
    // Vouched for as film: by their numbering running on across the ads, or as pieces of one encode.
    const vouched = d.blocks.filter((b) => b.reasons.includes('own-encode-pieces') || b.reasons.includes('continues-sequence'));
    expect(vouched.map((b) => b.first)).toEqual([0, 22, 44]);
  });

  it('lets a CUE-IN close a break a little after its rounded DURATION', () => {
    const lines = ['#EXTM3U', '#EXT-X-TARGETDURATION:6'];
    for (let i = 0; i < 30; i++) lines.push('#EXTINF:6,', `c${i}.ts`);
    // The break's segments even carry on the content's numbering: only the markers say "ad".
    lines.push('#EXT-X-CUE-OUT:DURATION=8', '#EXTINF:4,', 'c30.ts', '#EXTINF:4,', 'c31.ts', '#EXTINF:0.4,', 'c32.ts', '#EXT-X-CUE-IN');
    for (let i = 33; i < 60; i++) lines.push('#EXTINF:6,', `c${i}.ts`);
    expect(detectAds(media(lines.join('\n'))).adSegments).toEqual([30, 31, 32]);
  });

  // Hash-named content (lz/jimxtc): nothing in a name vouches for a block, so a
  // pod is told by interrupting the film: film of the same encode right before
  // and after it, and no longer than an ad break.
  const hx = (k: number, salt = 'c0ffee'): string => `${salt}${(k * 2654435761 + 97).toString(16).padStart(10, '0')}${'9ab3e1d7f5c2'.repeat(2)}`.slice(0, 32) + '.ts';
  const irregularHash = (a: number, n: number, salt?: string): Array<[number, string]> =>
    Array.from({ length: n }, (_, i) => [[4.2, 5.04, 3.88, 6.16, 5.2][(a + i) % 5], hx(a + i, salt)]);

  it('removes hash-named pods, up to a minute long, that interrupt hash-named content in the same directory', () => {
    const pod = irregularHash(0, 10, 'ad0001'); // ~49 s
    const d = detectAds(media(build([irregularHash(0, 60), pod, irregularHash(60, 60)])));
    expect(d.adSegments).toEqual(range(60, 69));
    expect(d.blocks[1].reasons).toContain('lone-splice');
    // A pre-roll sits at the playlist's edge, before the film.
    const pre = detectAds(media(build([irregularHash(0, 3, 'ad0002'), irregularHash(0, 80)])));
    expect(pre.adSegments).toEqual([0, 1, 2]);
  });

  it('keeps hash-named content blocks that sit between ads, and blocks longer than an ad break', () => {
    const foreign = (t: string): Array<[number, string]> => [
      [5, `https://ads.example.net/${t}/1.ts`],
      [5, `https://ads.example.net/${t}/2.ts`],
    ];
    // Film, ad, a short film piece (between two ads), ad, film.
    const d = detectAds(media(build([irregularHash(0, 60), foreign('a'), irregularHash(60, 8), foreign('b'), irregularHash(68, 60)])));
    expect(d.adSegments).toEqual([60, 61, 70, 71]);
    // A 2-minute block between two film blocks is no pod.
    expect(detectAds(media(build([irregularHash(0, 60), irregularHash(60, 25, 'bee202'), irregularHash(85, 60)]))).adSegments).toEqual([]);
  });

  it('removes pods stored in another directory of the same host, up to a minute and a quarter', () => {
    const content = (a: number, n: number) => seq(a, n, (k) => `index${k}.ts`, 6);
    const pod = seq(0, 8, (k) => `/guanggao/54593/${k}.ts`, 6); // 48 s, cut like the film
    const d = detectAds(media(build([content(0, 100), pod, content(100, 100)])));
    expect(d.adSegments).toEqual(range(100, 107));
    expect(d.blocks[1].reasons).toEqual(expect.arrayContaining(['dir-change', 'ad-path']));
    const sibling = seq(0, 9, (k) => `/20240101/77777_0a1b2c3d/hls/index${k}.ts`, 5); // 45 s, an ad encode numbered from 0
    expect(detectAds(media(build([content(0, 100), sibling, content(100, 100)]))).adSegments).toEqual(range(100, 108));
  });

  it('keeps a recap cut from deep inside another encode, and a stitched short part of a minute and a half', () => {
    const content = (a: number, n: number) => seq(a, n, (k) => `index${k}.ts`, 6);
    const recap = seq(665, 10, (k) => `/20240110/85174_8c5267f9/1000k/hls/index${k}.ts`, 6); // 60 s from another episode
    expect(detectAds(media(build([recap, content(0, 200)]))).adSegments).toEqual([]);
    const part = seq(0, 18, (k) => `/20240110/99999_aaaa0000/cd2/seg${k}.ts`, 5); // 90 s in its own directory
    expect(detectAds(media(build([content(0, 100), part, content(100, 100)]))).adSegments).toEqual([]);
  });

  it('keeps the pieces of a stitched part that ads chopped into short blocks', () => {
    const film = (a: number, n: number) => irregularHash(a, n);
    const part2 = (a: number, n: number): Array<[number, string]> => irregularHash(a, n, 'bee202').map(([d, u]) => [d, `/vod/part2/${u}`]);
    const ad = (t: string): Array<[number, string]> => [[7, `https://ads.example.net/${t}/1.ts`]];
    const d = detectAds(media(build([film(0, 80), part2(0, 14), ad('a'), part2(14, 14), ad('b'), part2(28, 14), ad('c'), part2(42, 14)])));
    expect(d.adSegments).toEqual([94, 109, 124]);
  });

  it('splits and removes a pod spliced in without any tag by its other file-name prefix (ffzy)', () => {
    const ffzy = (p: string) => (k: number) => `${p}${String(k).padStart(6, '0')}.ts`;
    const content = (a: number, n: number) => seq(a, n, ffzy('f807e36e3a6'), 4);
    const pod = seq(0, 9, ffzy('c8cf0e3ee4c'), 4); // 36 s, cut like the film, numbered from 0
    const text = build([[...content(0, 110), ...pod, ...content(110, 60)]]);
    const d = detectAds(media(text));
    expect(d.adSegments).toEqual(range(110, 118));
    expect(d.blocks[1].reasons).toEqual(expect.arrayContaining(['name-pattern', 'numbering-runs-across']));
  });

  it('keeps hash-named film that its provider tags with a discontinuity every few segments, and still finds the pods by their names', () => {
    // Film: md5 names, a discontinuity before every 1-4 segments. Pods: 20-hex names and another directory.
    const lines = ['#EXTM3U', '#EXT-X-TARGETDURATION:7'];
    const pod = (names: string[]) => {
      lines.push('#EXT-X-DISCONTINUITY');
      for (const u of names) lines.push('#EXTINF:5,', u);
      lines.push('#EXT-X-DISCONTINUITY');
    };
    pod(['0a1b2c3d4e5f60718293.ts', '1a1b2c3d4e5f60718293.ts', '2a1b2c3d4e5f60718293.ts']); // pre-roll 0-2
    let k = 0;
    for (let run = 0; run < 60; run++) {
      if (run > 0) lines.push('#EXT-X-DISCONTINUITY');
      for (let j = 0; j <= run % 4; j++) lines.push(`#EXTINF:${[4.2, 5.04, 3.88, 6.16][(k + j) % 4]},`, hx(k + j));
      k += (run % 4) + 1;
      if (run === 30) pod(['/ads/9f8e7d/0.ts', '/ads/9f8e7d/1.ts']);
    }
    const d = detectAds(media(lines.join('\n')));
    const midPod = 3 + Array.from({ length: 31 }, (_, r) => (r % 4) + 1).reduce((a, b) => a + b, 0);
    expect(d.adSegments).toEqual([0, 1, 2, midPod, midPod + 1]);
  });

  it('follows the film across CDN shards and finds an untagged pod among them', () => {
    const shard = (k: number) => `https://c${(k % 4) + 1}.hlsedge.net/20211122/30409_f79c9ec9/2000k/hls/f2b83dc41f4${String(k).padStart(6, '0')}.ts`;
    const film = (a: number, n: number) => seq(a, n, shard, 6);
    const pod: Array<[number, string]> = [0, 1, 2].map((i) => [5, `https://ad.hjcdn-ad.net/video/20250405/afbe60e2/segment-${i}.ts`]);
    const d = detectAds(media(build([[...film(0, 120), ...pod, ...film(120, 100)]])));
    expect(d.adSegments).toEqual([120, 121, 122]);
  });

  it('does not cut a pod or the film where a counter rolls over (index9 -> index10)', () => {
    const pod = seq(5, 8, (i) => `https://ads.vmedia-ad.cc/ad/20230521/6569c303/ads-${i}.ts`, 5); // ads-5 .. ads-12
    const d = detectAds(media(build([pod, seq(0, 150, (i) => `index${i}.ts`, 10)])));
    expect(d.adSegments).toEqual(range(0, 7));
    expect(d.blocks).toHaveLength(2);
  });

  it('removes the whole splice between two discontinuities when one of its creatives is found', () => {
    const ffzy = (p: string) => (k: number) => `${p}${String(k).padStart(6, '0')}.ts`;
    const part = (p: string, a: number, n: number) => seq(a, n, ffzy(p), 4);
    // Two film parts with their own prefixes; the pod: 3 segments of one creative then 1 of another.
    const pod = [...part('b300cfe607d', 0, 3), ...part('187c758d810', 0, 1)];
    const d = detectAds(media(build([part('d3e9aa3f97f', 0, 100), pod, part('8f477ac0f2e', 0, 100)])));
    expect(d.adSegments).toEqual([100, 101, 102, 103]);
    expect(d.blocks.find((b) => b.first === 103)?.reasons).toContain('same-splice-as-ad');
  });

  it('keeps a studio bumper whose counter is not the last number in the name (seg-N-v1-a1), on sharded hosts', () => {
    const shard = (k: number) => `https://e${(k % 4) + 1}.ironbarkcdn.net/content/2022/02/the-deep-end_10451/hls_3000k/seg-${k}-v1-a1.ts`;
    const d = detectAds(media(build([seq(1, 2, shard, 10), seq(3, 300, shard, 10)])));
    expect(d.adSegments).toEqual([]);
    expect(d.blocks[0].reasons).toContain('continues-sequence');
  });

  it('removes a pod in the film\'s own directory whose own counter starts deep, but keeps a deep cut from another directory', () => {
    const film = (a: number, n: number) => seq(a, n, (k) => `dc42fddaa68${String(k).padStart(4, '0')}.ts`, 3);
    const pod = seq(2011, 7, (k) => `db3546cef4b${String(k).padStart(6, '0')}.ts`, 5);
    expect(detectAds(media(build([film(0, 300), pod, film(300, 300)]))).adSegments).toEqual(range(300, 306));
  });

  it('treats random short names as hash-like and keeps the film after a late mid-roll', () => {
    const token = (k: number) => {
      const abc = 'aBcDeFgHiJkLmNoPqRsTuVwXyZ';
      let x = k * 2654435761;
      let out = 'q';
      for (let i = 0; i < 7; i++) {
        out += abc[x % 26];
        x = Math.floor(x / 7) + 13;
      }
      return `${out}.ts`;
    };
    const film = (a: number, n: number): Array<[number, string]> => Array.from({ length: n }, (_, i) => [[3.003, 4.004, 2.002, 3.503][(a + i) % 4], token(a + i)]);
    const pod: Array<[number, string]> = [0, 1, 2].map((i) => [4, `p00${i}.ts`]);
    const d = detectAds(media(build([film(0, 90), pod, film(90, 11)])));
    expect(d.adSegments).toEqual([90, 91, 92]);
  });

  it('removes every creative of an untagged break made of several creatives', () => {
    const name = (k: number) => `seg-${k}-v1-a1.ts`;
    const md5 = (k: number) => `${(k * 2654435761 + 0xabcdef).toString(16).padStart(12, 'a')}9f8e7d6c5b4a39281706f5e4`.slice(0, 32) + '.ts';
    const uuid = (k: number) => `7b7caf56-be9e-4e52-990b-d718f278ef${String(k).padStart(2, '0')}.ts`;
    const pre: Array<[number, string]> = [...[0, 1, 2, 3, 4].map((k): [number, string] => [9, md5(k)]), ...[0, 1].map((k): [number, string] => [3, uuid(k)])];
    const d = detectAds(media(build([[...pre, ...seq(1, 500, name, 10)]])));
    expect(d.adSegments).toEqual(range(0, 6));
  });

  it('reports a confidence per block and overall', () => {
    const d = detectAds(media(build([seq(0, 100), [[5, 'https://ads.example.net/a.ts']], seq(100, 100)])));
    expect(d.blocks.map((b) => b.isAd)).toEqual([false, true, false]);
    for (const b of d.blocks) expect(b.confidence).toBeGreaterThanOrEqual(0.5);
    expect(d.confidence).toBeGreaterThan(0);
  });
});

describe('mergeIntervals', () => {
  it('merges intervals closer than 2 s and keeps the first index', () => {
    expect(
      mergeIntervals(
        [
          { start: 30, end: 40, index: 9 },
          { start: 0, end: 10, index: 0 },
          { start: 11.5, end: 20, index: 3 },
          { start: 22, end: 25, index: 6 },
        ],
        2,
      ),
    ).toEqual([
      { start: 0, end: 20, index: 0 },
      { start: 22, end: 25, index: 6 },
      { start: 30, end: 40, index: 9 },
    ]);
  });
});

describe('nameShape', () => {
  it('abstracts numbers, hashes and timestamps', () => {
    expect(nameShape('0000165.ts')).toEqual({ template: '#.ts', prefix: '', seq: 165, hashed: false });
    expect(nameShape('17137143014620000000.ts')).toMatchObject({ template: 'T.ts', hashed: false });
    expect(nameShape('7c436f334ff26d299734962fc8c5a8ca.ts')).toEqual({ template: 'HEX32.ts', prefix: '7c436f334ff26d299734962fc8c5a8ca', seq: null, hashed: true });
    expect(nameShape('23b8cf546aa000055.ts')).toMatchObject({ template: 'HEX17.ts', prefix: '23b8cf546aa', seq: 55, hashed: true });
    expect(nameShape('seg-1-9.ts')).toEqual({ template: 'seg-#-#.ts', prefix: 'seg-1-', seq: 9, hashed: false });
  });
});

describe('nameShape counters and tokens', () => {
  it('takes the counter that stands alone, not a rendition number glued to a letter', () => {
    expect(nameShape('seg-12-v1-a1.ts')).toMatchObject({ template: 'seg-#-v#-a#.ts', prefix: 'seg-', seq: 12, hashed: false });
    expect(nameShape('index_1_27.ts')).toMatchObject({ prefix: 'index_1_', seq: 27 });
    expect(nameShape('hls_1080p_00012.ts')).toMatchObject({ prefix: 'hls_1080p_', seq: 12 });
    expect(nameShape('fileSequence7.ts')).toMatchObject({ template: 'fileSequence#.ts', seq: 7, hashed: false });
  });

  it('calls UUIDs and random mixed-case tokens hash-like, camelCase words not', () => {
    expect(nameShape('7b7caf56-be9e-4e52-990b-d718f278efd5.ts')).toMatchObject({ template: 'HEX36.ts', hashed: true });
    expect(nameShape('gYrhtLeH.ts')).toMatchObject({ template: 'HEX8.ts', hashed: true });
    expect(nameShape('myVideoFile7.ts')).toMatchObject({ template: 'myVideoFile#.ts', seq: 7, hashed: false });
  });
});

describe('siteOf', () => {
  it('groups the shards of one CDN and keeps other sites apart', () => {
    expect(siteOf('c1.hlsedge.net')).toBe('hlsedge.net');
    expect(siteOf('edge4.meridiancdn.net')).toBe('meridiancdn.net');
    expect(siteOf('v.example.com.cn')).toBe('example.com.cn');
    expect(siteOf('127.0.0.1:8080')).toBe('127.0.0.1:8080');
    expect(siteOf('example.com')).toBe('example.com');
  });
});
