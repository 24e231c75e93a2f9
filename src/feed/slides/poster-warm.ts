// Neighbours' posters fetched before their slides land (issue 17: every
// landing of a quick swiper shows its poster or first frame within 100 ms).
// Each is loaded once as a detached image, at low priority and decoded off
// the main thread, and kept, so a neighbour slide renders its <img> only when
// the picture is already here (the memory cache answers it at once) and no
// poster load ever starts by itself. FeedPage decides when (once the clip on
// screen plays: a poster is a tenth of a first fragment, posters ~13 kB against
// ~116 kB fragments in the demo) and which (feedPlaybackConfig.posterWarmOffsets).

import { useEffect, useSyncExternalStore } from 'react';
import { isAdItem, type FeedItem } from '../feed-item';
import { feedPlaybackConfig } from '../playback/config';

const images = new Map<string, HTMLImageElement>();
const loaded = new Set<string>();
const listeners = new Set<() => void>();

/** The picture a slide shows before its video has a frame: the video's poster, or an ad's image. */
export function slidePoster(item: FeedItem): string {
  return isAdItem(item) ? (item.adImageUrl ?? '') : item.pic;
}

/** Starts loading these posters (already loading or loaded ones are kept, as the most recent). */
function warmPosters(urls: readonly string[]): void {
  for (const url of urls) {
    if (url === '') continue;
    const known = images.get(url);
    if (known) {
      images.delete(url);
      images.set(url, known);
      continue;
    }
    const img = new Image();
    img.decoding = 'async';
    img.fetchPriority = 'low';
    img.onload = () => {
      if (images.get(url) !== img) return;
      loaded.add(url);
      for (const listener of listeners) listener();
    };
    img.src = url;
    images.set(url, img);
  }
  for (const url of images.keys()) {
    if (images.size <= feedPlaybackConfig.posterWarmKept) break;
    images.delete(url);
    loaded.delete(url);
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the poster at `url` has loaded here (re-renders when it does). */
export function usePosterWarm(url: string): boolean {
  return useSyncExternalStore(subscribe, () => loaded.has(url), () => false);
}

/** While `allowed`, the posters of the items around `index` (feedPlaybackConfig.posterWarmOffsets) load. */
export function useWarmNeighbours(items: readonly FeedItem[], index: number, allowed: boolean): void {
  const neighbours = allowed ? feedPlaybackConfig.posterWarmOffsets.flatMap((offset) => items[index + offset] ?? []) : [];
  const key = neighbours.map(slidePoster).join('\n');
  useEffect(() => {
    if (key !== '') warmPosters(key.split('\n'));
  }, [key]);
}
