// Media signatures (issue 19) on real bytes that the bundled ffmpeg makes in
// beforeAll: TS (H.264 and HEVC, two encodes of different shape, with and without
// the x264 SEI), fMP4 init + media, truncated, shifted and hostile input.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareSignatures, ptsContinuity, readMediaSignature, signatureConfig, type MediaSignature } from '../../workers/core/media-signature';
import type { SignatureResult } from '../../workers/core/media-signature/types';

let dir = '';
const file = (name: string) => new Uint8Array(readFileSync(join(dir, name)));
const head = (name: string, n: number = signatureConfig.probeBytes) => file(name).subarray(0, n);

/** Two 1 s segments named <name>0.<ext>, <name>1.<ext>. */
function encode(name: string, video: string, audio: string, codec: string[], fmp4 = false): void {
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=${video}`, '-f', 'lavfi', '-i', `sine=${audio}`, '-t', '2', '-pix_fmt', 'yuv420p', ...codec, '-c:a', 'aac', '-b:a', '32k'];
  const hls = ['-f', 'hls', '-hls_time', '1', '-hls_list_size', '0', '-hls_segment_filename', join(dir, `${name}%d.${fmp4 ? 'm4s' : 'ts'}`)];
  const mp4 = fmp4 ? ['-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', `${name}-init.mp4`] : [];
  execFileSync(ffmpeg.path, [...args, ...hls, ...mp4, join(dir, `${name}.m3u8`)], { stdio: 'pipe' });
}

function sig(r: SignatureResult): MediaSignature {
  if ('error' in r) throw new Error(`expected a signature, got ${r.error.code}`);
  return r;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'media-signature-'));
  // ultrafast leaves CABAC off, so x264 signals constrained baseline whatever the profile asked; veryfast keeps main
  const x264 = (profile: string, fps: number) => ['-c:v', 'libx264', '-profile:v', profile, '-preset', profile === 'main' ? 'veryfast' : 'ultrafast', '-g', String(fps), '-b:v', '150k'];
  encode('film', 'size=426x240:rate=25', 'frequency=440:sample_rate=22050', [...x264('baseline', 25), '-ac', '1', '-ar', '22050']);
  encode('ad', 'size=320x180:rate=30', 'frequency=880:sample_rate=44100', [...x264('main', 30), '-ac', '2', '-ar', '44100']);
  // the same encode with its SEI NAL units dropped: a stream whose encoder left no string
  encode('nosei', 'size=426x240:rate=25', 'frequency=440:sample_rate=22050', [...x264('baseline', 25), '-bsf:v', 'filter_units=remove_types=6', '-ac', '1', '-ar', '22050']);
  encode('hevc', 'size=320x180:rate=30', 'sample_rate=44100', ['-c:v', 'libx265', '-x265-params', 'log-level=error:keyint=30', '-ac', '2']);
  encode('frag', 'size=320x180:rate=30', 'sample_rate=44100', ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-ac', '2'], true);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('MPEG-TS signature from the first 16 kB', () => {
  it('reads PIDs, SPS, x264 SEI and video PTS of a 240p baseline stream', () => {
    const s = sig(readMediaSignature({ bytes: head('film0.ts') }));
    expect(s.container).toBe('ts');
    expect(s.pids).toEqual({ pmt: 4096, video: 256, audio: 257, streams: '256:1b,257:f' });
    // 426 is not a multiple of 16: the width comes from the SPS crop
    expect(s.video).toEqual({ codec: 'avc', profile: 66, level: expect.any(Number), width: 426, height: 240, fps: 25 });
    expect(s.encoder).toMatch(/^x264 - core \d+/);
    expect(s.encoderOptions).toContain('bitrate=150');
    expect(s.encoderOptions).not.toMatch(/\bthreads=/); // machine-dependent options dropped
    expect(s.firstPts?.video).toBeCloseTo(1.4, 1); // ffmpeg's default 1.4 s muxing offset
  });

  it('takes the ADTS header from a tail Range when the head holds no audio PES', () => {
    const bytes = file('film0.ts');
    const short = sig(readMediaSignature({ bytes: bytes.subarray(0, 2048) }));
    expect(short.missing).toContain('audio-pes');
    expect(short.audio).toEqual({ codec: 'aac' });
    const withTail = sig(readMediaSignature({ bytes: bytes.subarray(0, 2048), tail: bytes.subarray(bytes.length - signatureConfig.tailProbeBytes) }));
    expect(withTail.audio).toEqual({ codec: 'aac', objectType: 2, sampleRate: 22050, channels: 1 });
    expect(withTail.firstPts?.audio).toBeUndefined(); // the tail's PES is not the first one
    const whole = sig(readMediaSignature({ bytes }));
    expect(whole.audio).toEqual({ codec: 'aac', objectType: 2, sampleRate: 22050, channels: 1 });
    expect(whole.firstPts?.audio).toBeCloseTo(whole.firstPts?.video ?? 0, 0);
  });

  it('tells another encode apart field by field', () => {
    const film = sig(readMediaSignature({ bytes: file('film0.ts') }));
    const ad = sig(readMediaSignature({ bytes: file('ad0.ts') }));
    expect(ad.video).toMatchObject({ codec: 'avc', profile: 77, width: 320, height: 180, fps: 30 });
    expect(ad.audio).toEqual({ codec: 'aac', objectType: 2, sampleRate: 44100, channels: 2 });
    const fields = compareSignatures(film, ad).map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['resolution', 'profile', 'fps', 'sample-rate', 'channels', 'encoder-options']));
    expect(fields).not.toContain('pid-layout');
    expect(compareSignatures(film, sig(readMediaSignature({ bytes: file('film1.ts') })))).toEqual([]);
  });

  it('has no encoder where the stream carries no SEI, and absence is not a difference', () => {
    const film = sig(readMediaSignature({ bytes: head('film0.ts') }));
    const bare = sig(readMediaSignature({ bytes: head('nosei0.ts') }));
    expect(bare.encoder).toBeUndefined();
    expect(bare.video).toEqual(film.video);
    expect(compareSignatures(film, bare)).toEqual([]);
    // x264 writes its string into the encode's first access unit only
    expect(sig(readMediaSignature({ bytes: head('film1.ts') })).encoder).toBeUndefined();
  });

  it('reads an HEVC stream (stream type 0x24) with its x265 string', () => {
    const s = sig(readMediaSignature({ bytes: head('hevc0.ts') }));
    expect(s.pids?.streams).toBe('256:24,257:f');
    expect(s.video).toEqual({ codec: 'hevc', profile: 1, level: expect.any(Number), width: 320, height: 180 });
    expect(s.encoder).toMatch(/^x265 /);
    expect(compareSignatures(s, sig(readMediaSignature({ bytes: head('film0.ts') }))).map((d) => d.field)).toContain('video-codec');
  });
});

describe('fMP4 signature', () => {
  it('reads tracks from the init segment and tfdt from a media segment', () => {
    const init = file('frag-init.mp4');
    const s0 = sig(readMediaSignature({ bytes: head('frag0.m4s'), init }));
    expect(s0).toMatchObject({ container: 'fmp4', tracks: '1:vide,2:soun', missing: [] });
    expect(s0.video).toMatchObject({ codec: 'avc', width: 320, height: 180, fps: 30 });
    expect(s0.audio).toEqual({ codec: 'aac', objectType: 2, sampleRate: 44100, channels: 2 });
    expect(s0.encoder).toMatch(/^x264 /); // from the first sample in mdat
    const s1 = sig(readMediaSignature({ bytes: head('frag1.m4s'), init }));
    expect(s1.firstPts?.video).toBeCloseTo(1, 3);
    expect(s1.firstPts?.audio).toBeCloseTo(1, 1);
    expect(ptsContinuity(s0.firstPts?.video ?? Number.NaN, 1, s1.firstPts?.video ?? Number.NaN).continuous).toBe(true);
  });

  it('without the init segment, a media segment says only that it is fMP4', () => {
    const s = sig(readMediaSignature({ bytes: head('frag1.m4s') }));
    expect(s.container).toBe('fmp4');
    expect(s.missing).toEqual(['init', 'tfdt']);
    expect(s.video).toBeUndefined();
  });
});

describe('truncated, shifted and hostile bytes', () => {
  const defined = (o: object | undefined) => Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined));

  it('a truncated range gives a partial signature that never contradicts the whole', () => {
    for (const name of ['film0.ts', 'hevc0.ts']) {
      const whole = sig(readMediaSignature({ bytes: file(name) }));
      for (const n of [0, 1, 187, 188, 189, 376, 564, 600, 752, 1000, 1500, 3000, 6000, 12000]) {
        const r = readMediaSignature({ bytes: file(name).subarray(0, n) });
        if ('error' in r) {
          expect(n).toBeLessThan(376); // too short to see two packets
          continue;
        }
        expect(whole.video).toMatchObject(defined(r.video));
        expect(whole.pids ?? {}).toMatchObject(r.pids ?? {});
        if (r.firstPts?.video !== undefined) expect(r.firstPts.video).toBe(whole.firstPts?.video);
      }
    }
    const init = file('frag-init.mp4');
    const whole = sig(readMediaSignature({ bytes: head('frag0.m4s'), init }));
    for (let n = 0; n < init.length; n += 97) {
      const r = readMediaSignature({ bytes: head('frag0.m4s', 300), init: init.subarray(0, n) });
      if ('error' in r) continue;
      expect(whole.video).toMatchObject(defined(r.video));
      expect(whole.audio).toMatchObject(defined(r.audio));
    }
  });

  it('finds the packet grid in a range that starts mid-packet or after junk', () => {
    const bytes = file('film0.ts');
    const whole = sig(readMediaSignature({ bytes }));
    const junk = new Uint8Array(57 + bytes.length);
    junk.fill(0x47, 0, 57);
    junk.set(bytes, 57);
    expect(sig(readMediaSignature({ bytes: junk }))).toEqual(whole);
    // mid-packet inside the SDT packet: PAT and PMT follow whole
    expect(sig(readMediaSignature({ bytes: bytes.subarray(100) }))).toEqual(whole);
    // mid-packet inside the PAT: the PMT can no longer be found unless the muxer repeats the PAT
    const cut = sig(readMediaSignature({ bytes: bytes.subarray(200) }));
    if (cut.pids) expect(cut.pids).toEqual(whole.pids);
    else expect(cut.missing).toEqual(['pmt']);
  });

  it('never throws on garbage', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256;
    const cases: Uint8Array[] = [new Uint8Array(0), new Uint8Array(5000), new Uint8Array(5000).fill(0x47), Uint8Array.from({ length: 20000 }, rand)];
    // TS packets with random payloads, and MP4 boxes with lying sizes
    cases.push(Uint8Array.from({ length: 188 * 40 }, (_, i) => (i % 188 === 0 ? 0x47 : rand())));
    cases.push(Uint8Array.from([0, 0, 0, 1, 0x66, 0x74, 0x79, 0x70, 0xff, 0xff, 0xff, 0xff, 0x6d, 0x6f, 0x6f, 0x76, ...Array.from({ length: 500 }, rand)]));
    for (const bytes of cases) {
      const r = readMediaSignature({ bytes, init: bytes.length > 100 ? bytes : undefined });
      if ('error' in r) expect(r.error.retryable).toBe(false);
      else expect(Array.isArray(r.missing)).toBe(true);
    }
    expect(readMediaSignature({ bytes: new Uint8Array(0) })).toEqual({ error: expect.objectContaining({ code: 'empty', retryable: false }) });
    expect(readMediaSignature({ bytes: new Uint8Array(5000) })).toEqual({ error: expect.objectContaining({ code: 'unknown-container' }) });
  });
});

describe('PTS continuity', () => {
  it('follows the timeline across segments of one encode and not into an ad', () => {
    const film0 = sig(readMediaSignature({ bytes: head('film0.ts') })).firstPts?.video ?? Number.NaN;
    const film1 = sig(readMediaSignature({ bytes: head('film1.ts') })).firstPts?.video ?? Number.NaN;
    const ad0 = sig(readMediaSignature({ bytes: head('ad0.ts') })).firstPts?.video ?? Number.NaN;
    expect(ptsContinuity(film0, 1, film1)).toEqual({ continuous: true, gapSeconds: expect.closeTo(0, 3) });
    expect(ptsContinuity(film1, 1, ad0).continuous).toBe(false); // the ad restarts at 1.4 s
    expect(ptsContinuity(film0, 1, film1 + 0.6).continuous).toBe(false);
  });

  it('unwraps the 33-bit PTS counter', () => {
    const wrap = 2 ** 33 / 90_000;
    expect(ptsContinuity(wrap - 0.5, 1, 0.5)).toEqual({ continuous: true, gapSeconds: expect.closeTo(0, 6) });
    expect(ptsContinuity(Number.NaN, 1, 0).continuous).toBe(false);
  });
});
