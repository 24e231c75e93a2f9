// Anonymous players, their points ledger, partner-site accounts and the
// single-use sign-on tokens. Points never go below zero (check constraint).

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    /** Public id: 'P' + random. */
    playerId: text('player_id').notNull().unique(),
    /** SHA-256 (hex) of the credential; the credential itself is never stored. */
    credentialHash: text('credential_hash').notNull().unique(),
    deviceId: text('device_id').notNull(),
    points: integer('points').notNull().default(0),
    videoWatchCount: integer('video_watch_count').notNull().default(0),
    /** Counted watches in the current cycle (0 .. videos_required - 1). */
    currentProgress: integer('current_progress').notNull().default(0),
    lastCountedWatchAt: timestamp('last_counted_watch_at', { withTimezone: true }),
    /** Video ids counted in the current cycle (a video counts once per cycle); emptied when the cycle completes. */
    cycleVideoIds: integer('cycle_video_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** The points day (resets 06:00 America/Sao_Paulo) the daily counters belong to, 'YYYY-MM-DD'. */
    dailyDay: text('daily_day'),
    dailyWatchCount: integer('daily_watch_count').notNull().default(0),
    dailyPointsEarned: integer('daily_points_earned').notNull().default(0),
    /** Day of the last daily check-in task, 'YYYY-MM-DD' (same day key). */
    checkinDay: text('checkin_day'),
    riskScore: real('risk_score').notNull().default(0),
    /** Fingerprints and device data sent at init (bounded list). */
    fingerprints: jsonb('fingerprints').notNull().default(sql`'[]'::jsonb`),
    ip: text('ip'),
    userAgent: text('user_agent'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('players_points_nonnegative', sql`${t.points} >= 0`)],
);

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    playerRef: integer('player_ref')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** earn | spend | recharge */
    type: text('type').notNull(),
    amount: integer('amount').notNull(),
    /** Server-known source: video_watch, daily_checkin, partner_signup, ... */
    source: text('source').notNull(),
    description: text('description').notNull().default(''),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transactions_player_idx').on(t.playerRef, t.id)],
);

/** Accounts on the partner site, created through sign-on. */
export const partnerAccounts = pgTable('partner_accounts', {
  id: serial('id').primaryKey(),
  playerRef: integer('player_ref')
    .notNull()
    .unique()
    .references(() => players.id, { onDelete: 'cascade' }),
  /** The partner's own account name. */
  accountId: text('account_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSignOnAt: timestamp('last_sign_on_at', { withTimezone: true }),
});

/** Signed tokens are single-use: their id is recorded here when spent. */
export const usedTokens = pgTable('used_tokens', {
  jti: text('jti').primaryKey(),
  /** sso (to the partner) | return (back from the partner) */
  kind: text('kind').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Init calls per IP, for the "more than 10 in a minute" rule across processes. */
export const initAttempts = pgTable(
  'init_attempts',
  {
    id: serial('id').primaryKey(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('init_attempts_ip_idx').on(t.ip, t.createdAt)],
);
