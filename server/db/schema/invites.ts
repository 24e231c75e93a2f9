// Invites of the weekly invite task (spec 2 §3, issue 15): a player created
// from an invite link is the invitee of at most one inviter. The invite is
// judged when the invitee is created (pending, or refused for the same
// device, address or fingerprint) and credited to the inviter once, after the
// invitee's first counted watch cycle, at most one per inviter per week.

import { sql } from 'drizzle-orm';
import { index, integer, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { players } from './players';

export const invites = pgTable(
  'invites',
  {
    id: serial('id').primaryKey(),
    inviterRef: integer('inviter_ref')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    inviteeRef: integer('invitee_ref')
      .notNull()
      .unique()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** pending | credited | refused */
    status: text('status').notNull(),
    /** Why a refused invite earns nothing: same_device | same_address | same_fingerprint | weekly_limit | inviter_disabled. */
    reason: text('reason'),
    /** How alike the invitee's device was to the inviter's known devices (0..1, fingerprint-match.ts). */
    deviceMatch: real('device_match').notNull().default(0),
    /** The points week ('YYYY-Www') the credit belongs to; set when credited. */
    creditWeek: text('credit_week'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('invites_inviter_idx').on(t.inviterRef),
    // The weekly limit held by the database too: one credited invite per inviter and week.
    uniqueIndex('invites_one_credit_per_week').on(t.inviterRef, t.creditWeek).where(sql`${t.status} = 'credited'`),
  ],
);
