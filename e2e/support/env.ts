// The e2e server's settings: headless Chromium carries automation markers;
// points must be reachable within a test (counted watches 1 s apart, and the
// partner site opens at 100 points = one cycle of 5 watches); every test's
// fresh browser makes a new player from 127.0.0.1, far more than the 10 a
// minute one address may make in production, and all of them call the
// player API from that one address (production allows 600 calls a minute).
// One trusted proxy hop: a spec may play a visitor on another network by
// sending X-Forwarded-For (the invite spec's friend); without the header the
// socket's address counts, as before.

export const e2eServerEnv: Record<string, string> = {
  ALLOW_AUTOMATION: '1',
  POINTS_MIN_INTERVAL_S: '1',
  PARTNER_POINTS_REQUIRED: '100',
  INITS_PER_IP_PER_MINUTE: '100000',
  PLAYER_REQUESTS_PER_ADDRESS: '100000',
  TRUST_PROXY: '1',
  LOG_LEVEL: 'warn',
};
