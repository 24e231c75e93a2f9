// A discover row of card skeletons while its videos load (home sections,
// category sections, the whole home's first paint).

import { VideoCardSkeleton } from '../ui/VideoCardSkeleton';

export function SkeletonRow({ cards }: { cards: number }) {
  return (
    <ul className="cf-discover-row" aria-hidden="true">
      {Array.from({ length: cards }, (_, i) => (
        <li key={i} className="cf-discover-row__cell">
          <VideoCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
