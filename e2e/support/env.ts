// The e2e server's settings: headless Chromium carries automation markers, and
// points must be reachable within a test (5 counted watches, 1 s apart).

export const e2eServerEnv: Record<string, string> = {
  ALLOW_AUTOMATION: '1',
  POINTS_MIN_INTERVAL_S: '1',
  LOG_LEVEL: 'warn',
};
