// Serving the built web app's page (index-page.ts).

export const staticConfig = {
  // The feed's first catalogue request, as index.html's inline script sends it (tests/server/index-page.test.ts holds them equal).
  firstPageUrl: '/api.php/provide/vod/?ac=detail&pg=1&limit=20&lang=pt',
  // The page waits at most this long for that answer to name the first poster; past it, the page goes out without one.
  firstPosterWaitMs: 250,
  // Pages kept compressed, one per first poster (the catalogue's first item changes rarely).
  pageCacheEntries: 4,
} as const;
