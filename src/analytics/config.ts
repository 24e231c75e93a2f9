// First-party analytics on the page (issue 15; spec 1 §4: started 100 ms after
// mount, behind the app-config flag `analytics`, spec 2 enableAnalytics).
// Values are ours: the spec names the task, not its batching.

export const analyticsConfig = {
  // Where batches go, on the API's origin (server/routes/analytics/record.ts).
  path: '/api/v1/analytics/events',
  // A batch is sent this long after its first event, by fetch with keepalive (a visitor swiping makes one every few s).
  flushDelayMs: 10_000,
  // ...or at once when this many events wait; the server takes at most 50 per batch.
  batchSize: 20,
  // Events kept while the app config is still unknown or the network is down; older ones are dropped first.
  maxQueued: 100,
  // A fetch batch gives up after this long (the page may be leaving: keepalive lets it finish in the background).
  requestTimeoutMs: 8_000,
  // Latest events the diagnostic screen lists.
  recentShown: 20,
} as const;
