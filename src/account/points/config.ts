// Constants of watching for points and the balance (spec 1 §4, §9).

export const pointsConfig = {
  minWatchS: 5, // a watch counts after 5 s on one video (spec 1 §4, §9)
  minIntervalCapS: 5, // the client's minimum gap between counted watches is capped at 5 s (spec 1 §4)
  cooldownMs: 3_000, // cooldown countdown after a counted watch (spec 1 §4)
  quotaRecheckMs: 5 * 60_000, // an exhausted daily quota is rechecked after 5 minutes (spec 1 §4)
  fastForwardRate: 1.5, // watch time grows at most 1.5x wall time (spec 1 §5 fast-forward limit)
  defaultVideosRequired: 5, // videos per reward cycle until the server says (spec 1 §3)
  defaultReward: 100, // points per cycle until the server says (spec 1 §3)
  defaultDailyLimit: 999, // daily quota when unknown (spec 1 §9)
  partnerPointsRequired: 1000, // points needed for the partner site (spec 1 §1)
  lowRemainingPoints: 2, // '今日还可获得{n}积分' shows when 2 or fewer points remain today (spec 1 §4)
  pointsAnimationMs: 3_500, // reward points animation (spec 1 §4, §9)
  rewardTipMs: 5_000, // reward centre tip (spec 1 §4, §9)
  pollVisibleMs: 60_000, // balance poll while the page is visible (spec 1 §4)
  pollInitialisedMs: 30_000, // balance poll while the identity is initialised (spec 1 §4)
  queryThrottleMs: 30_000, // automatic point queries at most every 30 s (spec 1 §9)
  manualRefreshThrottleMs: 30_000, // manual refresh at most every 30 s (spec 1 §4)
  cooldownTickMs: 1_000, // the cooldown countdown updates once a second
} as const;
