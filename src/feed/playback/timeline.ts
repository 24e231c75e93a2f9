// Which feed item was on screen from when, for tests (e2e, the browser bench)
// that attribute network requests and first frames to items. The page only
// writes it when a test installed the array.

import { isAdItem, type FeedItem } from '../feed-item';

declare global {
  interface Window {
    /** Installed by tests (e2e, bench) only. */
    __clipfeedTimeline?: { at: number; id: string; ad: boolean }[];
  }
}

export function feedTimeline(item: FeedItem): void {
  window.__clipfeedTimeline?.push({ at: performance.now(), id: item.id, ad: isAdItem(item) });
}
