// Worker-side orchestration settings (the pure engine's live in workers/core/config.ts).

export const warmStartConfig = {
  // index.html posts the feed's first catalogue page under this kind (tests/worker/warm-start-worker.test.ts keeps them equal).
  firstPageKind: 'clipfeed:first-page',
  // The catalogue fields a feed item may take its address from, in the feed's order (src/feed/feed-item.ts; the
  // catalogue schema keeps no other address field).
  addressFields: ['m3u8_url', 'short_m3u8_url', 'vod_play_url'],
  // ...and its short-clip address from (spec 1 §5).
  shortFields: ['short_m3u8_url', 'm3u8_url'],
} as const;
