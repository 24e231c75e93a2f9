// The short-video service: clips cut from catalogue videos by persisted tasks.

import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const shortVideos = pgTable(
  'short_videos',
  {
    id: serial('id').primaryKey(),
    /** The catalogue vod_id the clip was cut from. */
    originalId: integer('original_id').notNull(),
    title: text('title').notNull(),
    /** The original media playlist the clip's segments come from. */
    sourceUrl: text('source_url').notNull(),
    /** The clip playlist (absolute segment URIs), served at /api/v2/short-videos/{id}/index.m3u8. */
    playlist: text('playlist').notNull(),
    startSec: real('start_sec').notNull(),
    endSec: real('end_sec').notNull(),
    adSegments: integer('ad_segments').notNull().default(0),
    playCount: integer('play_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('short_videos_original_idx').on(t.originalId)],
);

export const shortVideoTasks = pgTable(
  'short_video_tasks',
  {
    id: serial('id').primaryKey(),
    videoId: integer('video_id').notNull(),
    /** pending | running | completed | failed */
    status: text('status').notNull().default('pending'),
    errorMessage: text('error_message'),
    config: jsonb('config').notNull().default(sql`'{}'::jsonb`),
    shortVideoId: integer('short_video_id'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('short_video_tasks_status_idx').on(t.status, t.id)],
);

export const shortVideoPlays = pgTable('short_video_plays', {
  id: serial('id').primaryKey(),
  shortVideoId: integer('short_video_id').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  referer: text('referer'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
