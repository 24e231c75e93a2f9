// Media constants: static demo files, the cleaned-playlist endpoint and the
// upstream playlist fetches it shares with the short-video worker.

export const mediaConfig = {
  urlPrefix: '/media/', // DATA_DIR/media (older demo media) is served here
  legacyDirName: 'media', // DATA_DIR/media, written by npm run media and the e2e setup
  playlistMaxAgeS: 60, // playlists may be regenerated (new demo version): cache briefly
  fileMaxAgeS: 86_400, // segments and posters never change under the same name
  corsMaxAgeS: 600, // browsers may reuse a preflight answer for 10 minutes
  cleanPath: '/api/v2/hls/clean.m3u8', // the cleaned-playlist endpoint for native HLS players
  cleanMaxAgeS: 30, // cleaned playlists follow their upstream closely
  maxSrcLength: 2048, // longest src URL accepted
  hostCacheMs: 30_000, // the catalogue's playlist hosts are re-read at most this often...
  hostRecheckMs: 2_000, // ...or sooner on a miss (a video just added), but never more often than this
  upstreamTimeoutMs: 8_000, // one upstream playlist request, body included (spec 3 §9: fallback attempt 8 s)
  maxPlaylistBytes: 8 * 1024 * 1024, // a 10,000-segment playlist is ~1 MB; anything far larger is not a playlist (the clean endpoint answers 422)
  cleanMaxSegments: 100_000, // #EXTINF entries the clean endpoint works on (a day of 1 s segments); more answers 422 before any parsing
  cleanCacheTtlMs: 300_000, // cleaned answers are reused for 5 min (spec 3 §9: preload cache entries expire after 300 s)
  cleanCacheLiveShare: 0.5, // ...a live playlist (no EXT-X-ENDLIST) for half its target duration only: it changes every target duration
  cleanCacheMaxBytes: 64 * 1024 * 1024, // memory for cached cleaned answers, counted at 2 bytes a character (keys included): ~4 of the largest
  cleanPoolMaxThreads: 4, // worker threads parsing and cleaning: one fewer than the CPUs (the event loop keeps one), at least 1, at most this
  cleanMaxInFlight: 8, // distinct cleans (fetching, waiting or running) at once, each holding up to maxPlaylistBytes; more answers 503 at once
  cleanPoolMaxQueue: 8, // parse/clean tasks waiting for a thread (a clean has one at a time: never full under cleanMaxInFlight); more answers 503
  cleanRetryAfterS: 5, // Retry-After of those 503s: about the time the pool needs to drain
  maxRedirects: 3, // upstream redirects followed, each checked against the allowed hosts
  variantNetwork: 'medium', // network class used to pick a variant server-side (no client measurement here)
  probeTimeLimitMs: 3_000, // the media probe of one playlist (issue 19) gives up after this; the text-only result stands
  probeRequestTimeoutMs: 2_000, // one Range request of the probe
  probeCacheTtlMs: 3_600_000, // a segment's signature is kept this long: a segment URL's bytes do not change
  probeCacheMaxEntries: 50_000, // signatures kept (a few hundred bytes each)
  probeMaxSegments: 20_000, // playlists longer than this are not probed (their segment list is not copied out of the worker thread)
  playlistAccept: 'application/vnd.apple.mpegurl, application/x-mpegurl, audio/mpegurl, */*;q=0.8', // Accept sent upstream
} as const;

/** Content types by extension; @fastify/static's table is overridden for these so players never guess. */
export const mediaTypes: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.aac': 'audio/aac',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};
