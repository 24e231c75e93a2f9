// Every constant of the feed's data side (spec 1 §4, §7, §9; spec 3 §4, §9),
// one comment each. Values marked "ours" are not in the spec.

export const feedConfig = {
  batchSize: 10, // up to 10 videos loaded per batch (spec 1 §4 "Feed page loading")
  cooldownMs: 5_000, // a loading error triggers a 5 s cool-down (spec 1 §4)
  maxRetries: 3, // ... and up to 3 retries (spec 1 §4)
  firstPageTimeoutMs: 3_000, // the first page is requested under a 3 s abort (spec 1 §7)
  maxPagesPerBatch: 3, // list pages read for one batch when most items are already seen (ours)
  emergencyToastDelaysMs: [2_000, 3_000, 5_000], // emergency-load toast delays (spec 1 §4 "Feed navigation")
  adEverySwitches: 5, // an ad after every 5th switch (spec 1 §9)
  heapLimitRatio: 0.85, // heap limit for loading: 85% (spec 1 §9)
  recentActivityMs: 10_000, // recently active window 10 s (spec 1 §9)
  nearEndItems: 5, // near the end: 5 or fewer items left (spec 1 §9)
  verySlowRetryLimit: 1, // very slow network refuses loading once retries are above 1 (spec 1 §4)
  verySlowNetworks: ['slow-2g', '2g'], // effectiveType values counted as "very slow" (ours)
  loadingMoreToasts: 4, // the four loading-more toasts rotate (spec 1 §8)
  fastCacheWriteDelayMs: 1000, // the fast cache is written this long after a change, off the swipe's task (ours)
  keptPreparedClips: 3, // prepared clips kept for items behind the current one (going back replays at once); the worker caches 5 min anyway
} as const;

export const randomPlayConfig = {
  minPage: 1, // random page from 1 (spec 3 §9)
  maxPage: 50, // ... to 50 (spec 3 §9)
  parallelPages: 3, // three pages fetched in parallel (spec 3 §7, §9)
  loadTimeoutMs: 8_000, // load timeout 8000 ms (spec 3 §9)
  maxRetries: 2, // automatic retries (spec 3 §9)
  retryDelayMs: 1_000, // retry delay 1000 ms x the attempt number (spec 3 §9)
  maxRetryDelayMs: 5_000, // ... up to 5 s (spec 3 §9)
  batchCacheTtlMs: 600_000, // random pages are reused for 10 min (spec 3 §9)
  batchSize: 5, // items handed to the feed per batch (spec 3 §9)
  concurrency: 3, // requests at once (spec 3 §9)
  manualRetries: 2, // manual retry allowed up to 2 times (spec 3 §4)
  shortClipsPerPage: 1, // random short-video-service clips mixed into each random page (ours: one request each, on top of the page's two)
} as const;

export const fastCacheConfig = {
  storageKey: 'fastVideoCache', // local storage key {videos, timestamp, currentIndex} (spec 1 §3)
  ttlMs: 600_000, // local fast cache valid 10 min (spec 1 §9)
  minVideos: 10, // holding 10 ... (spec 1 §9)
  maxVideos: 15, // ... to 15 videos (spec 1 §9)
} as const;

export const playSourceConfig = {
  categoriesTtlMs: 300_000, // categories cached 5 min (spec 1 §9 cache TTLs)
} as const;
