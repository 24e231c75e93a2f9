// The bottom tab bar (spec 1 §2, spec 2 §2.2). Rules live in tabs.ts; this
// component only renders them and reports taps.

import { useTranslation } from 'react-i18next';
import type { Page } from '../router/pages';
import { TabIcon, type TabIconName } from './tab-icons';
import { activeTab, badgeText, ssoIcon, tabPage, vibrateTap, visibleTabs, type Tab, type TabFlags } from './tabs';
import './tab-bar.css';

export interface TabBarProps {
  page: Page;
  flags: TabFlags;
  /** The player's win667_status: 'ready', 'eligible' or anything else. */
  win667Status: string | null | undefined;
  badges?: Partial<Record<Tab, number>>;
  onNavigate(page: Page): void;
  /** The SSO tab starts the partner-site redirect; it never changes page. */
  onSso(): void;
  /** The profile tab opens the credits sheet; it never changes page. */
  onProfile?(): void;
}

const SSO_LABEL_KEYS = { ready: 'tabs.ssoReady', eligible: 'tabs.ssoEligible', link: 'tabs.ssoLink' } as const;
const TAB_LABEL_KEYS = { douyin: 'tabs.douyin', discover: 'tabs.discover', navigation: 'tabs.navigation', profile: 'credits:tab' } as const;

export function TabBar({ page, flags, win667Status, badges, onNavigate, onSso, onProfile }: TabBarProps) {
  const { t } = useTranslation('app');
  const current = activeTab(page);
  const sso = ssoIcon(win667Status);

  const tap = (tab: Tab) => {
    vibrateTap(typeof navigator === 'undefined' ? undefined : navigator);
    const target = tabPage(tab);
    if (tab === 'profile') onProfile?.();
    else if (target === null) onSso();
    else onNavigate(target);
  };

  return (
    <nav className="cf-tab-bar" aria-label={t('tabs.label')}>
      {visibleTabs(flags).map((tab) => {
        const icon: TabIconName = tab === 'sso' ? `sso-${sso}` : tab;
        const badge = badgeText(badges?.[tab]);
        const shown = tab === 'sso' ? t('tabs.sso') : t(TAB_LABEL_KEYS[tab]);
        // The accessible name starts with the visible word (WCAG 2.5.3): "Jogar (Abrir o site de jogos)".
        const name = tab === 'sso' ? `${shown} (${t(SSO_LABEL_KEYS[sso])})` : shown;
        const label = badge ? `${name}, ${t('tabs.badge', { count: badges?.[tab] ?? 0 })}` : name;
        const active = tab === current;
        return (
          <button
            key={tab}
            type="button"
            className={`cf-tab${active ? ' cf-tab--active' : ''}`}
            aria-label={label}
            aria-current={active ? 'page' : undefined}
            onClick={() => tap(tab)}
          >
            <span className="cf-tab-icon-wrap">
              <TabIcon name={icon} />
              {badge && (
                <span className="cf-tab-badge" aria-hidden="true">
                  {badge}
                </span>
              )}
            </span>
            <span className="cf-tab-text" aria-hidden="true">
              {shown}
            </span>
          </button>
        );
      })}
    </nav>
  );
}
