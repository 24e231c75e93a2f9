// The media probe's plan and decision over synthetic signatures (no bytes):
// a 900-segment film costs a few dozen reads and still finds a 30 s ad its
// sparse samples straddle (the film's timeline breaks around it); precision
// rules: a long other-encode part, a bit-rate-only change and a restart from
// zero are not cut. The real bytes go through the route (tests/server/media-probe-route.test.ts).

import { describe, expect, it } from 'vitest';
import type { MediaSignature } from '../../workers/core/media-signature/index';
import { budgetedReader, probePlaylist, type ProbePlaylist, type RangeFetcher } from '../../workers/core/index';
import { probeConfig } from '../../workers/core/media-probe/config';
import type { SignatureReader } from '../../workers/core/media-probe/types';

const sig = (pts: number, over: Partial<MediaSignature> = {}): MediaSignature => ({
  container: 'ts',
  video: { codec: 'avc', profile: 100, level: 4, width: 1280, height: 720, fps: 25 },
  audio: { codec: 'aac', objectType: 2, sampleRate: 48000, channels: 2 },
  pids: { pmt: 4096, streams: '256:1b,257:f' },
  firstPts: { video: pts },
  missing: [],
  ...over,
});

/** n segments of 6 s; `look(i, filmPts)` gives segment i's signature. */
function playlistOf(n: number): ProbePlaylist {
  return { segments: Array.from({ length: n }, (_, i) => ({ url: `http://cdn.test/v/${i.toString(16).padStart(32, '0')}.ts`, duration: 6, discontinuity: false, map: null })) };
}

function fakeReader(look: (i: number) => MediaSignature): { reader: { read: SignatureReader; spent: { requests: number; bytes: number } }; reads: number[] } {
  const reads: number[] = [];
  const spent = { requests: 0, bytes: 0 };
  const read: SignatureReader = async (target) => {
    const i = Number.parseInt(target.url.split('/').pop()!, 16);
    if (spent.requests >= probeConfig.maxRequests) return { ok: false, error: { code: 'budget', message: 'spent', retryable: false } };
    spent.requests++;
    spent.bytes += probeConfig.headBytes;
    reads.push(i);
    return { ok: true, signature: look(i) };
  };
  return { reader: { read, spent }, reads };
}

describe('media probe plan and decision', () => {
  it('finds a 30 s ad with its own timeline inside a 900-segment film with a few dozen reads', async () => {
    // Ad at 500..504 (another resolution, PTS from 0); the film's timeline skips the ad's seconds.
    const look = (i: number) => (i >= 500 && i <= 504 ? sig((i - 500) * 6, { video: { codec: 'avc', profile: 66, level: 3, width: 640, height: 360, fps: 25 } }) : sig(10 + (i > 504 ? i - 5 : i) * 6));
    const { reader, reads } = fakeReader(look);
    const out = await probePlaylist(playlistOf(900), reader);
    expect(out.adSegments).toEqual([500, 501, 502, 503, 504]);
    expect(reads.length).toBeLessThanOrEqual(probeConfig.maxRequests);
    expect(reads.length).toBeLessThan(60);
  });

  it('keeps a long part of another encode, a bit-rate change and a restart from zero', async () => {
    const long = (i: number) => (i >= 100 && i < 140 ? sig(10 + i * 6, { video: { codec: 'avc', profile: 100, level: 4, width: 1920, height: 800, fps: 25 } }) : sig(10 + i * 6));
    expect((await probePlaylist(playlistOf(200), fakeReader(long).reader)).adSegments).toEqual([]);
    const bitrate = (i: number) => (i === 50 ? sig(10 + i * 6, { encoder: 'x264 - core 164', encoderOptions: 'cabac=1 ref=3 bitrate=900' }) : i === 0 ? sig(10, { encoder: 'x264 - core 164', encoderOptions: 'cabac=1 ref=3 bitrate=2000' }) : sig(10 + i * 6));
    expect((await probePlaylist(playlistOf(100), fakeReader(bitrate).reader)).adSegments).toEqual([]);
    const restart = (i: number) => (i >= 60 && i < 63 ? sig(1.4 + (i - 60) * 6, { encoder: 'x264 - core 164', encoderOptions: 'cabac=1 ref=3' }) : sig(10 + i * 6));
    expect((await probePlaylist(playlistOf(100), fakeReader(restart).reader)).adSegments).toEqual([]);
  });

  it('cuts a short run of the film\'s look that another encoder wrote and whose timeline jumps away', async () => {
    const look = (i: number) => (i === 0 ? sig(10, { encoder: 'x264 - core 164', encoderOptions: 'cabac=1 ref=3' }) : i === 40 ? sig(3600, { encoder: 'Lavc hevc_nvenc', encoderOptions: 'preset=p4' }) : i > 40 && i < 44 ? sig(3600 + (i - 40) * 6) : sig(10 + i * 6));
    expect((await probePlaylist(playlistOf(80), fakeReader(look).reader)).adSegments).toEqual([40, 41, 42, 43]);
  });

  it('holds a Range fetcher to the request budget and reads the tail only when the head missed the audio', async () => {
    const asks: string[] = [];
    const fetchRange: RangeFetcher = async (url, ask) => {
      asks.push('suffix' in ask ? 'tail' : 'head');
      return { ok: true, bytes: new Uint8Array(0), total: 100_000 };
    };
    const budgeted = budgetedReader(fetchRange, { maxRequests: 3, maxBytes: 1e6 });
    const out = await probePlaylist(playlistOf(50), budgeted);
    expect(budgeted.spent.requests).toBe(3);
    expect(asks).toEqual(['head', 'head', 'head']);
    expect(out.adSegments).toEqual([]);
  });
});
