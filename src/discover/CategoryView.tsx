// One category in full (spec 2 §2.3): its name and a back button, a loading
// state, the empty message, then the content: a first row of videos, the
// category-header ad, the rest of the grid with the ad card at its index 1,
// and pagination under the pagination-top ad. Ads sit between videos, never
// before the first row (issue 16 point 12: three ads stood above it).

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { AdSlotId } from '../api/app-config';
import type { CatalogueVideo, Category } from '../api/catalogue-schemas';
import { categoryName } from '../i18n/category-name';
import { shownLanguage } from '../i18n/localized-text';
import { catalogueServiceConfig } from './catalogue/config';
import { discoverConfig } from './config';
import { exitCategory, goToPage, reload } from './discover-actions';
import { discoverState } from './discover-state';
import { AdSlot } from './ads/AdSlot';
import { Pagination } from '../ui/Pagination';
import { VideoGrid, VideoGridSkeleton } from './VideoGrid';
import { ViewHeader } from './ViewHeader';

const columns = discoverConfig.gridColumns;

export function CategoryView({ onOpen }: { onOpen: (video: CatalogueVideo) => void }) {
  const { t, i18n } = useTranslation('discover');
  const { category } = useSnapshot(discoverState);
  const videos = category.videos as readonly CatalogueVideo[];
  const info = category.category as Category | null;
  const name = info ? categoryName(info, shownLanguage(i18n)) : t('category.fallbackName', { id: category.categoryId });
  return (
    <div data-testid="discover-category" data-status={category.status}>
      <ViewHeader onBack={() => void exitCategory()}>{name}</ViewHeader>
      {category.status === 'loading' || category.status === 'idle' ? (
        <div data-testid="discover-category-loading">
          <VideoGridSkeleton count={catalogueServiceConfig.previewSize} />
        </div>
      ) : videos.length === 0 ? (
        <div className="cf-discover-empty" data-testid="discover-category-empty">
          <p>{category.status === 'error' ? t('errors.dataLoadFailed') : t('category.empty')}</p>
          {category.status === 'error' ? (
            <button type="button" className="cf-accent-button" onClick={() => void reload()}>
              {t('home.reload')}
            </button>
          ) : null}
        </div>
      ) : (
        <div className="cf-discover-category__content" data-testid="category-content">
          <VideoGrid videos={videos.slice(0, columns)} onOpen={onOpen} testId="category-first-row" />
          <AdSlot slot={AdSlotId.CategoryHeader} />
          {videos.length > columns ? <VideoGrid videos={videos.slice(columns)} onOpen={onOpen} adAtIndex={discoverConfig.adCardIndex} eagerCards={discoverConfig.eagerCards - columns} /> : null}
          {category.pagecount > 1 ? <AdSlot slot={AdSlotId.PaginationTop} /> : null}
          <Pagination page={category.page} pagecount={category.pagecount} onChange={(page) => void goToPage(page)} />
        </div>
      )}
    </div>
  );
}
