// The engine worker's media probe (issue 19): the first clip of a video is the
// text-only one; once the page shows it, its probe runs behind it and cleans
// the video's later clips (preloads never probe). Real same-look corpus files
// over a loopback Range server, real fetch.

import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEngine, type Engine } from '../../workers/engine/prepare';
import { createLaterProbe, type LaterProbe } from '../../workers/engine/probe-later';
import { corsRangeReader } from '../../workers/engine/range-read';
import { mediaProbeConfig } from '../../workers/engine/config';
import { parsePlaylist, type MediaPlaylist } from '../../workers/core/index';
import { startRangeFileServer, type RangeFileServer } from '../support/range-file-server';

const CORPUS = path.join(__dirname, '../fixtures/same-look-ads');
const PLAYLIST = '/resolution-no-tags/index.m3u8';
const ADS = [0, 1, 6, 7]; // labels.json: the pre-roll and the mid-roll, same names, other resolution

let server: RangeFileServer;
beforeAll(async () => {
  server = await startRangeFileServer(CORPUS);
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function uris(text: string): string[] {
  return text.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('/').pop()!);
}

async function corpusUris(): Promise<string[]> {
  return uris(await (await fetch(`${server.origin}${PLAYLIST}`)).text());
}

/** A parsed media playlist of `lines` (segment URIs and tags) at `url`. */
function media(url: string, lines: string[]): MediaPlaylist {
  const parsed = parsePlaylist(['#EXTM3U', '#EXT-X-TARGETDURATION:6', ...lines, '#EXT-X-ENDLIST', ''].join('\n'), url);
  if (!parsed.ok || parsed.playlist.kind !== 'media') throw new Error('test playlist did not parse');
  return parsed.playlist;
}

const film = (from: number, count: number) => Array.from({ length: count }, (_x, i) => `#EXTINF:6,\ns${from + i}.ts`);

interface Setup {
  engine: Engine;
  probe: LaterProbe;
  /** Every Range read the probe asked for, by URL. */
  ranges: string[];
  /** The Range reader's clock (an origin's rest after a failed read). */
  clock: { now: number };
  /** While true, every Range read throws as a dropped connection does. */
  network: { down: boolean };
}

function setup(): Setup {
  const ranges: string[] = [];
  const clock = { now: Date.now() };
  const network = { down: false };
  const reader = corsRangeReader(async (url, init) => {
    ranges.push(url);
    if (network.down) throw new TypeError('Failed to fetch');
    return fetch(url, init);
  }, () => clock.now);
  const probe = createLaterProbe({ reader, startDelayMs: 0 });
  return { engine: createEngine({ probe }), probe, ranges, clock, network };
}

const quiet = () => new Promise((r) => setTimeout(r, 300));

describe('later clips of a video (engine worker probe)', () => {
  it('the first preparation is text-only and does not wait; once shown, a later one drops the ads only the media shows', async () => {
    const all = await corpusUris();
    const adUris = ADS.map((i) => all[i]);
    const { engine, probe } = setup();
    const url = `${server.origin}${PLAYLIST}`;

    const first = await engine.prepareFull(url, { network: 'fast' });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    // Text alone cannot see these ads, and the first answer came before any Range read.
    expect(uris(first.value.fullPlaylist!)).toEqual(all);
    expect(probe.adsOf(url)).toBeUndefined();

    engine.clipShown({ url: first.value.url }, { network: 'fast' });
    await vi.waitFor(() => expect(probe.adsOf(url)).toEqual(ADS), { timeout: 10_000 });
    const later = await engine.prepareFull(url, { network: 'fast' });
    expect(later.ok && uris(later.value.fullPlaylist!)).toEqual(all.filter((u) => !adUris.includes(u)));
    // A clip of the same video too (its cached text-only answer is not reused).
    const clip = await engine.prepareClip({ url }, { network: 'medium', seed: 3 });
    expect(clip.ok && uris(clip.value.clipPlaylist).filter((u) => adUris.includes(u))).toEqual([]);
    expect(clip.ok && clip.value.adSegmentCount).toBe(ADS.length);
  });

  it('preparing clips (the preloads) never probes; the clip shown does, and only its own playlist', async () => {
    const { engine, probe, ranges } = setup();
    const a = `${server.origin}${PLAYLIST}`;
    const b = `${server.origin}/audio-rate/index.m3u8`;
    const [clipA, clipB] = await Promise.all([engine.prepareClip({ url: a }, { network: 'fast', seed: 1 }), engine.prepareClip({ url: b }, { network: 'fast', seed: 1 })]);
    expect(clipA.ok && clipB.ok).toBe(true);
    await quiet();
    expect(ranges).toEqual([]);
    expect(probe.adsOf(a)).toBeUndefined();

    engine.clipShown({ url: b }, { network: 'medium' });
    await vi.waitFor(() => expect(probe.adsOf(b)).toEqual([4, 5, 6]), { timeout: 10_000 });
    expect(ranges.length).toBeGreaterThan(0);
    expect(ranges.filter((u) => !u.startsWith(`${server.origin}/audio-rate/`))).toEqual([]);
    expect(probe.adsOf(a)).toBeUndefined();
    // A playlist this engine never loaded is not fetched for a probe.
    const before = server.stats.requests;
    engine.clipShown({ url: `${server.origin}/pid-layout/index.m3u8` }, { network: 'fast' });
    await quiet();
    expect(server.stats.requests).toBe(before);
  });

  it("a verdict prepares that playlist's clips anew and leaves every other cached clip as it was", async () => {
    const { engine, probe } = setup();
    const a = `${server.origin}${PLAYLIST}`;
    const b = `${server.origin}/audio-rate/index.m3u8`;
    const a1 = await engine.prepareClip({ url: a }, { network: 'fast', seed: 7 });
    const b1 = await engine.prepareClip({ url: b }, { network: 'fast', seed: 7 });
    if (!a1.ok || !b1.ok) throw new Error('not prepared');
    expect(await engine.prepareClip({ url: a }, { network: 'fast', seed: 7 })).toBe(a1); // the cache, before any verdict

    engine.clipShown({ url: a1.value.url }, { network: 'fast' });
    await vi.waitFor(() => expect(probe.adsOf(a)).toEqual(ADS), { timeout: 10_000 });
    const a2 = await engine.prepareClip({ url: a }, { network: 'fast', seed: 7 });
    expect(a2).not.toBe(a1);
    expect(a2.ok && a2.value.adSegmentCount).toBe(ADS.length);
    expect(await engine.prepareClip({ url: a }, { network: 'fast', seed: 7 })).toBe(a2); // prepared with the verdict: cached again
    expect(await engine.prepareClip({ url: b }, { network: 'fast', seed: 7 })).toBe(b1); // another video: untouched
  });

  it('a showing whose reads failed leaves no verdict; the origin rests, and a later showing after the rest probes it', async () => {
    const { engine, probe, ranges, clock, network } = setup();
    const url = `${server.origin}${PLAYLIST}`;
    await engine.prepareClip({ url }, { network: 'fast', seed: 2 });

    network.down = true;
    engine.clipShown({ url }, { network: 'fast' });
    await vi.waitFor(() => expect(ranges.length).toBeGreaterThan(0), { timeout: 10_000 });
    await quiet();
    expect(probe.adsOf(url)).toBeUndefined(); // nothing read is no verdict

    // Back online, but within the rest: a showing asks nothing of that origin.
    network.down = false;
    const failedReads = ranges.length;
    engine.clipShown({ url }, { network: 'fast' });
    await quiet();
    expect(ranges.length).toBe(failedReads);

    clock.now += mediaProbeConfig.failedOriginHoldMs;
    engine.clipShown({ url }, { network: 'fast' });
    await vi.waitFor(() => expect(probe.adsOf(url)).toEqual(ADS), { timeout: 10_000 });
    expect(ranges.length).toBeGreaterThan(failedReads);
  });

  it('reads only heads: a few small Range requests, never a whole segment', async () => {
    const { engine, probe } = setup();
    const url = `${server.origin}${PLAYLIST}`;
    await engine.prepareClip({ url }, { network: 'fast', seed: 1 });
    engine.clipShown({ url }, { network: 'fast' });
    await vi.waitFor(() => expect(probe.adsOf(url)).toBeDefined(), { timeout: 10_000 });
    const playlistBytes = (await (await fetch(url)).text()).length;
    expect(server.stats.requests - 2).toBeGreaterThan(0);
    expect(server.stats.bytes - 2 * playlistBytes).toBeLessThanOrEqual(12 * 24 * 1024);
  });

  it.each([
    ['a slow network', { network: 'slow' as const }],
    ['Save-Data', { network: 'fast' as const, saveData: true }],
  ])('%s never probes, so later clips stay text-only', async (_name, options) => {
    const { engine, probe } = setup();
    const url = `${server.origin}${PLAYLIST}`;
    await engine.prepareFull(url, options);
    engine.clipShown({ url }, options);
    await quiet();
    expect(server.stats.requests).toBe(1); // the playlist only
    expect(probe.adsOf(url)).toBeUndefined();
    const later = await engine.prepareFull(url, options);
    expect(later.ok && uris(later.value.fullPlaylist!)).toEqual(await corpusUris());
  });

  it('without a probe the engine stays text-only (the rule the e2e relies on)', async () => {
    const engine = createEngine();
    const url = `${server.origin}${PLAYLIST}`;
    await engine.prepareFull(url, { network: 'fast' });
    engine.clipShown({ url }, { network: 'fast' });
    await quiet();
    const later = await engine.prepareFull(url, { network: 'fast' });
    expect(later.ok && uris(later.value.fullPlaylist!)).toHaveLength(11);
  });
});

describe('the probe queue', () => {
  it('runs one probe at a time and keeps at most queueMax waiting (the oldest waiting dropped)', async () => {
    let live = 0;
    let most = 0;
    const urls: string[] = [];
    const reader = {
      allowed: () => true,
      fetchRange: async (url: string) => {
        urls.push(url);
        live++;
        most = Math.max(most, live);
        await new Promise((r) => setTimeout(r, 5));
        live--;
        // Bytes that are no media: each read fails, the probe goes on to the next.
        return { ok: true as const, bytes: new Uint8Array([1, 2, 3]) };
      },
    };
    const probe = createLaterProbe({ reader, startDelayMs: 0 });
    const playlist = (n: number) => media(`https://cdn.test/v${n}/index.m3u8`, film(0, 4));
    const count = mediaProbeConfig.queueMax + 2;
    for (let n = 0; n < count; n++) probe.consider(playlist(n), { network: 'fast', saveData: false });
    await vi.waitFor(() => expect(probe.adsOf(playlist(count - 1).url)).toEqual([]), { timeout: 10_000 });
    const probed = new Set(urls.map((u) => u.split('/')[3]));
    // v0 started at once; v1 was the oldest waiting when the queue overflowed.
    expect([...probed].sort()).toEqual(['v0', ...Array.from({ length: mediaProbeConfig.queueMax }, (_x, k) => `v${k + 2}`)].sort());
    // Reads of one probe may overlap (readsInFlight), never those of two playlists.
    expect(most).toBeLessThanOrEqual(mediaProbeConfig.readsInFlight);
    // A playlist already judged is not probed again.
    const before = urls.length;
    probe.consider(playlist(0), { network: 'fast', saveData: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(urls.length).toBe(before);
  });

  it('never reads a segment the text detector already removed, and skips encrypted playlists', async () => {
    const urls: string[] = [];
    const reader = {
      allowed: () => true,
      fetchRange: async (url: string) => {
        urls.push(url);
        return { ok: true as const, bytes: new Uint8Array([1]) };
      },
    };
    const probe = createLaterProbe({ reader, startDelayMs: 0 });
    // A classic spliced ad the text sees: another host and directory, other durations, between DISCONTINUITY tags.
    const ad = ['#EXT-X-DISCONTINUITY', '#EXTINF:5,', 'https://ads.test/ad/creative0.ts', '#EXTINF:5,', 'https://ads.test/ad/creative1.ts', '#EXT-X-DISCONTINUITY'];
    const spliced = media('https://cdn.test/film/index.m3u8', [...film(0, 20), ...ad, ...film(20, 20)]);
    expect(spliced.segments.filter((s) => s.url.includes('ads.test'))).toHaveLength(2);
    probe.consider(spliced, { network: 'fast', saveData: false });
    await vi.waitFor(() => expect(probe.adsOf(spliced.url)).toBeDefined(), { timeout: 10_000 });
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((u) => u.includes('ads.test'))).toEqual([]);

    const locked = media('https://cdn.test/locked/index.m3u8', ['#EXT-X-KEY:METHOD=AES-128,URI="k.bin"', ...film(0, 10)]);
    const before = urls.length;
    probe.consider(locked, { network: 'fast', saveData: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(urls.length).toBe(before);
  });
});
