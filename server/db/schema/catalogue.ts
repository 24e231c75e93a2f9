// The MacCMS-style catalogue: categories (type_*) and videos (vod_*).

import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const categories = pgTable('categories', {
  typeId: integer('type_id').primaryKey(),
  typePid: integer('type_pid').notNull().default(0),
  typeName: text('type_name').notNull(),
  typeEn: text('type_en').notNull().default(''),
  /**
   * Our own names per interface language (pt-BR, zh, en, ja, ko), beside MacCMS's type_name and type_en,
   * which stay as a MacCMS source sends them; {} for an imported category (its type_name is the truth).
   */
  typeNames: jsonb('type_names').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  typeSort: integer('type_sort').notNull().default(0),
  /** 1 = video module (MacCMS type_mid). */
  typeMid: integer('type_mid').notNull().default(1),
  typeStatus: integer('type_status').notNull().default(1),
});

export const videos = pgTable(
  'videos',
  {
    vodId: serial('vod_id').primaryKey(),
    typeId: integer('type_id').notNull(),
    vodName: text('vod_name').notNull(),
    vodNamePt: text('vod_name_pt'),
    vodNameEn: text('vod_name_en'),
    vodNameJa: text('vod_name_ja'),
    vodNameKo: text('vod_name_ko'),
    vodSub: text('vod_sub').notNull().default(''),
    vodEn: text('vod_en').notNull().default(''),
    vodPic: text('vod_pic').notNull().default(''),
    vodRemarks: text('vod_remarks').notNull().default(''),
    vodArea: text('vod_area').notNull().default(''),
    vodLang: text('vod_lang').notNull().default(''),
    vodYear: text('vod_year').notNull().default(''),
    vodDirector: text('vod_director').notNull().default(''),
    vodActor: text('vod_actor').notNull().default(''),
    vodContent: text('vod_content').notNull().default(''),
    vodPlayFrom: text('vod_play_from').notNull().default(''),
    vodPlayServer: text('vod_play_server').notNull().default(''),
    vodPlayNote: text('vod_play_note').notNull().default(''),
    vodPlayUrl: text('vod_play_url').notNull().default(''),
    /** Duration of the main source in seconds, when known (demo content). */
    vodDuration: integer('vod_duration'),
    vodHits: integer('vod_hits').notNull().default(0),
    vodTime: timestamp('vod_time', { withTimezone: true }).notNull().defaultNow(),
    /** Where the row came from: 'demo:<slug>' or '<upstream host>:<upstream vod_id>' (imports update instead of duplicating). */
    sourceKey: text('source_key').notNull(),
    /** Upstream fields we do not model, kept as sent. */
    extra: jsonb('extra').notNull().default(sql`'{}'::jsonb`),
    /** The imported video's source (catalogue_sources) and its vod_id there; null for local content. */
    sourceId: integer('source_id'),
    upstreamId: bigint('upstream_id', { mode: 'number' }),
    /** Set when a whole-source import no longer found the video upstream: hidden from every public query, kept for history. */
    goneAt: timestamp('gone_at', { withTimezone: true }),
    /** The import run that last saw the video (a completed full run marks the source's others gone). */
    seenRunId: integer('seen_run_id'),
  },
  (t) => [
    uniqueIndex('videos_source_key_idx').on(t.sourceKey),
    index('videos_type_idx').on(t.typeId, t.vodTime),
    index('videos_time_idx').on(t.vodTime),
    index('videos_source_idx').on(t.sourceId, t.upstreamId),
  ],
);
