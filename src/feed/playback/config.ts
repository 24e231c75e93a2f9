// Feed playback wiring constants (the spec's player constants live in src/player/config.ts).

export const feedPlaybackConfig = {
  // Minimum time between two switches (spec 1 §4 "Player states": at least 500 ms).
  minSwitchIntervalMs: 500,
  // A watch is reported to the account store at most this often (the tracker needs seconds, not frames).
  reportPlaybackEveryMs: 1000,
  // While the next clip loads its first fragment, the visible clip buffers no further than this (it holds a fragment already).
  holdBufferSeconds: 1,
  // ...and for at most this long: a 6 s fragment buffered leaves room for the next one to arrive after the hold.
  holdMaxMs: 3000,
  // Not in spec: once the clip on screen plays, these neighbours' posters load (slides/poster-warm.ts): the next two
  // (a quick swiper lands on the second before its own neighbours could load) and the previous one.
  posterWarmOffsets: [1, 2, -1],
  // ...and at most this many posters are kept loaded (a few small pictures).
  posterWarmKept: 6,
  // Not in spec: one item beyond the preload count has its clip prepared too (short-clip lookup and playlists,
  // a few kB, no media): when it becomes next, only its first fragment is left to fetch.
  prepareBeyondPreload: 1,
  // Not in spec: when a swipe lands, the page's update waits for the clip to start, at most this long (first-frame.ts).
  landingUpdateMaxWaitMs: 150,
  // An image ad is shown this long, then the feed moves on (spec 1 §9: the premium build shows the promo 3 s, the standard 5 s).
  imageAdPromoMs: { premium: 3000, standard: 5000 },
} as const;
