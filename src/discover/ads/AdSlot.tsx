// An ad place of the browsing pages (spec 2 §2.3, §2.4): the slot ad the
// server's app config names for `slot`, or nothing when there is none, it is
// disabled, or the config has not arrived yet (spec 2 §6: ads show only when
// the ad system is enabled and initialized). A click follows spec 2 §4
// "Ad click"; a failed picture shows the icon (spec 2 §5).

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SlotAd } from '../../api/app-config';
import { openSlotAd } from './slot-ad-click';
import { ssoConfig } from '../../account';
import { startSso } from '../../account';
import { accountState } from '../../account';
import { appConfigState } from '../../server-config/store';
import { localizedText, shownLanguage } from '../../i18n/localized-text';
import { GiftIcon } from '../../ui/icons';
import { ImageWithFallback } from '../../ui/ImageWithFallback';
import './ad-slot.css';

export interface AdSlotProps {
  /** One of AdSlotId. */
  slot: string;
  /** 'card' draws the ad as a video card (inside a grid); default is a banner. */
  variant?: 'banner' | 'card';
}

function clickAd(ad: SlotAd): void {
  void openSlotAd(ad, {
    win667Status: accountState.win667Status,
    startSso: async () => ({ failed: (await startSso()).error !== null }),
    partnerHome: ssoConfig.partnerHome,
    openTab: (url) => {
      // 'noopener' would make open() answer null even when it worked, so the
      // opener is cut by hand; a blocked pop-up falls back to the current window.
      const tab = window.open(url, '_blank');
      if (tab) tab.opener = null;
      else window.location.assign(url);
    },
    openHere: (url) => window.location.assign(url),
  });
}

/** The ad configured for `slot`, or null (none, disabled, or the config not loaded yet). */
export function useSlotAd(slot: string): SlotAd | null {
  const { config, loaded } = useSnapshot(appConfigState);
  const ad = (config.slotAds as Partial<Record<string, SlotAd>>)[slot];
  return loaded && ad ? ad : null;
}

export function AdSlot({ slot, variant = 'banner' }: AdSlotProps) {
  const { t, i18n } = useTranslation('discover');
  const ad = useSlotAd(slot);
  if (!ad) return null;
  const icon = (
    <span className="cf-ad-slot__icon" data-testid="ad-slot-icon">
      <GiftIcon size={32} />
    </span>
  );
  return (
    <button
      type="button"
      className={`cf-ad-slot cf-ad-slot--${variant} cf-ad-slot--${ad.type}`}
      data-testid="ad-slot"
      data-slot={slot}
      onClick={() => clickAd(ad)}
    >
      {ad.type === 'image' || variant === 'card' ? (
        <span className="cf-ad-slot__media">
          {ad.type === 'image' ? <ImageWithFallback src={ad.image} fallback={icon} /> : icon}
          <span className="cf-ad-slot__label">{t('ad.label')}</span>
        </span>
      ) : (
        <span className="cf-ad-slot__label">{t('ad.label')}</span>
      )}
      <span className="cf-ad-slot__title">{localizedText(ad.title, shownLanguage(i18n))}</span>
    </button>
  );
}
