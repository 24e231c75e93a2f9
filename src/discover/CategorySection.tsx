// One category on the Discover home: its name, "more" (opens the category)
// and a row of up to 6 videos, skeletons while they load.

import { useTranslation } from 'react-i18next';
import type { CatalogueVideo, Category } from '../api/catalogue-schemas';
import { categoryName } from '../i18n/category-name';
import { shownLanguage } from '../i18n/localized-text';
import { catalogueServiceConfig } from './catalogue/config';
import { firstScreenCards } from './first-screen';
import type { SectionState } from './discover-state';
import { VideoCard } from '../ui/VideoCard';
import { SkeletonRow } from './SkeletonRow';
import { ChevronRightIcon } from '../ui/icons';

export interface CategorySectionProps {
  category: Category;
  section: SectionState | undefined;
  /** Posters load at once in the first sections (the first screen). */
  eager: boolean;
  onMore: (category: Category) => void;
  onOpen: (video: CatalogueVideo) => void;
}

export function CategorySection({ category, section, eager, onMore, onOpen }: CategorySectionProps) {
  const { t, i18n } = useTranslation('discover');
  const name = categoryName(category, shownLanguage(i18n));
  const videos = section?.videos ?? [];
  const loading = !section || (section.status === 'loading' && videos.length === 0);
  return (
    <section className="cf-discover-section" data-testid="discover-section" data-type-id={category.type_id} aria-label={name}>
      <div className="cf-discover-section__head">
        <h2 className="cf-discover-section__title">{name}</h2>
        <button type="button" className="cf-discover-section__more" aria-label={t('home.moreLabel', { name })} data-testid="discover-more" onClick={() => onMore(category)}>
          {t('home.more')}
          <ChevronRightIcon size={16} />
        </button>
      </div>
      {loading ? (
        <SkeletonRow cards={catalogueServiceConfig.previewSize} />
      ) : videos.length === 0 ? (
        <p className="cf-discover-section__empty">{t('home.sectionEmpty')}</p>
      ) : (
        <ul className="cf-discover-row">
          {videos.map((video, i) => (
            <li key={video.vod_id} className="cf-discover-row__cell">
              <VideoCard video={video} onOpen={onOpen} eager={eager && i < firstScreenCards} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
