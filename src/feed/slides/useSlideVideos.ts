// Each feed slide owns a <video> (FeedSlide.tsx). This registry maps item ids
// to their slide's element: the player needs the incoming slide's element when
// a swipe starts, and the page needs the current one (progress bar, controls).
// Ref callbacks are stable per item, so React does not detach and re-attach
// them on every render.

import { useCallback, useLayoutEffect, useRef, useState } from 'react';

export interface SlideVideos {
  /** The ref callback for the slide of item `id`. */
  refFor(id: string): (element: HTMLVideoElement | null) => void;
  /** The element of item `id`'s slide, if mounted. */
  get(id: string): HTMLVideoElement | null;
  /** The current item's element (state: a new one re-renders the page). */
  current: HTMLVideoElement | null;
}

export function useSlideVideos(currentId: string | null): SlideVideos {
  const elements = useRef(new Map<string, HTMLVideoElement>());
  const callbacks = useRef(new Map<string, (element: HTMLVideoElement | null) => void>());
  const currentIdRef = useRef(currentId);
  currentIdRef.current = currentId;
  const [current, setCurrent] = useState<HTMLVideoElement | null>(null);

  const refFor = useCallback((id: string) => {
    let callback = callbacks.current.get(id);
    if (!callback) {
      callback = (element) => {
        if (element) elements.current.set(id, element);
        else {
          elements.current.delete(id);
          callbacks.current.delete(id);
        }
        if (currentIdRef.current === id) setCurrent(element);
      };
      callbacks.current.set(id, callback);
    }
    return callback;
  }, []);

  // A swipe makes a mounted neighbour current: its element is already registered.
  useLayoutEffect(() => {
    setCurrent(currentId ? (elements.current.get(currentId) ?? null) : null);
  }, [currentId]);

  const get = useCallback((id: string) => elements.current.get(id) ?? null, []);
  return { refFor, get, current };
}
