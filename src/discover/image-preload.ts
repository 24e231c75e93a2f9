// Poster preloading for the home rows (spec 2 §4, §9): the first posters of
// each category are fetched ahead of need; each is marked loaded when it
// loads; failures and time-outs are ignored silently. The set of loaded
// addresses is capped, the oldest forgotten first.

import { safeImageUrl } from '../lib/image-url';

export type LoadImage = (url: string, timeoutMs: number) => Promise<boolean>;

export interface ImagePreloaderOptions {
  timeoutMs: number;
  maxEntries: number;
  loadImage?: LoadImage;
}

/** Loads one image through an Image element; true when it loaded within the time-out. */
export const browserLoadImage: LoadImage = (url, timeoutMs) =>
  new Promise((resolve) => {
    if (typeof Image === 'undefined') return resolve(false);
    const img = new Image();
    const timer = setTimeout(() => finish(false), timeoutMs);
    function finish(ok: boolean) {
      clearTimeout(timer);
      img.onload = null;
      img.onerror = null;
      if (!ok) img.src = '';
      resolve(ok);
    }
    img.onload = () => finish(true);
    img.onerror = () => finish(false);
    img.decoding = 'async';
    img.src = url;
  });

export interface ImagePreloader {
  preload(urls: readonly (string | undefined)[]): Promise<void>;
  isLoaded(url: string): boolean;
  readonly size: number;
}

export function createImagePreloader(options: ImagePreloaderOptions): ImagePreloader {
  const loadImage = options.loadImage ?? browserLoadImage;
  // Insertion order = age; a Map keeps it.
  const loaded = new Map<string, true>();
  const pending = new Map<string, Promise<void>>();

  function remember(url: string): void {
    loaded.delete(url);
    loaded.set(url, true);
    while (loaded.size > options.maxEntries) loaded.delete(loaded.keys().next().value as string);
  }

  function one(raw: string | undefined): Promise<void> {
    const url = safeImageUrl(raw);
    if (!url || loaded.has(url)) return Promise.resolve();
    const running = pending.get(url);
    if (running) return running;
    const job = loadImage(url, options.timeoutMs)
      .then((ok) => {
        if (ok) remember(url);
      })
      .catch(() => undefined)
      .finally(() => pending.delete(url));
    pending.set(url, job);
    return job;
  }

  return {
    async preload(urls) {
      await Promise.all(urls.map(one));
    },
    isLoaded: (url) => loaded.has(safeImageUrl(url) ?? url),
    get size() {
      return loaded.size;
    },
  };
}
