// The bottom tab bar's rules without React (spec 1 §2 "Bottom tabs", spec 2 §2.2).

import { tabConfig } from './config';
import type { Page } from '../router/pages';

export const Tab = {
  Douyin: 'douyin',
  Discover: 'discover',
  Navigation: 'navigation',
  Sso: 'sso',
  Profile: 'profile',
} as const;
export type Tab = (typeof Tab)[keyof typeof Tab];

export interface TabFlags {
  /** The promotion (navigation) tab. */
  promotionTab: boolean;
  /** The single-sign-on tab. */
  ssoTab: boolean;
  /** The profile tab, opening the credits screen (spec 2 §2.2 "profile where present"; flag enableCreditsDisplay). */
  profileTab?: boolean;
}

export type SsoIcon = 'ready' | 'eligible' | 'link';

/** Feed and discover always; promotion, SSO and profile behind their flags. */
export function visibleTabs(flags: TabFlags): Tab[] {
  const tabs: Tab[] = [Tab.Douyin, Tab.Discover];
  if (flags.promotionTab) tabs.push(Tab.Navigation);
  if (flags.profileTab) tabs.push(Tab.Profile);
  // The sign-on tab stays last: the partner site is the journey's end, and the far corner is easy to reach.
  if (flags.ssoTab) tabs.push(Tab.Sso);
  return tabs;
}

/** The highlighted tab for a page: search and category count as discover; video pages highlight none. */
export function activeTab(page: Page): Tab | null {
  switch (page) {
    case 'douyin':
      return Tab.Douyin;
    case 'discover':
    case 'search':
    case 'category':
      return Tab.Discover;
    case 'navigation':
      return Tab.Navigation;
    default:
      return null;
  }
}

/** The page a tab opens; the SSO tab opens none (it starts the redirect), nor the profile tab (it opens the credits sheet). */
export function tabPage(tab: Tab): Page | null {
  return tab === Tab.Sso || tab === Tab.Profile ? null : tab;
}

/** Badge text: nothing for no count, '99+' above the cap. */
export function badgeText(count: number | undefined): string | null {
  if (count === undefined || !Number.isFinite(count) || count <= 0) return null;
  return count > tabConfig.badgeCap ? `${tabConfig.badgeCap}+` : String(Math.floor(count));
}

/** SSO tab icon by win667_status: ready, eligible, otherwise a link. */
export function ssoIcon(status: string | null | undefined): SsoIcon {
  return status === 'ready' || status === 'eligible' ? status : 'link';
}

/** A short vibration where supported; some browsers throw without a user gesture. */
export function vibrateTap(nav: { vibrate?: (pattern: number) => boolean } | undefined): void {
  try {
    nav?.vibrate?.(tabConfig.vibrateMs);
  } catch {
    // Vibration is a nicety; a refusal changes nothing.
  }
}
