// Router, tab bar, startup and global-error constants (spec 1 §2, §4, §8, §9;
// spec 2 §2). Values marked "chosen" are ours where the spec gives none.

export const routerConfig = {
  // The in-app history stack is trimmed once it holds more than this many entries (spec 1 §9: history limit 10).
  historyLimit: 10,
  // ...down to this many, the most recent ones (spec 1 §9: trimmed to 5).
  historyTrimTo: 5,
  // Delay before 'clipfeed:restore' after returning to discover, search or category (spec 1 §2).
  restoreEventDelayMs: 100,
  // Name of the window event the discover pages listen to (chosen).
  restoreEventName: 'clipfeed:restore',
  // Video ids in i and navigation tab names: word characters and dashes up to this length (chosen, like device ids in spec 1 §5).
  maxIdParamLength: 64,
  // Query parameter carrying the partner-site sign-on token on entry (spec 1 §2).
  accessTokenParam: 'accessToken',
} as const;

export const protectedParamConfig = {
  // Kept across every navigation (spec 1 §2: tracking and credential-related parameters are protected).
  // Ad-click ids of the big ad networks, referral/channel tags, and our own debug/version/language switches.
  names: ['gclid', 'gbraid', 'wbraid', 'dclid', 'fbclid', 'msclkid', 'ttclid', 'twclid', 'yclid', 'ref', 'referrer', 'channel', 'invite', 'debug', 'debug_mode', 'version', 'lang'],
  // Any parameter starting with one of these (Google Analytics campaign tags).
  prefixes: ['utm_'],
} as const;

export const debugConfig = {
  // localStorage key (and query parameter) that switches debug mode on (spec 1 §2: a debug_mode flag).
  debugModeKey: 'debug_mode',
  // Hosts that are always in debug mode (spec 1 §2: a local host).
  localHosts: ['localhost', '127.0.0.1', '::1', '[::1]'],
  // sessionStorage key holding a version forced by ?version= for the rest of the session (chosen).
  forcedVersionKey: 'clipfeed_forced_version',
  // Values ?version= may force (spec 1 §9: standard and premium builds).
  versions: ['premium', 'standard'],
} as const;

export const tabConfig = {
  // Vibration on a tab tap where navigator.vibrate exists (spec 1 §9).
  vibrateMs: 50,
  // Badges above this read '99+' (spec 1 §2).
  badgeCap: 99,
} as const;

export const startupConfig = {
  // Each critical startup task (language, device and streaming check, mount) is cut off after this long (spec 1 §4).
  criticalTaskTimeoutMs: 2000,
  // Non-critical tasks (analytics) start this long after mount (spec 1 §4).
  nonCriticalDelayMs: 100,
  // The static failure page reloads the app after this long (spec 1 §4).
  failurePageReloadMs: 5000,
  // Path of the static failure page in public/ (chosen).
  failurePagePath: '/failure.html',
} as const;

export const healthConfig = {
  // The health check runs this often (spec 1 §4).
  intervalMs: 5000,
  // A check arriving this much later than scheduled means the main thread was blocked (chosen).
  maxLagMs: 1000,
  // The app root must be empty on this many checks in a row before it counts as unmounted (chosen: one check may fall between renders).
  unmountedChecks: 2,
} as const;

export const errorMonitorConfig = {
  // This many unclassified errors within the window count as a severe error (spec 1 §8).
  burstCount: 8,
  // The window for the burst rule (spec 1 §8).
  burstWindowMs: 10_000,
  // Redacted reports kept in memory for the diagnostic screen (chosen).
  keptReports: 20,
  // Report messages and stacks are cut to this many characters (chosen).
  maxReportLength: 2000,
} as const;
