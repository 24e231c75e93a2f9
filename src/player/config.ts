// Every player-layer constant of the spec (doc 3 §4, §8, §9; doc 1 §8, §9),
// with the spec's value and where it comes from. Values marked "ours" fill a
// gap the spec leaves open. No other file under src/player holds a magic number.

import { deviceConfig } from '../../workers/core/config';

const MB = 1000 * 1000;

/** hls.js instance pool (spec 3 §9). */
export const poolConfig = {
  maxInstances: 3, // previous, current, next (spec 3 §9 "max 3 instances")
  prewarmed: 2, // 2 prewarmed instances (spec 3 §9; the feed preloads by network class instead)
  preloaded: 1, // 1 preloaded instance (spec 3 §9)
  expiryMs: 10 * 60_000, // an unused instance expires after 10 min (spec 3 §9)
  healthCheckMs: 5 * 60_000, // expired instances are swept every 5 min (spec 3 §9)
  seekTimeoutMs: 2000, // a seek not confirmed within 2 s is reported (spec 3 §9)
} as const;

/** Pool HLS configuration: full video and play page (spec 3 §9). */
export const poolHlsConfig = {
  bufferSeconds: 15, // buffer length 15 s (spec 3 §9)
  maxBufferSeconds: 30, // max buffer 30 s (spec 3 §9)
  backBufferSeconds: 5, // back buffer 5 s (spec 3 §9)
  maxBufferBytes: 40 * MB, // max buffer 40 MB (spec 3 §9)
  fragTimeoutMs: 20_000, // fragment timeout 20 s (spec 3 §9)
  fragMaxRetry: 3, // 3 fragment retries (spec 3 §9) - not given to hls.js: the recovery table owns fragment retries
  fragRetryDelayMs: 1500, // ...at 1.5 s (spec 3 §9) - idem
  manifestTimeoutMs: 15_000, // manifest timeout 15 s (spec 3 §9)
  manifestMaxRetry: 3, // 3 manifest retries (spec 3 §9)
  manifestRetryDelayMs: 1000, // ...at 1 s (spec 3 §9)
  xhrTimeoutMs: 15_000, // XHR timeout 15 s (spec 3 §9): the key load time limit
} as const;

/** Quick-start configuration: short clips in the feed (spec 3 §9). */
export const quickStartHlsConfig = {
  bufferSeconds: 8, // buffer 8 s (spec 3 §9)
  maxBufferSeconds: 16, // max buffer 16 s (spec 3 §9)
  fragTimeoutMs: 10_000, // fragment timeout 10 s (spec 3 §9)
  fragMaxRetry: 6, // 6 fragment retries (spec 3 §9 and §8 pool note) - not given to hls.js: the recovery table owns them
  manifestTimeoutMs: 12_000, // manifest timeout 12 s (spec 3 §9)
  manifestMaxRetry: 4, // 4 manifest retries (spec 3 §9)
} as const;

/** Retry delays for playlist loads hls.js retries itself (spec 3 §9). */
export const retryDelayConfig = {
  baseMs: 800, // retry delay base 800 ms (spec 3 §9)
  maxMs: 5000, // max 5000 ms; also the pool's exponential backoff cap (spec 3 §8, §9)
} as const;

export interface BufferProfile {
  forwardSeconds: number;
  maxForwardSeconds: number;
  sizeBytes: number;
  backSeconds: number;
}

