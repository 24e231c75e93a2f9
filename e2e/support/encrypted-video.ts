// Checks for the encrypted demo video (e2e/encrypted.spec.ts): the upstream
// playlist as encrypted, the playlist hls.js parsed (the worker's text: it
// never crosses the network), the IV hls.js derived for each fragment it
// loaded, decryption with that IV, frames, and the absence of ads and errors.

import { expect, type Page } from '@playwright/test';
import { decryptSegment, segmentCiphers, tsIntact, type SegmentCipher } from './aes-hls';
import { baseUrl, demoAdSegmentUrls } from './demo';
import type { HlsProbe } from './hls-probe';
import { demoSegments } from './video-pages-helpers';

export const ENCRYPTED_SLUG = 'vault-cipher';
/** Where its encrypted film's segments and key are served. */
const ENCRYPTED_DIR = '/media/demo/sources/vault/';
/** Frames that must be presented while it plays (12 fps content). */
const MIN_FRAMES = 5;
/** How long to wait for those frames before counting what came. */
const FRAMES_WAIT_MS = 15_000;
/** hls.js reports these when a busy machine starves the decoder: timing, not decryption. */
const STALLS = new Set(['bufferStalledError', 'bufferNudgeOnStall', 'bufferSeekOverHole']);

export interface PageWatch {
  pageErrors: string[];
  consoleErrors: string[];
}

export function watchPage(page: Page): PageWatch {
  const watch: PageWatch = { pageErrors: [], consoleErrors: [] };
  page.on('pageerror', (e) => watch.pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') watch.consoleErrors.push(m.text());
  });
  return watch;
}

/** The video's upstream playlist, segment by segment, with the key and IV each was encrypted with. */
export async function upstream(): Promise<Map<string, SegmentCipher>> {
  const url = `${baseUrl()}/media/demo/${ENCRYPTED_SLUG}/index.m3u8`;
  const text = await (await fetch(url)).text();
  expect(text, 'the upstream key tag has no IV: the IV is the media sequence number').not.toContain('IV=');
  return new Map(segmentCiphers(text, url).map((s) => [s.url, s]));
}

/** Presented frames (requestVideoFrameCallback) and the decoded-frame count moving on. */
export async function expectFrames(page: Page, selector: string): Promise<void> {
  const result = await page.evaluate(
    ({ selector, wanted, wait }) =>
      new Promise<{ presented: number; decoded: number }>((resolve) => {
        const video = document.querySelector(selector) as HTMLVideoElement;
        const before = video.getVideoPlaybackQuality().totalVideoFrames;
        let presented = 0;
        const done = () => resolve({ presented, decoded: video.getVideoPlaybackQuality().totalVideoFrames - before });
        const onFrame = () => (++presented < wanted ? video.requestVideoFrameCallback(onFrame) : done());
        video.requestVideoFrameCallback(onFrame);
        setTimeout(done, wait);
      }),
    { selector, wanted: MIN_FRAMES, wait: FRAMES_WAIT_MS },
  );
  expect(result.presented, 'frames presented').toBeGreaterThanOrEqual(MIN_FRAMES);
  expect(result.decoded, 'frames decoded').toBeGreaterThan(0);
}

/** The playlist hls.js parsed for the encrypted video (the worker's text: it never crosses the network). */
export function servedPlaylist(probe: HlsProbe): SegmentCipher[] {
  const served = probe.playlists.filter((p) => p.text.includes(ENCRYPTED_DIR)).at(-1);
  expect(served, 'hls.js parsed a playlist of the encrypted video').toBeDefined();
  const keyLines = served!.text.split('\n').filter((l) => l.startsWith('#EXT-X-KEY:METHOD=AES-128'));
  expect(keyLines.some((l) => /,IV=0x[0-9a-fA-F]{32}(,|$)/.test(l)), `explicit IVs on the key lines:\n${keyLines.join('\n')}`).toBe(true);
  expect(served!.text).not.toContain('/media/demo/ads/');
  return segmentCiphers(served!.text, served!.url);
}

/** Every encrypted segment of the served playlist decrypts with the IV it was encrypted with; renumbered ones say so explicitly. */
export function expectSameIvs(served: readonly SegmentCipher[], original: ReadonlyMap<string, SegmentCipher>): void {
  const encrypted = served.filter((s) => s.method !== 'NONE');
  expect(encrypted.length).toBeGreaterThan(0);
  const renumbered = encrypted.filter((s) => s.sequence !== original.get(s.url)?.sequence);
  expect(renumbered.length, 'the removal renumbered film segments (else this test proves nothing)').toBeGreaterThan(0);
  for (const s of encrypted) {
    const from = original.get(s.url);
    expect(from, `${s.url} is an upstream segment`).toBeDefined();
    expect({ url: s.url, keyUrl: s.keyUrl, iv: s.iv }, 'key and IV as upstream').toEqual({ url: s.url, keyUrl: from!.keyUrl, iv: from!.iv });
  }
  expect(renumbered.every((s) => s.explicitIv), 'renumbered segments carry their IV').toBe(true);
}

/** Fragments hls.js loaded from the encrypted film: with the upstream IV, and decrypting to intact MPEG-TS with it. */
export async function expectLoadedFragmentsDecrypt(probe: HlsProbe, original: ReadonlyMap<string, SegmentCipher>, served: readonly SegmentCipher[]): Promise<void> {
  const loaded = probe.fragments.filter((f) => f.url.includes(ENCRYPTED_DIR));
  const renumbered = new Set(served.filter((s) => s.sequence !== original.get(s.url)?.sequence).map((s) => s.url));
  expect(loaded.some((f) => renumbered.has(f.url)), 'renumbered film (after the removed mid-roll) was loaded').toBe(true);
  const keys = new Map<string, Uint8Array>();
  for (const f of loaded) {
    const from = original.get(f.url)!;
    expect({ url: f.url, method: f.method, iv: f.iv }, 'the IV hls.js decrypts with').toEqual({ url: f.url, method: 'AES-128', iv: from.iv });
    if (!keys.has(f.keyUri!)) keys.set(f.keyUri!, new Uint8Array(await (await fetch(f.keyUri!)).arrayBuffer()));
    const clear = decryptSegment(new Uint8Array(await (await fetch(f.url)).arrayBuffer()), keys.get(f.keyUri!)!, f.iv!);
    expect(tsIntact(clear), `${f.url} decrypted with hls.js's IV`).toEqual({ packets: true, firstTableCrc: true });
  }
}

export async function expectNoAdsNorErrors(page: Page, requests: readonly string[], probe: HlsProbe, watch: PageWatch, selector: string): Promise<void> {
  const { urls: adSegments } = await demoAdSegmentUrls();
  const segments = demoSegments(requests);
  expect(segments.filter((u) => u.includes(ENCRYPTED_DIR)).length, 'encrypted segments loaded').toBeGreaterThan(0);
  expect(segments.filter((u) => adSegments.has(u)), 'spliced ad segments requested').toEqual([]);
  expect(probe.errors.filter((e) => e.fatal || !STALLS.has(e.details)), 'hls.js errors').toEqual([]);
  expect(watch.pageErrors).toEqual([]);
  expect(watch.consoleErrors.filter((m) => /decrypt|crypt|key/i.test(m)), 'decryption errors logged').toEqual([]);
  expect(await page.evaluate((s) => (document.querySelector(s) as HTMLVideoElement).error?.message ?? null, selector)).toBeNull();
}
