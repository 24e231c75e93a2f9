// Discover home: the recommended row, up to 10 category sections, then the
// hot row (spec 2 §2.3, §7); skeleton sections while the categories load, and
// an empty state with a reload button.

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { AdSlotId } from '../api/app-config';
import type { CatalogueVideo, Category } from '../api/catalogue-schemas';
import { discoverConfig } from './config';
import { openCategory, reload } from './discover-actions';
import { discoverState, type SectionState } from './discover-state';
import { AdSlot } from './ads/AdSlot';
import { Skeleton } from '../ui/Skeleton';
import { SkeletonRow } from './SkeletonRow';
import { CategorySection } from './CategorySection';
import { sectionOnFirstScreen } from './first-screen';
import { HomeRow } from './HomeRow';

export function HomeView({ onOpen }: { onOpen: (video: CatalogueVideo) => void }) {
  const { t } = useTranslation('discover');
  const { home } = useSnapshot(discoverState);
  const recommended = home.recommended as SectionState;
  const hot = home.hot as SectionState;
  const categories = home.categories as readonly Category[];

  if (categories.length === 0 && (home.status === 'loading' || home.status === 'idle')) {
    return (
      <div data-testid="discover-home-loading">
        {Array.from({ length: discoverConfig.skeletonSections }, (_, i) => (
          <section key={i} className="cf-discover-section" aria-hidden="true">
            <div className="cf-discover-section__head">
              <Skeleton width="40%" height="1.2em" />
            </div>
            <SkeletonRow cards={discoverConfig.skeletonCardsPerRow} />
          </section>
        ))}
      </div>
    );
  }

  if (categories.length === 0) {
    return (
      <div className="cf-discover-empty" data-testid="discover-home-empty">
        <p>{t('home.empty')}</p>
        <button type="button" className="cf-accent-button" onClick={() => void reload()}>
          {t('home.reload')}
        </button>
      </div>
    );
  }

  return (
    <div data-testid="discover-home">
      <HomeRow title={t('home.recommended')} section={recommended} skeleton eager testId="discover-recommended" onOpen={onOpen} />
      {categories.map((category, i) => (
        <CategorySection
          key={category.type_id}
          category={category}
          section={home.sections[category.type_id] as SectionState | undefined}
          eager={sectionOnFirstScreen(i)}
          onMore={(c) => void openCategory(c.type_id)}
          onOpen={onOpen}
        />
      ))}
      <HomeRow title={t('home.hot')} section={hot} skeleton={false} eager={false} testId="discover-hot" onOpen={onOpen} />
      <AdSlot slot={AdSlotId.CategorySectionEnd} />
    </div>
  );
}