/** Buffer profiles (spec 3 §9 table). Cells the table leaves empty come from the "general" row or the pool config. */
export const bufferProfiles = {
  general: { forwardSeconds: 30, maxForwardSeconds: 30, sizeBytes: 60 * MB, backSeconds: 90 }, // max 30 s, 60 MB, back 90 s
  full: { forwardSeconds: 60, maxForwardSeconds: 60, sizeBytes: 60 * MB, backSeconds: 120 }, // 60 s, back 120 s (size: general)
  short: { forwardSeconds: 15, maxForwardSeconds: 30, sizeBytes: 30 * MB, backSeconds: 5 }, // 15 s, 30 MB (max/back: pool)
  modal: { forwardSeconds: 45, maxForwardSeconds: 45, sizeBytes: 90 * MB, backSeconds: 90 }, // 45 s, 90 MB (back: general)
  playPage: { forwardSeconds: 60, maxForwardSeconds: 60, sizeBytes: 120 * MB, backSeconds: 90 }, // 60 s, 120 MB (back: general)
  lowMemory: { forwardSeconds: 8, maxForwardSeconds: 16, sizeBytes: 15 * MB, backSeconds: 5 }, // under 3 GB: 8 s, 15 MB (max: quick-start, back: pool)
} as const satisfies Record<string, BufferProfile>;

/** Recovery by error (spec 3 §8 table, §9 thresholds). */
export const recoveryConfig = {
  fragmentRetries: 4, // fragment load: retry up to 4 times (spec 3 §8, §9 "fragment retries 4")
  fragmentQuickRetries: 3, // ...the first 3 quickly (spec 3 §8, §9 "quick retries 3")
  fragmentQuickDelayMs: 1200, // ...at about 1.2 s (spec 3 §8)
  fragmentLaterDelayMs: 2000, // later ones after 2 s (spec 3 §8)
  fragmentSwitchAfterMs: 3000, // then switch video after 3 s (spec 3 §8)
  timeoutDelayFactor: 1.5, // fragment timeout: "same with longer delays" (spec 3 §8); the factor is ours
  manifestSwitchAfterMs: 2000, // manifest errors: switch after about 2 s (spec 3 §8 "2-2.5 s")
  levelSwitchAfterMs: 2500, // playlist (level) errors: switch after about 2.5 s (spec 3 §8 "2-2.5 s")
  keyRetryDelayMs: 3000, // key errors retry once after 3 s (spec 3 §8)
  keyRetries: 1, // ...and switch on the 2nd (spec 3 §8)
  stallRecoveries: 2, // buffer stall: at most 2 smart recoveries (spec 3 §8)
  stallSwitchAbove: 3, // switch video when more than 3 (spec 3 §8)
  seekHoleRecoveries: 3, // seek over hole: at most 3 recoveries (spec 3 §8)
  seekHoleSwitchAbove: 5, // switch when more than 5 (spec 3 §8)
  nudgeSeconds: 0.1, // buffer stalls nudge the position by 0.1 s (spec 1 §8)
  mediaRecoveries: 2, // fatal media: recover, then swap audio codec + recover (hls.js API.md), then switch (ours)
  networkRestarts: 3, // fatal network errors outside the table: restart loading at most 3 times (ours)
  totalErrors: 15, // total errors per item before switching (spec 3 §9)
  consecutiveErrors: { clip: 8, full: 10, modal: 10, 'play-page': 20 }, // consecutive errors by mode (spec 3 §9: 8 short, 10 modal, 20 play page)
} as const;

/** Error loop guard (spec 3 §4, §9). */
export const errorLoopConfig = {
  windowMs: 5000, // less than 5 s between occurrences (spec 3 §4)
  repeats: 3, // 3 or more occurrences stop retrying (spec 3 §4)
} as const;

/** Error recovery mode (spec 3 §4). */
export const recoveryModeConfig = {
  enterAfterErrors: 3, // entered after 3 consecutive errors (spec 3 §4)
  leaveAfterQuietMs: 30_000, // left after 30 s without errors (spec 3 §4)
  quietWindowsMs: [10_000, 20_000, 30_000], // counters reset by quiet windows of 10, 20, 30 s (spec 3 §4)
  unstableErrors: 1, // network quality: 1+ recent errors = unstable (ours)
  poorErrors: 3, // 3+ recent errors = poor (ours, same as the entry threshold)
} as const;

