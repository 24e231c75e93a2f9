// First-time swipe guide (spec 1 §2): explains swipe up and down, shown once;
// the flag is kept in localStorage (swipe-guide-flag.ts). It never stands in
// the way of the gesture it teaches (issue 16): it takes no pointer events
// but its button's, steals no focus, and the first touch, wheel turn or key
// dismisses it while that same swipe, wheel or ArrowDown moves the feed.

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, ChevronUpIcon } from '../ui/icons';
import { pageLocalStorage } from '../lib/key-value-store';
import { hasSeenSwipeGuide, markSwipeGuideSeen, type FlagStore } from './swipe-guide-flag';
import '../ui/tokens.css';
import './overlays/overlays.css';

export interface SwipeGuideProps {
  /** Defaults to window.localStorage. */
  storage?: FlagStore | null;
  /** Wait (e.g. until the first video plays) before showing; default true. */
  ready?: boolean;
  onClose?: () => void;
}

export function SwipeGuide({ storage, ready = true, onClose }: SwipeGuideProps) {
  const { t } = useTranslation('ui');
  const store = storage === undefined ? pageLocalStorage() : storage;
  const [open, setOpen] = useState(() => !hasSeenSwipeGuide(store));
  const titleId = useId();
  const visible = open && ready;

  const close = () => {
    markSwipeGuideSeen(store);
    setOpen(false);
    onClose?.();
  };
  const closeRef = useRef(close);
  closeRef.current = close;

  useEffect(() => {
    if (!visible) return;
    // Capture phase, nothing prevented: the swiper (or the control under the finger) still gets the event.
    const dismiss = () => closeRef.current();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab' || event.key === 'Shift') return;
      dismiss();
    };
    const options = { capture: true, passive: true } as const;
    window.addEventListener('pointerdown', dismiss, options);
    window.addEventListener('wheel', dismiss, options);
    window.addEventListener('keydown', onKey, options);
    return () => {
      window.removeEventListener('pointerdown', dismiss, options);
      window.removeEventListener('wheel', dismiss, options);
      window.removeEventListener('keydown', onKey, options);
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <section className="cf-guide" aria-labelledby={titleId} data-testid="swipe-guide">
      <h2 id={titleId} className="cf-guide__title">
        {t('ui:guide.title')}
      </h2>
      <div className="cf-guide__step">
        <ChevronUpIcon size={40} className="cf-guide__arrow cf-guide__arrow--up" />
        <span>{t('ui:guide.up')}</span>
      </div>
      <div className="cf-guide__step">
        <ChevronDownIcon size={40} className="cf-guide__arrow cf-guide__arrow--down" />
        <span>{t('ui:guide.down')}</span>
      </div>
      <button type="button" className="cf-pill-button cf-guide__ok" onClick={close}>
        {t('ui:guide.ok')}
      </button>
    </section>
  );
}
