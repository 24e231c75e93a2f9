// The installable app (issue 17 "Repeat visit"): where the service worker and
// the manifest live, shared by the build (build/pwa.ts) and the page.

export const pwaConfig = {
  scriptUrl: '/sw.js', // the Workbox service worker the build writes (no-cache on the server: updates are seen at once)
  scope: '/', // the whole app: every page is `/` with a query
  manifestUrl: '/manifest.webmanifest', // the web app manifest the build writes and index.html links
  latestWithoutPlayMs: 8_000, // on a page where no clip plays (discover, search), registration waits this long after the call instead
  idleTimeoutMs: 5_000, // registration waits for an idle moment after `load`, at most this long: its precache downloads must not compete with the first clip
} as const;
