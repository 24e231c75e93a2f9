// A grid of video cards; with `adAtIndex` the video-card-ad slot takes that
// place among them (spec 2 §2.3: index 1 in the category listing, counted in
// the grid after its first row: CategoryView).

import type { CatalogueVideo } from '../api/catalogue-schemas';
import { AdSlotId } from '../api/app-config';
import { discoverConfig } from './config';
import { AdSlot, useSlotAd } from './ads/AdSlot';
import { VideoCard } from '../ui/VideoCard';
import { VideoCardSkeleton } from '../ui/VideoCardSkeleton';

export interface VideoGridProps {
  videos: readonly CatalogueVideo[];
  onOpen: (video: CatalogueVideo) => void;
  adAtIndex?: number;
  /** How many of the first cards load their posters at once (a grid lower on the page has fewer on the first screen). */
  eagerCards?: number;
  testId?: string;
}

export function VideoGrid({ videos, onOpen, adAtIndex, eagerCards = discoverConfig.eagerCards, testId = 'video-grid' }: VideoGridProps) {
  const ad = useSlotAd(AdSlotId.VideoCardAd);
  const cells = videos.map((video, i) => (
    <li key={video.vod_id} className="cf-discover-grid__cell">
      <VideoCard video={video} onOpen={onOpen} eager={i < eagerCards} />
    </li>
  ));
  if (ad && adAtIndex !== undefined && videos.length > 0) {
    cells.splice(
      Math.min(adAtIndex, cells.length),
      0,
      <li key="ad" className="cf-discover-grid__cell" data-testid="grid-ad-cell">
        <AdSlot slot={AdSlotId.VideoCardAd} variant="card" />
      </li>,
    );
  }
  return (
    <ul className="cf-discover-grid" data-testid={testId}>
      {cells}
    </ul>
  );
}

export function VideoGridSkeleton({ count }: { count: number }) {
  return (
    <ul className="cf-discover-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="cf-discover-grid__cell">
          <VideoCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
