// Constants of the player area that are not run-time settings. The points
// rules themselves live in server/config.ts (pointsDefaults, securityDefaults)
// and reach the services through app.config.points.

export const playerDefaults = {
  credentialBytes: 32, // 256-bit credential (issue 3); only its SHA-256 is stored
  playerIdBytes: 8, // 'P' + 16 hex digits: unguessable enough, short enough to show
  deviceIdMaxLength: 64, // spec 1 §5 device id rule
  initWindowS: 60, // the "more than 10 inits in 1 minute" window (spec 1 §5)
  unlimitedDailyVideos: 999, // spec 1 §9: a daily quota of 999 means no real cap (daily_info.enabled false)
  transactionsPageSize: 20, // spec 1 §9 page size 20
  transactionsMaxPageSize: 100, // spec 1 §9 max 100
  partnerAccountBytes: 6, // partner account name: 'w667_' + 12 hex digits
  watchTicketMaxAgeS: 600, // a watch ticket (video/start) is redeemable for 10 min (a clip runs 30-75 s; a short life bounds replays across cycles)
  activityTouchMs: 60_000, // last_active_at is refreshed at most once a minute (saves a write per call)
  // Substrings of a user agent that only automation tools send (spec 1 §5 automation markers).
  automationUserAgentMarkers: ['headlesschrome', 'phantomjs', 'selenium', 'webdriver', 'puppeteer', 'playwright'],
  fingerprintSamplesAtInit: 3, // spec 1 §5: a new user whose fingerprints differ across three samples is suspicious
} as const;

/**
 * How alike two device samples are (0..1, fingerprint-match.ts) and what a
 * score means (spec 1 §9 match thresholds 0.85, 0.75, 0.7).
 */
export const deviceMatch = {
  sameDevice: 0.85, // at or above: the same device (an invite from it is refused as "same fingerprint")
  likelySame: 0.75, // at or above: probably the same device with a changed trait (an update, a new screen)
  possibleSame: 0.7, // at or above: possibly the same; below: another device
  // Weight of each field in the score; only fields both samples carry count.
  weights: { fingerprint: 0.3, user_agent: 0.25, screen_resolution: 0.15, timezone: 0.1, language: 0.1, color_depth: 0.1 },
  // Risk score (0..100) a credential check raises the player's stored score to, by how well the checking
  // device matches the player's known devices (spec 1 §9: risk-score bands exist, values not shown: ours).
  riskBands: { sameDevice: 0, likelySame: 10, possibleSame: 30, otherDevice: 60 },
} as const;

/**
 * The weekly invite task (spec 2 §3: invite friends, 200 points, weekly). At
 * most one credited invite per inviter per points week (the ISO week of the
 * points day), held by a unique index (server/db/schema/invites.ts).
 */
export const inviteDefaults = {
  reward: 200, // points to the inviter (spec 2 §3)
  codeMaxLength: 64, // an invite code is the inviter's player id; bounded like a device id
} as const;

/** Sources the server accepts on points/add and points/subtract; amounts are the server's. */
export const PointsSource = {
  dailyCheckin: 'daily_checkin', // +checkinReward once per points day (spec 2 credit tasks)
  partnerSignup: 'partner_signup', // -partnerPointsRequired: opens the partner account (also done by sso)
  videoWatch: 'video_watch', // awarded only by video/watch, never by points/add
  inviteFriend: 'invite_friend', // +inviteDefaults.reward to the inviter, once the invitee's first watch cycle is counted (invite.ts)
} as const;
export type PointsSource = (typeof PointsSource)[keyof typeof PointsSource];

export const TransactionType = { earn: 'earn', spend: 'spend', recharge: 'recharge' } as const;
export type TransactionType = (typeof TransactionType)[keyof typeof TransactionType];
