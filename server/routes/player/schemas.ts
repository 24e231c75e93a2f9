// Request bodies of the player API (spec 1 §7). Optional fields may be absent
// or null; every string is bounded; unknown fields are dropped.

import { z } from 'zod';
import { INT4_MAX } from '../../db/limits';
import { inviteDefaults, playerDefaults } from '../../services/players/config';

/** Absent and null both mean "not sent". */
const opt = <S extends z.ZodType>(s: S) => s.nullish().transform((v) => v ?? undefined);
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const int = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d+$/, 'must be a whole number').transform(Number)])
    .pipe(z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

export const deviceIdSchema = z
  .string({ error: 'is required' })
  .min(1, 'must not be empty')
  .max(playerDefaults.deviceIdMaxLength, `must be at most ${playerDefaults.deviceIdMaxLength} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, _ and -');

const deviceFields = {
  identity_id: opt(text(128)),
  user_agent: opt(text(512)),
  browser_fingerprint: opt(text(256)),
  timezone: opt(text(64)),
  screen_resolution: opt(text(32)),
  color_depth: opt(int(0, 64)),
  language: opt(text(35)),
};

export const initBody = z.object({
  device_id: deviceIdSchema,
  ...deviceFields,
  risk_score: opt(z.number().min(0, 'must be 0 to 100').max(100, 'must be 0 to 100')),
  is_new_user: opt(z.boolean()),
  confidence: opt(z.number().min(0, 'must be 0 to 100').max(100, 'must be 0 to 100')),
  referrer: opt(text(2048)),
  webdriver: opt(z.boolean()),
  // The three-sample rule (spec 1 §5): the fingerprint as read several times in a row.
  fingerprint_samples: opt(z.array(text(256), { error: 'must be a list of fingerprints' }).max(playerDefaults.fingerprintSamplesAtInit, `must hold at most ${playerDefaults.fingerprintSamplesAtInit} samples`)),
  // The inviter's player id from an invite link (?invite=).
  invite: opt(
    z
      .string({ error: 'must be an invite code' })
      .min(1, 'must not be empty')
      .max(inviteDefaults.codeMaxLength, `must be at most ${inviteDefaults.codeMaxLength} characters`)
      .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, _ and -'),
  ),
});

/** The credential alone; failures here answer 401, not 400 (see auth.ts). */
export const credentialBody = z.object({
  credential: z.string({ error: 'credential is required' }).min(10, 'credential is malformed').max(128, 'credential is malformed'),
});

export const infoBody = z.object({
  player_id: opt(text(64)),
  device_id: opt(deviceIdSchema),
  validation_type: opt(text(32)),
  timestamp: opt(z.union([z.number(), text(64)])),
  ...deviceFields,
});


/**
 * A catalogue video id: a number or a string of digits, 1 .. int4 max.
 * Anything else ("not-a-video", "12abc", 1.5) is a 400.
 */
const videoId = z
  .union([z.number(), z.string().regex(/^\d{1,12}$/).transform(Number)], { error: 'video_id is required: a catalogue video id (a positive whole number)' })
  .pipe(z.number().int('must be a whole number').min(1, 'must be at least 1').max(INT4_MAX, `must be at most ${INT4_MAX}`));

/** The ticket is checked by the rules (a missing or bad one answers is_valid_watch false with a reason), not here. */
export const watchBody = z.object({
  video_id: videoId,
  ticket: z.unknown().optional(),
});

export const startBody = z.object({
  video_id: videoId,
});

export const transactionsBody = z.object({
  page: opt(int(1, 1_000_000)).transform((v) => v ?? 1),
  page_size: opt(int(1, playerDefaults.transactionsMaxPageSize)).transform((v) => v ?? playerDefaults.transactionsPageSize),
});

export const pointsChangeBody = z.object({
  source: z.string({ error: 'source is required' }).min(1, 'must not be empty').max(64, 'must be at most 64 characters'),
  amount: opt(z.number().int('must be a whole number')),
});

export const ssoQuery = z.object({
  accessToken: z.string({ error: 'accessToken is required' }).min(1, 'must not be empty').max(4096, 'is too long'),
});
