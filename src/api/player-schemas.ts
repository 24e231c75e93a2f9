// Shapes of every player API answer (spec 1 §3 entities, as the server in
// server/routes/player sends them). Fields the product does not need may be
// absent; unknown fields are dropped.

import * as z from 'zod/mini';

const count = z.int().check(z.gte(0));
const stamp = z.string();

/** eligible, ready, or anything else (not enough points yet). */
export const win667StatusSchema = z.string();

export const playerInfoSchema = z.object({
  player_id: z.string().check(z.startsWith('P')),
  points: z.number(),
  has_win667: z.boolean(),
  win667_status: win667StatusSchema,
  video_watch_count: z.optional(count),
  current_progress: z.optional(count),
  created_at: z.optional(stamp),
  last_active_at: z.optional(stamp),
});
export type PlayerInfo = z.infer<typeof playerInfoSchema>;

export const initAnswerSchema = z.extend(playerInfoSchema, { credential: z.string() });
export type InitAnswer = z.infer<typeof initAnswerSchema>;

export const dailyInfoSchema = z.object({
  daily_video_limit: z.optional(z.number()),
  max_videos_per_day: z.optional(z.number()),
  enabled: z.boolean(),
  remaining_points_today: z.number(),
  remaining_videos_today: z.number(),
  daily_watch_count: z.number(),
  next_reset_time: z.optional(z.nullable(stamp)),
});
export type DailyInfo = z.infer<typeof dailyInfoSchema>;

export const watchResultSchema = z.object({
  points: z.number(),
  current_progress: count,
  required_videos: z.int().check(z.gte(1)),
  progress_complete: z.boolean(),
  is_valid_watch: z.boolean(),
  earned_points: z.number(),
  video_watch_count: z.optional(count),
  time_interval: z.optional(z.nullable(z.number())),
  min_interval: z.optional(z.number()),
  invalid_reason: z.optional(z.nullable(z.string())),
  daily_info: z.optional(dailyInfoSchema),
});
export type WatchResult = z.infer<typeof watchResultSchema>;

export const videoConfigSchema = z.object({
  videos_required: z.number(),
  points_reward: z.number(),
  min_interval: z.number(),
  min_watch_time: z.optional(z.number()),
  enabled: z.boolean(),
  daily_video_limit: z.number(),
  current_progress: z.optional(count),
});
export type VideoConfig = z.infer<typeof videoConfigSchema>;

export const pointsAnswerSchema = z.object({
  player_id: z.optional(z.string()),
  points: z.number(),
  has_win667: z.optional(z.boolean()),
  win667_status: z.optional(win667StatusSchema),
  points_required: z.optional(z.number()),
});
export type PointsAnswer = z.infer<typeof pointsAnswerSchema>;

export const pointsChangeSchema = z.object({
  points: z.number(),
  amount: z.number(),
  source: z.string(),
  next_checkin_time: z.optional(stamp),
});
export type PointsChange = z.infer<typeof pointsChangeSchema>;

export const transactionSchema = z.object({
  id: z.union([z.number(), z.string()]),
  type: z.string(),
  amount: z.number(),
  source: z.string(),
  description: z.optional(z.nullable(z.string())),
  balance_after: z.optional(z.number()),
  timestamp: stamp,
  /** A recharge: the money paid for its points (centavos). */
  money: z.optional(z.object({ amount_cents: z.number(), currency: z.string() })),
});
export const transactionsSchema = z.object({
  list: z.array(transactionSchema),
  total: count,
  page: z.number(),
  page_size: z.number(),
  total_pages: z.optional(z.number()),
});
export type Transactions = z.infer<typeof transactionsSchema>;

export const signOnSchema = z.object({
  has_win667: z.boolean(),
  redirect_type: z.optional(z.string()),
  redirect_url: z.string().check(z.minLength(1)),
  remaining_points: z.number(),
  expires_at: z.optional(z.nullable(stamp)),
});
export type SignOnResult = z.infer<typeof signOnSchema>;

export const refreshTokenSchema = z.extend(signOnSchema, { token: z.string() });
export type RefreshTokenResult = z.infer<typeof refreshTokenSchema>;

export const restoredSchema = z.object({
  credential: z.string(),
  player_id: z.string().check(z.startsWith('P')),
  points: z.number(),
  has_win667: z.boolean(),
});
export type RestoredPlayer = z.infer<typeof restoredSchema>;

export const win667AccountSchema = z.object({
  has_win667: z.boolean(),
  account: z.nullable(
    z.object({
      account_id: z.string(),
      created_at: z.optional(stamp),
      last_sign_on_at: z.optional(z.nullable(stamp)),
    }),
  ),
});
export type Win667Account = z.infer<typeof win667AccountSchema>;

export const win667StatusAnswerSchema = z.object({
  win667_status: win667StatusSchema,
  has_win667: z.boolean(),
  points: z.number(),
  points_required: z.optional(z.number()),
  points_needed: z.optional(z.number()),
});
export type Win667StatusAnswer = z.infer<typeof win667StatusAnswerSchema>;
