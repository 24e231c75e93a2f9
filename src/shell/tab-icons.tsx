// The tab bar's icons: 24x24 outline SVGs drawn in currentColor.

import type { ReactNode } from 'react';
import type { SsoIcon, Tab } from './tabs';

export type TabIconName = Exclude<Tab, 'sso'> | `sso-${SsoIcon}`;

const paths: Record<TabIconName, ReactNode> = {
  // A play button in a rounded frame: the video feed.
  douyin: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="4" />
      <path d="M10 9l5 3-5 3z" fill="currentColor" />
    </>
  ),
  // A compass: discover.
  discover: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M15.5 8.5l-2 5-5 2 2-5z" />
    </>
  ),
  // A gift: the promotion page.
  navigation: (
    <>
      <rect x="3" y="9" width="18" height="4" rx="1" />
      <path d="M5 13v7h14v-7M12 9v11M12 9c-1.5-3-5-3.5-5-1s3 1 5 1zM12 9c1.5-3 5-3.5 5-1s-3 1-5 1z" />
    </>
  ),
  // A person: the profile tab (credits screen).
  profile: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5" />
    </>
  ),
  // A game pad: the account exists, sign on.
  'sso-ready': (
    <>
      <rect x="2" y="7" width="20" height="11" rx="5" />
      <path d="M7 10.5v4M5 12.5h4" />
      <circle cx="15.5" cy="11.5" r="0.8" fill="currentColor" />
      <circle cx="17.5" cy="13.5" r="0.8" fill="currentColor" />
    </>
  ),
  // A star: enough points, an account will be created.
  'sso-eligible': <path d="M12 3l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z" />,
  // A chain link: go to the partner site.
  'sso-link': (
    <>
      <path d="M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1" />
    </>
  ),
};

export function TabIcon({ name }: { name: TabIconName }) {
  return (
    <svg className="cf-tab-icon" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {paths[name]}
    </svg>
  );
}
