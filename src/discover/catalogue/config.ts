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
} as const;
