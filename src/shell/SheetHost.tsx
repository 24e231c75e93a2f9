// Host of the sheets opened with openSheet(): each sheet's content is its own
// lazy chunk, fetched the first time it opens, so none of it is in the
// first-visit bundle (while the server cannot be reached, when it answers
// again). Mounted once in the shell.

import { Suspense, useEffect, useRef, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { connectionState } from '../notices/connection';
import { CloseIcon } from '../ui/icons';
import { LoadBoundary, LoadWaiting } from './LoadBoundary';
import { lazyWhenOnline } from '../notices/lazy-when-online';
import { withAllStrings } from '../i18n';
import { closeSheet, sheetsState, type SheetContentProps, type SheetName } from '../router/sheets';
import { Spinner } from '../ui/Spinner';
import { useRoute } from '../router/useRoute';
import '../ui/modal.css';
import './sheet-host.css';

const contents: Record<SheetName, LazyExoticComponent<ComponentType<SheetContentProps>>> = {
  credits: lazyWhenOnline(withAllStrings(() => import('../account/credits/CreditsSheet'))),
  help: lazyWhenOnline(withAllStrings(() => import('../help/HelpModal'))),
  diagnostics: lazyWhenOnline(withAllStrings(() => import('../diagnostics/DiagnosticsSheet'))),
};

export function Sheets() {
  const { open } = useSnapshot(sheetsState);
  const { page } = useRoute();
  // A sheet belongs to the page it was opened on: moving to another page (the browser's back button too) closes it.
  const shownOn = useRef(page);
  useEffect(() => {
    if (shownOn.current !== page) closeSheet();
    shownOn.current = page;
  }, [page]);
  if (!open) return null;
  const Content = contents[open];
  return (
    <LoadBoundary resetKey={open} waiting={<SheetWaiting />}>
      <Suspense fallback={<SheetLoading />}>
        <Content onClose={closeSheet} />
      </Suspense>
    </LoadBoundary>
  );
}

/** A sheet's chunk on its way: the veil; offline, it says when the sheet will open and may be closed. */
function SheetLoading() {
  const { offline } = useSnapshot(connectionState);
  if (!offline) return <div className="cf-modal cf-sheet-loading"><Spinner stages={[]} /></div>;
  return <SheetWaiting />;
}

function SheetWaiting() {
  const { t } = useTranslation('ui');
  return (
    <div className="cf-modal cf-sheet-loading cf-sheet-waiting" role="dialog" aria-modal="true" aria-label={t('ui:loading.generic')}>
      <LoadWaiting />
      <button type="button" className="cf-icon-button cf-sheet-waiting__close" onClick={closeSheet} aria-label={t('ui:close')}>
        <CloseIcon size={20} />
      </button>
    </div>
  );
}
