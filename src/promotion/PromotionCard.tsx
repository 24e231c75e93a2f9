// One slot of the promotion grid: a configured item (image or emoji, title,
// optional badge, "enter" or "unavailable" button) or a disabled "ad rental"
// placeholder (spec 2 §2.5). Texts from the configuration render as text.

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedText, shownLanguage } from '../i18n/localized-text';
import { promotionImage } from './promotion-image';
import type { PromotionSlot } from './promotion-slots';

export interface PromotionCardProps {
  slot: PromotionSlot;
  pageOrigin: string;
  onOpen(slot: Extract<PromotionSlot, { kind: 'item' }>): void;
}

export function PromotionCard({ slot, pageOrigin, onOpen }: PromotionCardProps) {
  const { t, i18n } = useTranslation('promotion');
  const titleId = useId();
  const [imageFailed, setImageFailed] = useState(false);

  if (slot.kind === 'placeholder') {
    return (
      <li className="cf-promo-card cf-promo-card--placeholder" data-testid="promotion-slot" data-placeholder="true">
        <div className="cf-promo-card__art" aria-hidden="true">
          <span className="cf-promo-card__plus">+</span>
        </div>
        <p className="cf-promo-card__title">{t('placeholder.title')}</p>
        <p className="cf-promo-card__note">{t('placeholder.note')}</p>
        <button type="button" className="cf-promo-card__button" disabled>
          {t('unavailable')}
        </button>
      </li>
    );
  }

  const { item } = slot;
  const image = promotionImage(item.image, pageOrigin);
  const usable = item.enabled && !!item.url;
  return (
    <li className={`cf-promo-card${usable ? '' : ' cf-promo-card--off'}`} data-testid="promotion-slot" data-item-id={item.id}>
      <div className="cf-promo-card__art" aria-hidden="true">
        {image.kind === 'url' && !imageFailed ? (
          <img src={image.src} alt="" loading="lazy" decoding="async" onError={() => setImageFailed(true)} />
        ) : image.kind === 'emoji' ? (
          <span className="cf-promo-card__emoji">{image.text}</span>
        ) : (
          <span className="cf-promo-card__plus">★</span>
        )}
        {item.badge ? <span className="cf-promo-card__badge">{item.badge}</span> : null}
      </div>
      <p className="cf-promo-card__title" id={titleId}>{localizedText(item.title, shownLanguage(i18n))}</p>
      <button
        type="button"
        className={`cf-promo-card__button${usable ? ' cf-promo-card__button--enter' : ''}`}
        aria-disabled={usable ? undefined : true}
        aria-describedby={titleId}
        onClick={() => onOpen(slot)}
      >
        {usable ? t('enter') : t('unavailable')}
      </button>
    </li>
  );
}
