// hls.js configuration for one playback mode and device memory class.
//
// Transmuxing runs in hls.js's own worker (enableWorker): turning MPEG-TS into
// fMP4 on the main thread costs tens of ms per segment on a cheap phone,
// right when the swipe animation needs the frames. The page ships hls.js's
// UMD build (player/hls-umd.ts), which starts that worker from its own code;
// all pooled instances share it, and hls.js falls back to main-thread
// transmuxing by itself if the worker fails. A workerPath is only for an
// ESM build of hls.js (which does not inline its worker).
//
// Retries: hls.js retries playlists itself (the spec's manifest numbers), but
// fragment and key loads get no hls.js retries: the recovery table
// (recovery-policy.ts) owns them, so a fragment is never retried twice over
// and the feed can skip a broken clip on the table's schedule.

import type { HlsConfig, LoaderConfig, PlaylistLoaderConstructor } from 'hls.js';
import type { MemoryClass } from '../../workers/core/device-class';
import { bufferProfiles, poolHlsConfig, quickStartHlsConfig, retryDelayConfig, type BufferProfile } from './config';

/** clip: the feed's short clip; full: full video in the feed; modal: full-video modal; play-page: the video play page. */
export type HlsMode = 'clip' | 'full' | 'modal' | 'play-page';
export type { MemoryClass };

export interface SafariTimeouts {
  playlistMs: number;
  segmentMs: number;
}

export interface HlsConfigOptions {
  mode: HlsMode;
  memory: MemoryClass;
  /** Playlist loader answering with the worker's text (clip-playlist-loader.ts). */
  pLoader?: PlaylistLoaderConstructor;
  /** Safari's playlist and segment time-outs (spec 1 §9), replacing the mode's own; null elsewhere. */
  safariTimeouts?: SafariTimeouts | null;
  /** Bandwidth estimate of an earlier instance, so ABR does not start from scratch (TOOLCHAIN.md). */
  bandwidthEstimate?: number;
  /** hls.js transmux worker script for an ESM build; null = main-thread transmuxing; absent = hls.js's own inline worker. */
  workerPath?: string | null;
}

/** Buffers for a mode: a short clip starts with the quick-start buffers (its 30-75 s need a fast start, not depth). */
export function bufferProfileFor(mode: HlsMode, memory: MemoryClass): BufferProfile {
  if (memory === 'low') return bufferProfiles.lowMemory;
  switch (mode) {
    case 'clip':
      return {
        ...bufferProfiles.short,
        forwardSeconds: quickStartHlsConfig.bufferSeconds,
        maxForwardSeconds: quickStartHlsConfig.maxBufferSeconds,
      };
    case 'full':
      return bufferProfiles.full;
    case 'modal':
      return bufferProfiles.modal;
    case 'play-page':
      return bufferProfiles.playPage;
  }
}

function noRetry(timeoutMs: number): LoaderConfig {
  return { maxTimeToFirstByteMs: timeoutMs, maxLoadTimeMs: timeoutMs, timeoutRetry: null, errorRetry: null };
}

function withRetries(timeoutMs: number, maxNumRetry: number, retryDelayMs: number): LoaderConfig {
  const retry = { maxNumRetry, retryDelayMs, maxRetryDelayMs: retryDelayConfig.maxMs, backoff: 'exponential' as const };
  return { maxTimeToFirstByteMs: timeoutMs, maxLoadTimeMs: timeoutMs, timeoutRetry: retry, errorRetry: retry };
}

/** Load time limits and retries: quick-start numbers for clips, pool numbers otherwise; Safari's own time-outs there. */
function loadPolicies(mode: HlsMode, safari: SafariTimeouts | null): Pick<HlsConfig, 'fragLoadPolicy' | 'keyLoadPolicy' | 'manifestLoadPolicy' | 'playlistLoadPolicy'> {
  const quick = mode === 'clip';
  const fragTimeout = safari?.segmentMs ?? (quick ? quickStartHlsConfig.fragTimeoutMs : poolHlsConfig.fragTimeoutMs);
  const playlist = quick
    ? withRetries(safari?.playlistMs ?? quickStartHlsConfig.manifestTimeoutMs, quickStartHlsConfig.manifestMaxRetry, retryDelayConfig.baseMs)
    : withRetries(safari?.playlistMs ?? poolHlsConfig.manifestTimeoutMs, poolHlsConfig.manifestMaxRetry, poolHlsConfig.manifestRetryDelayMs);
  return {
    fragLoadPolicy: { default: noRetry(fragTimeout) },
    keyLoadPolicy: { default: noRetry(poolHlsConfig.xhrTimeoutMs) },
    manifestLoadPolicy: { default: playlist },
    playlistLoadPolicy: { default: playlist },
  };
}

export function buildHlsConfig(options: HlsConfigOptions): Partial<HlsConfig> {
  const buffers = bufferProfileFor(options.mode, options.memory);
  const config: Partial<HlsConfig> = {
    enableWorker: options.workerPath !== null,
    ...(options.workerPath ? { workerPath: options.workerPath } : {}),
    // Preloading: load the playlist and prefetch the first fragment before a <video> is attached.
    autoStartLoad: true,
    startFragPrefetch: true,
    // Never download a segment only to measure bandwidth (TOOLCHAIN.md).
    testBandwidth: false,
    capLevelToPlayerSize: true,
    maxBufferLength: buffers.forwardSeconds,
    maxMaxBufferLength: buffers.maxForwardSeconds,
    maxBufferSize: buffers.sizeBytes,
    backBufferLength: buffers.backSeconds,
    ...loadPolicies(options.mode, options.safariTimeouts ?? null),
  };
  if (options.pLoader) config.pLoader = options.pLoader;
  if (options.bandwidthEstimate !== undefined && options.bandwidthEstimate > 0) config.abrEwmaDefaultEstimate = options.bandwidthEstimate;
  return config;
}
