// Which player this browser gets (spec 3 §4: HLS library, native, or
// unsupported; chosen once and cached), and the server's cleaned-playlist URL
// that native HLS players load instead of the worker's in-memory text.
// hls.js is checked first: Chromium also answers "maybe" for native HLS (TOOLCHAIN.md).

import { nativeHlsConfig } from './config';

export type PlaybackCapability = 'hls.js' | 'native' | 'unsupported';

export interface CapabilityProbe {
  hlsSupported: () => boolean;
  canPlayType: (type: string) => string;
}

/** Whether the browser plays HLS itself: any answer but '' to the playlist mime type. */
export function hasNativeHls(canPlayType: (type: string) => string): boolean {
  return canPlayType(nativeHlsConfig.mimeType) !== '';
}

export function detectCapability(probe: CapabilityProbe): PlaybackCapability {
  if (probe.hlsSupported()) return 'hls.js';
  if (hasNativeHls(probe.canPlayType)) return 'native';
  return 'unsupported';
}

let cached: PlaybackCapability | null = null;

/** The capability, detected on the first call and cached for the page's life. */
export function playbackCapability(probe: () => CapabilityProbe): PlaybackCapability {
  cached ??= detectCapability(probe());
  return cached;
}

/** Replaces the cached choice (null: detect again): hls.js failed at run time and the page falls back to native (spec 3 §4). */
export function overrideCapability(capability: PlaybackCapability | null): void {
  cached = capability;
}

const seconds = (s: number) => String(Number(Math.max(0, s).toFixed(nativeHlsConfig.secondsDecimals)));

/**
 * `/api/v2/hls/clean.m3u8?src=<url>[&start=<s>&end=<e>]`: the upstream playlist
 * with its ads removed, cut to the segments overlapping [start, end) of the
 * clean timeline when a range is given (server/routes/media/clean.ts).
 */
export function nativeCleanPlaylistUrl(src: string, range?: { start: number; end: number }): string {
  const params = new URLSearchParams({ src });
  if (range && Number.isFinite(range.start) && Number.isFinite(range.end) && range.end > range.start) {
    params.set('start', seconds(range.start));
    params.set('end', seconds(range.end));
  }
  return `${nativeHlsConfig.cleanPath}?${params.toString()}`;
}
