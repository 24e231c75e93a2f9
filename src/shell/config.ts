// Shell constants: tab bar, startup, and health check
// (spec 1 §2, §4, §8, §9; spec 2 §2). Values marked "chosen" are ours where the spec gives none.

export const tabConfig = {
  // Vibration on a tab tap where navigator.vibrate exists (spec 1 §9).
  vibrateMs: 50,
  // Badges above this read '99+' (spec 1 §2).
  badgeCap: 99,
} as const;

export const startupConfig = {
  // Each critical startup task (language, device and streaming check, mount) is cut off after this long (spec 1 §4).
  criticalTaskTimeoutMs: 2000,
  // The page the address names at start waits at most this long for its chunk with nothing in its place before it
  // shows its loading fallback, which React would hold for 300 ms once shown (chosen; App.tsx useStartHold).
  firstPageWaitMs: 1000,
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

