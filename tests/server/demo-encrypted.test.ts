// The demo's encrypted video made for real with ffmpeg (its base, the two ads
// it splices, nothing else: about a second): AES-128 with no IV in the key
// tag, every film segment encrypted under the number it has in the video's
// playlist, and the engine's clean playlist keeping those IVs. The segment
// checks are the e2e's (e2e/support/aes-hls.ts: RFC 8216 read from outside).

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSegment, segmentCiphers, sequenceIv, tsIntact } from '../../e2e/support/aes-hls';
import { cleanPlaylist } from '../../workers/core/index';
import { demoConfig } from '../../server/demo/config';
import { demoKey } from '../../server/demo/encrypted';
import { generateDemoContent, type DemoManifest } from '../../server/demo/generate';
import { defaultDemoPlan } from '../../server/demo/plan';
import type { DemoPlan } from '../../server/demo/types';

const base = defaultDemoPlan.bases.find((b) => b.encrypted)!;
const video = defaultDemoPlan.videos.find((v) => v.base === base.id)!;
const plan: DemoPlan = {
  bases: [base],
  creatives: defaultDemoPlan.creatives.filter((c) => video.ads.some((b) => b.creatives.includes(c.id))),
  categories: defaultDemoPlan.categories,
  videos: [video],
};
const dataDir = mkdtempSync(path.join(tmpdir(), 'clipfeed-encrypted-'));
const dir = path.join(dataDir, 'demo');
const url = `http://127.0.0.1:8080/media/demo/${video.slug}/index.m3u8`;
const fileOf = (segmentUrl: string) => path.join(dir, new URL(segmentUrl).pathname.replace('/media/demo/', ''));
let manifest: DemoManifest;
let text: string;

beforeAll(async () => {
  manifest = (await generateDemoContent({ dir, plan, log: () => undefined })).manifest;
  text = readFileSync(path.join(dir, video.slug, 'index.m3u8'), 'utf8');
}, 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the encrypted demo video', () => {
  it('splices clear ads (a pre-roll, a mid-roll) into AES-128 film whose key tag has no IV', () => {
    expect(manifest.videos[0].playlists[0].adSegments).toEqual([0, 1, 7, 8, 9]);
    expect(text).not.toContain('IV=');
    const segments = segmentCiphers(text, url);
    expect(segments.map((s) => s.method)).toEqual(segments.map((s) => (s.url.includes('/ads/') ? 'NONE' : 'AES-128')));
    expect(readFileSync(path.join(dir, 'sources', base.id, 'key.bin'))).toEqual(demoKey(base.id));
  });

  it('encrypts every film segment under its number in the video, so a player derives the right IV', () => {
    const key = readFileSync(path.join(dir, 'sources', base.id, 'key.bin'));
    const film = segmentCiphers(text, url).filter((s) => s.method !== 'NONE');
    expect(film).toHaveLength(video.seconds / demoConfig.segmentSeconds);
    film.forEach((s, cleanIndex) => {
      const data = readFileSync(fileOf(s.url));
      expect(tsIntact(decryptSegment(data, key, s.iv!)), s.url).toEqual({ packets: true, firstTableCrc: true });
      // Numbered after the ads were removed, the film after the mid-roll would decrypt wrong (first block only).
      const renumbered = decryptSegment(data, key, sequenceIv(film[0].sequence + cleanIndex));
      expect(tsIntact(renumbered).firstTableCrc, s.url).toBe(s.sequence === film[0].sequence + cleanIndex);
    });
  });

  it('is cleaned by the engine into a playlist where every film segment keeps its IV', () => {
    const clean = cleanPlaylist(text, url);
    expect(clean.adSegments).toEqual([0, 1, 7, 8, 9]);
    const original = new Map(segmentCiphers(text, url).map((s) => [s.url, s]));
    const kept = segmentCiphers(clean.text!, url);
    expect(kept.some((s) => s.sequence !== original.get(s.url)!.sequence)).toBe(true);
    for (const s of kept) expect([s.url, s.iv], 'IV as upstream').toEqual([s.url, original.get(s.url)!.iv]);
  });

  it('has a poster grabbed from a decrypted film segment', () => {
    expect(readFileSync(path.join(dir, video.slug, 'poster.jpg')).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});
