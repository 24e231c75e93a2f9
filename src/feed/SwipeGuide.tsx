// First-time swipe guide (spec 1 §2): explains swipe up and down, shown once;
// the flag is kept in localStorage (swipe-guide-flag.ts). Any tap, the button,
// Escape or Enter dismisses it.

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
  const buttonRef = useRef<HTMLButtonElement>(null);
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
    buttonRef.current?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' && event.key !== 'Enter') return;
      event.preventDefault();
      closeRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [visible]);

  if (!visible) return null;
  return (
    <div className="cf-guide" role="dialog" aria-modal="true" aria-labelledby={titleId} data-no-swipe onClick={close}>
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
      <button ref={buttonRef} type="button" className="cf-pill-button" onClick={close}>
        {t('ui:guide.ok')}
      </button>
    </div>
  );
}
