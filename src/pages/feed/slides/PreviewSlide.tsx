// A neighbour of the current item (previous/next in the swiper): its poster
// and title, so a swipe shows the next clip's picture at once. `showPoster`
// false (before the first clip has played) leaves the picture out: on a slow
// link it would share the bandwidth the first clip's fragment needs.

import { useState } from 'react';
import { isAdItem, type FeedItem } from '../../../feed/feed-item';

export function PreviewSlide({ item, showPoster = true }: { item: FeedItem | null; showPoster?: boolean }) {
  const [broken, setBroken] = useState(false);
  if (!item) return <div className="cf-slide cf-slide--empty" />;
  const pic = isAdItem(item) ? (item.adImageUrl ?? '') : item.pic;
  return (
    <div className="cf-slide" aria-hidden="true">
      {pic && !broken && showPoster ? <img className="cf-slide__poster" src={pic} alt="" decoding="async" fetchPriority="low" onError={() => setBroken(true)} /> : null}
      <p className="cf-slide__title">{item.title}</p>
    </div>
  );
}
