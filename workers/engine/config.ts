// Worker-side orchestration settings (the pure engine's live in workers/core/config.ts).

export const warmStartConfig = {
  // index.html posts the feed's first catalogue page under this kind (tests/worker/warm-start-worker.test.ts keeps them equal).
  firstPageKind: 'clipfeed:first-page',
} as const;

/** The media probe in the worker (issue 19): later clips of a video lose the ads only its media reveals. */
export const mediaProbeConfig = {
  networks: ['fast', 'medium'], // network classes that probe; slow and Save-Data never do
  startDelayMs: 1_500, // a probe waits this long after its clip was shown: the clip's first fragments go first
  timeLimitMs: 10_000, // one playlist's probe gives up after this; the verdict stands on what was read
  readsInFlight: 2, // Range reads in flight at once (fewer than the server's: playback shares the connection)
  queueMax: 4, // playlists waiting for their probe; the oldest waiting is dropped when the feed has moved on
  resultsMax: 32, // playlists whose verdict is kept (a few segment indexes each)
  shownPlaylistsMax: 8, // media playlists of prepared clips kept for their showing, so a probe needs no second fetch (the clips ahead and behind)
  resultTtlMs: 30 * 60_000, // a verdict is kept this long: a VOD playlist's segments do not change
  originsMax: 64, // origins remembered as refusing Range reads
  failedOriginHoldMs: 10 * 60_000, // an origin whose Range read threw (CORS refusal or network failure, alike) rests this long, then is tried again
} as const;
