// Which items after the current one the feed keeps ready: `count` of them that
// play something (clips and video ads). An image ad plays nothing, so it does
// not use up a place: with one item ahead (a slow network) and an image ad
// next, the clip behind the ad is prepared while the current clip plays, not
// only once the ad is on screen (on a slow link that is too late).

import { isAdItem, type FeedItem } from './feed-item';

const playsSomething = (item: FeedItem) => !(isAdItem(item) && item.adType === 'image');

/** The items from `index + 1` up to and including the `count`-th one that plays something. */
export function itemsAhead<T extends FeedItem>(items: readonly T[], index: number, count: number): T[] {
  const out: T[] = [];
  let playing = 0;
  for (let i = index + 1; i < items.length && playing < count; i++) {
    out.push(items[i]);
    if (playsSomething(items[i])) playing++;
  }
  return out;
}
