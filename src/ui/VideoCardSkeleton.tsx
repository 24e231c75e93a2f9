// A video card's placeholder while its list loads: the same box sizes as
// VideoCard, so nothing jumps when the data arrives (UI.md).

import { Skeleton } from './Skeleton';
import './video-card.css';

export function VideoCardSkeleton() {
  return (
    <span className="cf-video-card cf-video-card--skeleton" data-testid="video-card-skeleton" aria-hidden="true">
      <span className="cf-video-card__poster">
        <Skeleton height="100%" radius="m" />
      </span>
      <span className="cf-video-card__title">
        <Skeleton lines={2} />
      </span>
    </span>
  );
}
