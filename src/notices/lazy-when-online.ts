// Lazy chunks (pages, sheets, the full-video body) that wait for the server
// (issue 16 point 4): a chunk asked for while the server cannot be reached is
// fetched when it answers again, so the browser never records a failed fetch
// for it (a module whose fetch failed stays failed for the document's life:
// only a reload loads it then, which shell/load-failure.ts does).

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { connection, type Connection } from './connection';

type Link = Pick<Connection, 'isOffline' | 'onResume'>;

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

/** React's lazy, but the chunk is not fetched while the server cannot be reached. */
export function lazyWhenOnline<P>(load: () => Promise<{ default: ComponentType<P> }>, link: Link = connection): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => untilOnline(link).then(load));
}
