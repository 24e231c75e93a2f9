// Router constants (spec 1 §2, §9): the in-app history, the restore event,
// parameter bounds and the parameters every navigation keeps. Values marked
// "chosen" are ours where the spec gives none.

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