/** Ad skipping in full mode (spec 3 §4, §5). */
export const adSkipConfig = {
  checkThrottleMs: 100, // time checks throttled to 100 ms (spec 3 §4)
  jumpPastEndSeconds: 0.2, // jump target = ad end + 0.2 s (spec 3 §4)
  cooldownMs: 1000, // 1 s cool-down between jumps (spec 3 §4)
  lockMs: 800, // 800 ms lock after a jump (spec 3 §4)
  settleMs: 100, // the seek settles after 100 ms (spec 3 §4)
  mergeGapSeconds: 2, // ad intervals closer than 2 s are merged (spec 3 §5)
} as const;

/** Clip end and start watchdogs (spec 1 §8, spec 3 §4, §8, §9). */
export const playbackTimingConfig = {
  clipEndGraceSeconds: 0.5, // the clip stops at clip end + 0.5 s (spec 3 §4)
  loadingTimeoutHlsMs: 8000, // 'loading timeout' with the streaming library: 8 s (spec 1 §8)
  loadingTimeoutNativeMs: 15_000, // ...native: 15 s (spec 1 §8)
  loadingRetries: 2, // up to 2 retries with growing delay, then "failed after 2 retries" (spec 3 §8; player:failedAfterRetries names the count)
  playStartTimeoutMs: 30_000, // "HLS.js play timeout" after 30 s (spec 3 §8, §9)
  mediaAttachTimeoutMs: 10_000, // media attach timeout 10 s (spec 3 §8)
  hlsFallbackTimeoutMs: 5000, // the native player refused the source: hls.js gets 5 s to start (spec 3 §8 MEDIA_ERR_SRC_NOT_SUPPORTED)
  forcedPlayDelayMs: 200, // forced play: clear the source, wait 200 ms, then play (spec 3 §4 last-resort recovery)
  timeUpdateThrottleMs: 250, // progress time-update throttle 250 ms (spec 1 §9)
  releaseOutgoingAfterMs: 400, // not in spec: the slide that left keeps its instance this long, so the swipe's first frame does not wait for its teardown
} as const;

/** Build variants (spec 1 §9). */
export const variantConfig = {
  premium: { maxQuality: 1080, preload: 3, requestTimeoutMs: 8000 }, // premium: 1080p, preload 3, request 8 s
  standard: { maxQuality: 720, preload: 2, requestTimeoutMs: 5000 }, // standard: 720p, preload 2, request 5 s
  defaultVariant: 'premium', // this build uses premium (spec 1 §1)
} as const;

/** Safari's time-outs (spec 1 §9): playlists, segments, everything else. */
export const safariTimeoutConfig = {
  playlistMs: 12_000, // playlists 12 s on Safari (spec 1 §9)
  segmentMs: 18_000, // segments 18 s on Safari (spec 1 §9)
  otherMs: 15_000, // other requests 15 s on Safari (spec 1 §9)
} as const;

/** Device and network adaptation (spec 1 §9, spec 3 §9). */
export const adaptationConfig = {
  ...deviceConfig, // the device class's thresholds and quality caps (workers/core/config.ts)
  checkIntervalMs: 60_000, // network speed checked every 60 s (spec 1 §9)
  preloadByNetwork: { fast: 3, medium: 2, slow: 1 }, // preload 3 fast, 2 medium, 1 slow (spec 1 §9)
  rttProbePath: '/api.php/provide/vod/?ac=list', // a HEAD request to the list path measures speed (spec 1 §7)
} as const;

/** Native HLS: the server's cleaned playlist (server/routes/media/clean.ts). */
export const nativeHlsConfig = {
  cleanPath: '/api/v2/hls/clean.m3u8', // the cleaned-playlist endpoint for native players
  mimeType: 'application/vnd.apple.mpegurl', // the playlist mime type native players are asked about (spec 3 §8)
  secondsDecimals: 3, // start/end sent with millisecond precision (the endpoint takes plain decimals)
} as const;
