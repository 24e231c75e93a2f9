// One category in full (spec 2 §2.3): its name and a back button, the
// category-header ad, a loading state, the empty message, the grid with the
// ad card at index 1, and pagination under the pagination-top ad.

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { AdSlotId } from '../api/app-config';
import type { CatalogueVideo, Category } from '../api/catalogue-schemas';
import { categoryName } from './catalogue/category-name';
import { catalogueServiceConfig } from './catalogue/config';
import { discoverConfig } from './config';
import { exitCategory, goToPage, reload } from './discover-actions';
import { discoverState } from './discover-state';
import { AdSlot } from './ads/AdSlot';
import { Pagination } from '../ui/Pagination';
import { VideoGrid, VideoGridSkeleton } from './VideoGrid';
import { ViewHeader } from './ViewHeader';

export function CategoryView({ onOpen }: { onOpen: (video: CatalogueVideo) => void }) {
  const { t, i18n } = useTranslation('discover');
  const { category } = useSnapshot(discoverState);
  const videos = category.videos as readonly CatalogueVideo[];
  const info = category.category as Category | null;
  const name = info ? categoryName(info, i18n.language) : t('category.fallbackName', { id: category.categoryId });
  return (
    <div data-testid="discover-category" data-status={category.status}>
      <ViewHeader onBack={() => void exitCategory()}>{name}</ViewHeader>
      <AdSlot slot={AdSlotId.CategoryHeader} />
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
        <>
          <VideoGrid videos={videos} onOpen={onOpen} adAtIndex={discoverConfig.adCardIndex} />
          {category.pagecount > 1 ? <AdSlot slot={AdSlotId.PaginationTop} /> : null}
          <Pagination page={category.page} pagecount={category.pagecount} onChange={(page) => void goToPage(page)} />
        </>
      )}
    </div>
  );
}
