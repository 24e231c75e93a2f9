// The play-source selector's sheet (spec 3 §2), opened from the top bar's
// source pill. It is portalled to <body>: inside the feed it sat in the top
// bar's stacking context (z-index: controls), so the side buttons, the lower
// stack with the progress bar and the tab bar all painted over it (issue 16,
// point 3). Rendered by the page outside the swiper as well, so React's events
// from the sheet (a wheel over the list, a click) never reach the swiper's
// handlers. Focus moves in on open and back to the pill on close; Escape and
// the backdrop close it; Tab stays inside.

import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { sameSource, type PlaySource } from '../category-filter';
import { closeSourceSelector, feedState, openSourceSelector, selectSource } from '../store';
import { trapTab } from '../../ui/focus-trap';
import { lockScroll } from '../../ui/scroll-lock';
import { useSourceName } from './SourceBar';

export function SourceSheet() {
  const open = useSnapshot(feedState).sourceSelector.open;
  if (!open || typeof document === 'undefined') return null;
  return createPortal(<SourceSheetPanel />, document.body);
}

/** While the sheet is open: focus inside (the chosen option once listed, else the panel), Escape, Tab kept in, the page locked. */
function useSheetFocus(panel: React.RefObject<HTMLDivElement | null>, ready: boolean): void {
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll(document.body.style);
    panel.current?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeSourceSelector();
      } else {
        trapTab(event, panel.current);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      unlock();
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, [panel]);

  // The options arrive after the sheet opens (the categories load): the chosen one takes the focus, unless the visitor moved it.
  useEffect(() => {
    const root = panel.current;
    if (!ready || !root || document.activeElement !== root) return;
    root.querySelector<HTMLElement>('[role=option][aria-selected=true]')?.focus({ preventScroll: false });
  }, [panel, ready]);
}

function SourceSheetPanel() {
  const { t } = useTranslation('feedpage');
  const { t: tf } = useTranslation('feed');
  const f = useSnapshot(feedState);
  const name = useSourceName();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const sources = f.categories as PlaySource[];
  useSheetFocus(panel, sources.length > 0);
  return (
    <div className="cf-sheet" data-testid="source-sheet">
      <div className="cf-sheet__backdrop" onClick={closeSourceSelector} aria-hidden="true" />
      <div ref={panel} className="cf-sheet__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 className="cf-sheet__title" id={titleId}>{t('source.title')}</h2>
        {f.sourceSelector.loading ? <p className="cf-sheet__note">{t('source.loading')}</p> : null}
        {f.sourceSelector.errorKey ? (
          <div className="cf-sheet__note" role="alert">
            {tf(f.sourceSelector.errorKey)}
            <button type="button" className="cf-link-button" onClick={() => void openSourceSelector()}>
              {t('common:retry')}
            </button>
          </div>
        ) : null}
        <ul className="cf-sheet__list" role="listbox" aria-labelledby={titleId}>
          {sources.map((source) => {
            const selected = sameSource(source, f.playSource as PlaySource);
            return (
              <li key={source.id ?? 'all'} role="presentation">
                <button type="button" role="option" aria-selected={selected} className={`cf-sheet__item${selected ? ' cf-sheet__item--on' : ''}`} disabled={f.sourceSelector.switching} onClick={() => void selectSource(source)}>
                  {name(source)}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
