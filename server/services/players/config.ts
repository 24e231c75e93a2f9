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
} as const;

/** Sources the server accepts on points/add and points/subtract; amounts are the server's. */
export const PointsSource = {
  dailyCheckin: 'daily_checkin', // +checkinReward once per points day (spec 2 credit tasks)
  partnerSignup: 'partner_signup', // -partnerPointsRequired: opens the partner account (also done by sso)
  videoWatch: 'video_watch', // awarded only by video/watch, never by points/add
} as const;
export type PointsSource = (typeof PointsSource)[keyof typeof PointsSource];

export const TransactionType = { earn: 'earn', spend: 'spend', recharge: 'recharge' } as const;
export type TransactionType = (typeof TransactionType)[keyof typeof TransactionType];
