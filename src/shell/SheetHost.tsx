// Host of the sheets opened with openSheet(): each sheet's content is its own
// lazy chunk, fetched the first time it opens, so none of it is in the
// first-visit bundle. Mounted once in the shell.

import { lazy, Suspense, useEffect, useRef, type ComponentType, type LazyExoticComponent } from 'react';
import { useSnapshot } from 'valtio';
import { closeSheet, sheetsState, type SheetContentProps, type SheetName } from '../router/sheets';
import { Spinner } from '../ui/Spinner';
import { useRoute } from '../router/useRoute';
import '../ui/modal.css';
import './sheet-host.css';

const contents: Record<SheetName, LazyExoticComponent<ComponentType<SheetContentProps>>> = {
  credits: lazy(() => import('../account/credits/CreditsSheet')),
  help: lazy(() => import('../help/HelpModal')),
  diagnostics: lazy(() => import('../diagnostics/DiagnosticsSheet')),
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
    <Suspense
      fallback={
        <div className="cf-modal cf-sheet-loading">
          <Spinner stages={[]} />
        </div>
      }
    >
      <Content onClose={closeSheet} />
    </Suspense>
  );
}
