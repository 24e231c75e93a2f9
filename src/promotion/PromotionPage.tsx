// The promotion page (n=navigation, spec 2 §2.5): title, the "advanced
// version" badge under the version-b experiment, the entry buttons for the
// credits screen, help and the bookmark prompt, and the grid of exactly ten
// sponsor slots from local configuration.

import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { replaceParams } from '../router/router-store';
import { useRoute } from '../router/useRoute';
import { appConfigState } from '../server-config/store';
import { isSheetName, openSheet } from '../router/sheets';
import { showCenterTip, showToast } from '../notices/store';
import { bookmarkSite, type BookmarkWindow } from './bookmark';
import { createClickLock } from './click-lock';
import { decideClick, openPromotionLink } from './promotion-click';
import { CoinsIcon, HelpIcon, StarIcon } from './promotion-icons';
import { promotionItems } from './promotion-items';
import { parsePromotionItems } from './promotion-schema';
import { fillSlots, type PromotionSlot } from './promotion-slots';
import { PromotionCard } from './PromotionCard';
import './promotion.css';

export default function PromotionPage() {
  const { t } = useTranslation('promotion');
  const route = useRoute();
  const { config } = useSnapshot(appConfigState);
  const lock = useMemo(() => createClickLock(() => Date.now()), []);
  // A configuration that does not parse leaves ten placeholders (spec 2 §8).
  const slots = useMemo(() => fillSlots(parsePromotionItems(promotionItems).entries), []);
  const pageOrigin = typeof window === 'undefined' ? '' : window.location.origin;

  // ?tab=credits|help|diagnostics opens that sheet over the page (a shareable way in); the address then drops it.
  const tab = route.params.tab;
  useEffect(() => {
    if (!isSheetName(tab)) return;
    openSheet(tab);
    replaceParams({ tab: undefined });
  }, [tab]);

  const open = (slot: Extract<PromotionSlot, { kind: 'item' }>) => {
    const decision = decideClick(slot.item, lock, pageOrigin);
    if (decision.kind === 'refuse') showToast(decision.message, undefined, { type: 'warning' });
    else openPromotionLink(decision.url, window);
  };

  const bookmark = () =>
    bookmarkSite(window as unknown as BookmarkWindow, { title: document.title, url: `${pageOrigin}/`, userAgent: navigator.userAgent }, (message, ms) =>
      showCenterTip(message, ms),
    );

  return (
    <section className="cf-promo" data-testid="promotion-page" aria-labelledby="cf-promo-title">
      <header className="cf-promo__header" data-top-bar>
        <div className="cf-promo__heading">
          <h1 className="cf-promo__title" id="cf-promo-title">
            {t('title')}
          </h1>
          {config.flags.versionB ? (
            <span className="cf-promo__advanced" data-testid="advanced-badge">
              {t('advanced')}
            </span>
          ) : null}
        </div>
        <p className="cf-promo__subtitle">{t('subtitle')}</p>
        <div className="cf-promo__actions">
          <button type="button" className="cf-promo__action" data-testid="open-credits" onClick={() => openSheet('credits')}>
            <CoinsIcon />
            {t('actions.credits')}
          </button>
          <button type="button" className="cf-promo__action" data-testid="open-help" onClick={() => openSheet('help')}>
            <HelpIcon />
            {t('actions.help')}
          </button>
          <button type="button" className="cf-promo__action" data-testid="bookmark" onClick={bookmark}>
            <StarIcon />
            {t('actions.bookmark')}
          </button>
        </div>
      </header>
      <ul className="cf-promo__grid" aria-label={t('gridLabel')}>
        {slots.map((slot) => (
          <PromotionCard key={slot.kind === 'item' ? slot.item.id : slot.id} slot={slot} pageOrigin={pageOrigin} onOpen={open} />
        ))}
      </ul>
    </section>
  );
}
