// Diagnostic tool constants (spec 2 §2.7: the checks and their layout are
// ours; thresholds reuse the app's own adaptation rules where it has them,
// src/player/config.ts adaptationConfig).

export const diagnosticsConfig = {
  // Round trips to the catalogue list path per run; the median is reported (chosen: one sample is noisy on mobile).
  rttSamples: 3,
  // Each probe (HLS library, round trip, autoplay, IndexedDB, storage estimate) gives up after this long (chosen).
  probeTimeoutMs: 5000,
  // Codecs asked of MediaSource.isTypeSupported (H.264 baseline and high, AAC-LC, HEVC).
  codecs: {
    h264: 'video/mp4; codecs="avc1.42E01E"',
    h264High: 'video/mp4; codecs="avc1.64001F"',
    aac: 'audio/mp4; codecs="mp4a.40.2"',
    hevc: 'video/mp4; codecs="hvc1.1.6.L93.B0"',
  },
  // Below this much free storage quota the app's caches may be refused (chosen: a few clip playlists and posters).
  lowQuotaMb: 50,
  // The silent clip of the autoplay test: 8 kHz mono 8-bit PCM, this many samples (0.25 s).
  silentClipSamples: 2000,
  silentClipRate: 8000,
  // Latest error reports listed in the copied report (chosen).
  reportErrors: 5,
  // Database opened (and deleted) to test IndexedDB.
  indexedDbProbeName: 'clipfeed-diagnostics',
} as const;
