import { describe, expect, it, vi } from 'vitest';
import { activeTab, badgeText, ssoIcon, tabPage, vibrateTap, visibleTabs } from '../../src/shell/tabs';

describe('tab bar rules (spec 1 §2)', () => {
  it('feed and discover always; promotion and SSO only behind their flags', () => {
    expect(visibleTabs({ promotionTab: false, ssoTab: false })).toEqual(['douyin', 'discover']);
    expect(visibleTabs({ promotionTab: true, ssoTab: false })).toEqual(['douyin', 'discover', 'navigation']);
    expect(visibleTabs({ promotionTab: false, ssoTab: true })).toEqual(['douyin', 'discover', 'sso']);
    expect(visibleTabs({ promotionTab: true, ssoTab: true })).toEqual(['douyin', 'discover', 'navigation', 'sso']);
  });

  it('the profile tab shows behind its flag, before the SSO tab, and opens no page (it opens the credits sheet)', () => {
    expect(visibleTabs({ promotionTab: true, ssoTab: true, profileTab: true })).toEqual(['douyin', 'discover', 'navigation', 'profile', 'sso']);
    expect(visibleTabs({ promotionTab: false, ssoTab: false, profileTab: true })).toEqual(['douyin', 'discover', 'profile']);
    expect(visibleTabs({ promotionTab: true, ssoTab: true, profileTab: false })).not.toContain('profile');
    expect(tabPage('profile')).toBeNull();
  });

  it('search and category highlight the discover tab; video pages none', () => {
    expect(activeTab('douyin')).toBe('douyin');
    expect(activeTab('discover')).toBe('discover');
    expect(activeTab('search')).toBe('discover');
    expect(activeTab('category')).toBe('discover');
    expect(activeTab('navigation')).toBe('navigation');
    expect(activeTab('video-detail')).toBeNull();
    expect(activeTab('video-play')).toBeNull();
  });

  it('the SSO tab never opens a page', () => {
    expect(tabPage('sso')).toBeNull();
    expect(tabPage('navigation')).toBe('navigation');
    expect(tabPage('douyin')).toBe('douyin');
  });

  it('badges above 99 read 99+; no badge for nothing', () => {
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(5000)).toBe('99+');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(0)).toBeNull();
    expect(badgeText(undefined)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
  });

  it('SSO icon by win667_status', () => {
    expect(ssoIcon('ready')).toBe('ready');
    expect(ssoIcon('eligible')).toBe('eligible');
    expect(ssoIcon('insufficient')).toBe('link');
    expect(ssoIcon(undefined)).toBe('link');
  });

  it('a tap vibrates 50 ms where supported and survives where not', () => {
    const vibrate = vi.fn(() => true);
    vibrateTap({ vibrate });
    expect(vibrate).toHaveBeenCalledWith(50);
    expect(() => vibrateTap({})).not.toThrow();
    expect(() => vibrateTap(undefined)).not.toThrow();
    expect(() =>
      vibrateTap({
        vibrate: () => {
          throw new Error('blocked');
        },
      }),
    ).not.toThrow();
  });
});
