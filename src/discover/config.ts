// Every constant of the Discover page (spec 2 §2.3, §9), one comment each.
// Catalogue sizes and cache lifetimes live in ../config.ts.

import type { PlatformClass } from '../lib/platform';

export const discoverConfig = {
  // Category previews loaded at once: 2 on Safari or iOS, 3 on mobile, 5 on desktop (spec 2 §9).
  batchSize: { 'safari-ios': 2, mobile: 3, desktop: 5 } satisfies Record<PlatformClass, number>,
  // Pause between preview batches: 500, 300 and 200 ms (spec 2 §9).
  batchDelayMs: { 'safari-ios': 500, mobile: 300, desktop: 200 } satisfies Record<PlatformClass, number>,
  // Pause before the first batch: 500 ms on Safari or iOS only (spec 2 §9).
  initialDelayMs: { 'safari-ios': 500, mobile: 0, desktop: 0 } satisfies Record<PlatformClass, number>,
  // Wait before the saved scroll position is put back (spec 2 §9 cache restore delay: 200, 100 or 150 ms).
  restoreDelayMs: { 'safari-ios': 200, mobile: 100, desktop: 150 } satisfies Record<PlatformClass, number>,
  // An image preload gives up after 8 s on Safari or iOS, 5 s otherwise (spec 2 §9).
  preloadTimeoutMs: { 'safari-ios': 8_000, mobile: 5_000, desktop: 5_000 } satisfies Record<PlatformClass, number>,
  preloadPerCategory: 3, // the first 3 videos of each category are preloaded (spec 2 §9)
  imageCacheEntries: 50, // preloaded images remembered, the oldest forgotten first (spec 2 §9)
  homeCacheMs: 300_000, // the home's categories and previews are reused for 5 min (spec 2 §9 discover cache)
  sessionKey: 'discover_search_state', // session storage key of the search state (spec 2 §2.3)
  firstTipKey: 'discover_first_tip_seen', // local storage flag: the first-time tip was shown (ours)
  maxQueryLength: 100, // search box limit: the catalogue refuses a longer wd (ours, as the server's maxSearchLength)
  suggestDebounceMs: 250, // suggestions are asked this long after the last keystroke (ours: one request per pause, not per key)
  suggestMaxLength: 50, // longer text asks no suggestions: the server refuses it (ours, as its suggestMaxQueryLength)
  // The ad card's place in the category grid that follows the first row: index 1 there (spec 2 §2.3 says index 1; counted
  // in the whole grid that put an ad in the first row, and issue 16 point 12 wants a first row of videos only).
  adCardIndex: 1,
  gridColumns: 3, // cards per row of the results and category grids (discover.css .cf-discover-grid has as many columns)
  eagerCards: 6, // grid cards whose posters load at once: the first screen (ours)
  // Category sections under the recommended row on a 412x823 phone's first screen: the first whole, the second's top (ours).
  eagerSections: 2,
  rowCardsAcross: 3.25, // a home row shows this many cards across: three whole and a bit (discover.css .cf-discover-row divides by it)
  skeletonSections: 3, // skeleton sections while the categories load: one screen's worth (ours)
  skeletonCardsPerRow: 3, // skeleton cards per row before a section's videos arrive (ours)
} as const;
