// A batch of analytics events as the page sends it, parsed with a schema.
//
// What is kept, and why (privacy, decided for issue 15): the kind, the page
// name and, for a clip start, the catalogue video id, stamped with the
// server's clock. Nothing that names a visitor: no address (the rate limiter
// counts addresses in memory only), no user agent, no player, device or
// session id, no query string (search words are the visitor's own), no
// referrer. Counts per page and per video need no more; a visitor cannot be
// followed across events.

import { z } from 'zod';
import { INT4_MAX } from '../../db/limits';
import { analyticsConfig as c } from './config';

const page = z.enum(c.pages);

const eventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page_view'), page }).strict(),
  z.object({ kind: z.literal('clip_start'), page, videoId: z.number().int().min(1).max(INT4_MAX) }).strict(),
]);
export type AnalyticsEvent = z.output<typeof eventSchema>;

export const batchSchema = z.object({ events: z.array(eventSchema).min(1).max(c.maxEventsPerBatch) }).strict();
