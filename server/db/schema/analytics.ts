// First-party analytics (issue 15): page views and clip starts as the page
// reports them. Anonymous by design (server/services/analytics/events.ts says
// what is kept and why): no address, user agent, player, device or session.

import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial('id').primaryKey(),
    /** page_view | clip_start */
    kind: text('kind').notNull(),
    /** One of the app's seven page names (spec 1 §2): where the view or the clip start happened. */
    page: text('page').notNull(),
    /** The catalogue vod_id of a clip start; null for a page view. */
    videoId: integer('video_id'),
    /** The server's clock when the batch arrived (a client's clock is not trusted). */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_kind_idx').on(t.kind, t.page)],
);
