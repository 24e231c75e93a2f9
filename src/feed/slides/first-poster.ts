// The first item's poster that index.html's inline script paints before the
// app's JavaScript has arrived (#cf-first-poster: a fixed layer over the
// current slide's box, outside #root, which React empties on its first
// render). The feed takes over: the layer goes once the current slide shows
// the same item's poster, decoded (no blank frame between the two), or a
// frame of it; at once when the feed's current item is another, when the
// feed fails to load, and when the feed goes away.

import { useEffect, type SyntheticEvent } from 'react';
import './first-poster.css';

declare global {
  interface Window {
    /** Set when the feed took over: a poster still on its way is then not painted (index.html). */
    __clipfeedFirstPosterDone?: boolean;
  }
}

const LAYER_ID = 'cf-first-poster';
const HINT = 'meta[name="clipfeed-first-poster"]';

/** The item the server named for the early poster (painted or still on its way); null when it named none. */
function hintedItem(): string | null {
  return typeof document === 'undefined' ? null : (document.querySelector(HINT)?.getAttribute('data-item-id') ?? null);
}

export function releaseFirstPoster(): void {
  if (typeof window === 'undefined') return;
  window.__clipfeedFirstPosterDone = true;
  document.getElementById(LAYER_ID)?.remove();
}

/** The current slide's poster has loaded: the layer goes when it shows the same item, once the slide's copy is decoded. */
export function handOverFirstPoster(itemId: string, event: SyntheticEvent<HTMLImageElement>): void {
  if (hintedItem() !== itemId) return;
  void event.currentTarget.decode().then(releaseFirstPoster, releaseFirstPoster);
}

/** The feed's side: the layer goes when the current item is another, the feed failed, or the feed unmounts. */
export function useFirstPosterLayer(currentId: string | null, failed: boolean): void {
  useEffect(() => {
    const hinted = hintedItem();
    if (hinted !== null && (failed || (currentId !== null && currentId !== hinted))) releaseFirstPoster();
  }, [currentId, failed]);
  useEffect(() => releaseFirstPoster, []);
}
