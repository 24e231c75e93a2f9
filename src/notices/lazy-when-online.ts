// Lazy chunks (pages, sheets, the full-video body) that wait for the server
// (issue 16 point 4): a chunk asked for while the server cannot be reached is
// fetched when it answers again, so the browser never records a failed fetch
// for it (a module whose fetch failed stays failed for the document's life:
// only a reload loads it then, which shell/load-failure.ts does).

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { connection, type Connection } from './connection';

type Link = Pick<Connection, 'isOffline' | 'onResume'>;
type Module<P> = { default: ComponentType<P> };

/** Resolves when the server answers again (at once when it does now). */
export function untilOnline(link: Link): Promise<void> {
  if (!link.isOffline()) return Promise.resolve();
  return new Promise((resolve) => {
    const off = link.onResume(() => {
      off();
      resolve();
    });
  });
}

export interface PreloadableLazy<P> {
  /** React's lazy component; once preload() has settled, its first render does not suspend. */
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Fetches the chunk now (once; again after a failure). */
  preload(): Promise<void>;
  /** Whether the chunk is here: the component then renders without suspending. */
  loaded(): boolean;
}

/**
 * A thenable that calls back at once. React's lazy reads a module through it in
 * the same render instead of suspending: no fallback is committed, so React's
 * hold on content that replaces a fresh fallback (300 ms) does not apply.
 */
function settledWith<T>(value: T): Promise<T> {
  // React only calls then(onFulfilled, onRejected) on it and ignores what it returns.
  return { then: (onFulfilled: (v: T) => void) => onFulfilled(value) } as unknown as Promise<T>;
}

/** React's lazy, but the chunk is not fetched while the server cannot be reached, and can be fetched ahead of the first render. */
export function preloadableWhenOnline<P>(load: () => Promise<Module<P>>, link: Link = connection): PreloadableLazy<P> {
  let loaded: Module<P> | null = null;
  let pending: Promise<Module<P>> | null = null;
  const start = (): Promise<Module<P>> =>
    (pending ??= untilOnline(link)
      .then(load)
      .then(
        (module) => (loaded = module),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      ));
  return {
    Component: lazy(() => (loaded ? settledWith(loaded) : start())),
    preload: () => start().then(() => undefined),
    loaded: () => loaded !== null,
  };
}

/** React's lazy, but the chunk is not fetched while the server cannot be reached. */
export function lazyWhenOnline<P>(load: () => Promise<Module<P>>, link: Link = connection): LazyExoticComponent<ComponentType<P>> {
  return preloadableWhenOnline(load, link).Component;
}
