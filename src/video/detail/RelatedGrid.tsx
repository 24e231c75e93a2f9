// Related videos of a video page (spec 2 §2.4, spec 3 §2): up to 8 cards
// (thumbnail, remark or "HD" badge, title) with the category name under each,
// skeleton cards while they load; nothing when there are none.

import type { CatalogueVideo } from '../../api/catalogue-schemas';
import { plainText } from '../../lib/plain-text';
import { VideoCard } from '../../ui/VideoCard';
import { VideoCardSkeleton } from '../../ui/VideoCardSkeleton';
import { detailConfig } from './config';
import { videoCategory } from './useCategoryNames';

export interface RelatedGridProps {
  title: string;
  videos: readonly CatalogueVideo[];
  loading: boolean;
  /** Category names in the interface language (useCategoryNames). */
  categoryNames: ReadonlyMap<number, string>;
  onOpen(video: CatalogueVideo): void;
}

export function RelatedGrid({ title, videos, loading, categoryNames, onOpen }: RelatedGridProps) {
  if (!loading && videos.length === 0) return null;
  return (
    <section className="cf-video-section" aria-labelledby="cf-related-title" data-testid="related">
      <h3 id="cf-related-title" className="cf-video-section__title">{title}</h3>
      <div className="cf-related-grid">
        {loading
          ? Array.from({ length: detailConfig.relatedSkeletons }, (_, i) => <VideoCardSkeleton key={i} />)
          : videos.map((video) => (
              <RelatedItem key={video.vod_id} video={video} type={plainText(videoCategory(video, categoryNames))} onOpen={onOpen} />
            ))}
      </div>
    </section>
  );
}

function RelatedItem({ video, type, onOpen }: { video: CatalogueVideo; type: string; onOpen(video: CatalogueVideo): void }) {
  return (
    <div className="cf-related-grid__item">
      <VideoCard video={video} onOpen={onOpen} />
      {type ? <span className="cf-related-grid__type">{type}</span> : null}
    </div>
  );
}
