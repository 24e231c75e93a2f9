// Search results (spec 2 §2.3): heading with the query and a back button, a
// spinner while loading, the no-results message, the grid and pagination.

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { AdSlotId } from '../api/app-config';
import type { CatalogueVideo } from '../api/catalogue-schemas';
import { exitSearch, goToPage, reload } from './discover-actions';
import { discoverState } from './discover-state';
import { AdSlot } from './ads/AdSlot';
import { Pagination } from '../ui/Pagination';
import { Spinner } from '../ui/Spinner';
import { VideoGrid } from './VideoGrid';
import { ViewHeader } from './ViewHeader';

export function SearchView({ onOpen }: { onOpen: (video: CatalogueVideo) => void }) {
  const { t } = useTranslation('discover');
  const { search } = useSnapshot(discoverState);
  const videos = search.videos as readonly CatalogueVideo[];
  return (
    <div data-testid="discover-search" data-status={search.status}>
      <ViewHeader onBack={() => void exitSearch()}>{t('search.heading', { query: search.query })}</ViewHeader>
      {search.status === 'loading' ? (
        <Spinner stages={[]} className="cf-discover-spinner" />
      ) : videos.length === 0 ? (
        <div className="cf-discover-empty" data-testid="discover-no-results">
          <p>{search.status === 'error' ? t('errors.dataLoadFailed') : t('search.noResults', { query: search.query })}</p>
          {search.status === 'error' ? (
            <button type="button" className="cf-accent-button" onClick={() => void reload()}>
              {t('home.reload')}
            </button>
          ) : null}
        </div>
      ) : (
        <>
          <p className="cf-discover-count" data-testid="discover-search-total">
            {t('search.total', { total: search.total })}
          </p>
          <VideoGrid videos={videos} onOpen={onOpen} />
          {search.pagecount > 1 ? <AdSlot slot={AdSlotId.PaginationTop} /> : null}
          <Pagination page={search.page} pagecount={search.pagecount} onChange={(page) => void goToPage(page)} />
        </>
      )}
    </div>
  );
}
