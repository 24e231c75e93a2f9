// Debug mode and forced build version constants (spec 1 §2, §9). Values
// marked "chosen" are ours where the spec gives none.

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
