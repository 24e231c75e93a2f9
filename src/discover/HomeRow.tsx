// A row of the Discover home that is not a category (recommended, hot): a
// title and a sideways row of video cards, skeletons while it first loads.
// A row with nothing to show (failed, or no videos) is not drawn.

import type { CatalogueVideo } from '../api/catalogue-schemas';
import { catalogueServiceConfig } from './catalogue/config';
import { firstScreenCards } from './first-screen';
import type { SectionState } from './discover-state';
import { VideoCard } from '../ui/VideoCard';
import { SkeletonRow } from './SkeletonRow';

export interface HomeRowProps {
  title: string;
  section: SectionState;
  /** Skeletons while the first load runs (a row at the top keeps its place). */
  skeleton: boolean;
  eager: boolean;
  testId: string;
  onOpen: (video: CatalogueVideo) => void;
}

export function HomeRow({ title, section, skeleton, eager, testId, onOpen }: HomeRowProps) {
  const loading = section.videos.length === 0 && (section.status === 'loading' || section.status === 'idle');
  if (section.videos.length === 0 && !(loading && skeleton)) return null;
  return (
    <section className="cf-discover-section" data-testid={testId} data-status={section.status} aria-label={title}>
      <div className="cf-discover-section__head">
        <h2 className="cf-discover-section__title">{title}</h2>
      </div>
      {loading ? (
        <SkeletonRow cards={catalogueServiceConfig.previewSize} />
      ) : (
        <ul className="cf-discover-row">
          {section.videos.map((video, i) => (
            <li key={video.vod_id} className="cf-discover-row__cell">
              <VideoCard video={video} onOpen={onOpen} eager={eager && i < firstScreenCards} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
