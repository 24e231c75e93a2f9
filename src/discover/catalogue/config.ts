// Constants of the cached catalogue operations (spec 2 §7, §9), one comment
// each. Values marked "ours" are not in the spec.

export const catalogueServiceConfig = {
  homeCategories: 10, // discover home lists up to 10 categories (spec 2 §9)
  previewSize: 6, // category preview row: 6 videos (spec 2 §7, §9)
  categoryPageSize: 20, // category listing page size (spec 2 §7, §9)
  searchPageSize: 20, // search page size; pages = ceil(total / 20) (spec 2 §5, §9)
  relatedFetch: 12, // related videos: fetch 12 of the same category (spec 2 §7, §9)
  relatedShow: 8, // ... drop the current one and keep at most 8 (spec 2 §7, §9)
  categoriesTtlMs: 300_000, // categories cached 5 min (spec 2 §9)
  videosTtlMs: 120_000, // per-category video pages cached 2 min (spec 2 §9)
  searchTtlMs: 60_000, // search results cached 1 min (spec 2 §9)
  detailTtlMs: 300_000, // video details: the default response cache, 5 min (spec 2 §9)
  maxEntries: 100, // answers kept per cache before the least recently used goes (ours)
  requestTimeoutMs: 8_000, // detail and first list requests time out after 8 s (spec 2 §9)
  hotSize: 20, // hot videos: 20 (spec 2 §7, §9)
  hotHours: 24, // ... updated in the last 24 hours (h=24, spec 2 §7, §9)
  recommendedCategories: 5, // recommended: the first 5 categories ... (spec 2 §7, §9)
  recommendedPerCategory: 6, // ... 6 videos each, shuffled: 30 (spec 2 §7, §9)
  suggestLimit: 10, // suggestions asked for: 10 (spec 2 §7, §9 default)
  suggestTtlMs: 60_000, // suggestions reused 1 min, as search results (ours: spec 2 §9's search TTL)
  configWaitMs: 2_000, // a catalogue call waits at most this long for the app config (which backend, useAlternativeEndpoint) (ours)
} as const;
