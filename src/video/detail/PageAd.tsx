// A slot ad on the video pages, inside the column's content margins: the
// shared banner (discover/ads) fills its container's width, and these pages'
// sections are inset, so the wrapper gives it the same inset. Empty (no ad
// for the slot) it takes no room.

import { AdSlot } from '../../discover';

export function PageAd({ slot }: { slot: string }) {
  return (
    <div className="cf-video-ad" data-testid="video-page-ad">
      <AdSlot slot={slot} />
    </div>
  );
}
