// The three platform classes the browsing pages tune their loading for
// (spec 2 §9: Safari or iOS, other mobile, desktop). Read from the user agent
// and touch points only, so tests pass them in.

export type PlatformClass = 'safari-ios' | 'mobile' | 'desktop';

export interface PlatformFacts {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS reports a desktop Safari user agent with touch. */
  maxTouchPoints?: number;
}

const IOS = /iPhone|iPad|iPod/i;
// Safari proper: Chrome, Chromium, Edge, Firefox, Opera and Android browsers also say "Safari".
const SAFARI = /Safari/i;
const NOT_SAFARI = /Chrome|Chromium|CriOS|FxiOS|EdgiOS|Edg\/|OPR|Android/i;
const MOBILE = /Android|Mobi|Mobile|Opera Mini|IEMobile|webOS|BlackBerry/i;

export function platformClass({ userAgent, maxTouchPoints = 0 }: PlatformFacts): PlatformClass {
  const iPadOS = /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
  if (IOS.test(userAgent) || iPadOS) return 'safari-ios';
  if (SAFARI.test(userAgent) && !NOT_SAFARI.test(userAgent)) return 'safari-ios';
  if (MOBILE.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The page's own platform class. */
export function currentPlatform(): PlatformClass {
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  return platformClass({ userAgent: nav?.userAgent ?? '', maxTouchPoints: nav?.maxTouchPoints });
}
