// A feed ad on the current slide: its image (or its video, which the feed
// player plays in the slide's <video>), title and the 'play now' button.
// 'sso:win667' ads start the partner sign-on; others open as web links in a
// new tab without an opener. A failed image shows the default icon.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adClickAction } from '../ad-insertion';
import type { FeedAdItem } from '../feed-item';
import { startSso } from '../../account';
import { localizedText, shownLanguage } from '../../i18n/localized-text';
import { GiftIcon } from '../../ui/icons';

export function openAd(ad: FeedAdItem): void {
  const action = adClickAction(ad);
  if (action.kind === 'sso') void startSso();
  else if (action.kind === 'link') window.open(action.url, '_blank', 'noopener,noreferrer');
}

export function AdCard({ ad }: { ad: FeedAdItem }) {
  const { t, i18n } = useTranslation('feed');
  const [broken, setBroken] = useState(false);
  const image = ad.adImageUrl;
  // Per-language texts picked while rendering: a language switch re-renders them.
  const title = localizedText(ad.title, shownLanguage(i18n));
  const buttonText = localizedText(ad.adButtonText, shownLanguage(i18n)) || t('ad.playNow');
  return (
    <div className="cf-ad" data-testid="feed-ad" data-ad-type={ad.adType}>
      {ad.adType === 'image' ? (
        image && !broken ? (
          <img className="cf-ad__image" src={image} alt={title} onError={() => setBroken(true)} />
        ) : (
          <div className="cf-ad__fallback" data-testid="ad-fallback-icon">
            <GiftIcon width={72} height={72} aria-hidden="true" />
          </div>
        )
      ) : null}
      <div className="cf-ad__panel">
        <span className="cf-ad__badge">{t('ad.label')}</span>
        <p className="cf-ad__title">{title}</p>
        <button type="button" className="cf-ad__button" onClick={() => openAd(ad)}>
          {buttonText}
        </button>
      </div>
    </div>
  );
}
