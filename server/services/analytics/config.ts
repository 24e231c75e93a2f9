// First-party analytics constants (issue 15: page views and clip starts,
// behind the app-config flag `analytics`, spec 2 enableAnalytics).

export const analyticsConfig = {
  // The event kinds the page reports.
  kinds: ['page_view', 'clip_start'],
  // The app's page names (spec 1 §2, the values of ?n=); anything else is refused.
  pages: ['douyin', 'discover', 'search', 'category', 'video-detail', 'video-play', 'navigation'],
  // Events per batch: the page sends at most 20 at a time (src/analytics/config.ts); more is a forged batch.
  maxEventsPerBatch: 50,
  // A batch's body is a few hundred bytes; 8 KiB holds the largest valid one with room to spare.
  bodyBytes: 8 * 1024,
  // Latest events the operator's summary lists.
  recentShown: 20,
} as const;
