// Worker-side orchestration settings (the pure engine's live in workers/core/config.ts).

export const warmStartConfig = {
  // index.html posts the feed's first catalogue page under this kind (tests/worker/warm-start-worker.test.ts keeps them equal).
  firstPageKind: 'clipfeed:first-page',
} as const;
