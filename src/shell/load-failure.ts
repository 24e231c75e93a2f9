// A page or sheet chunk that failed to fetch (the outage began before the
// page knew of it): the browser keeps that failure for the document's life,
// so it loads only after a reload. The address holds the page, and the feed
// its place (its `i` and the fast cache), so nothing of the visitor's is
// lost. Reloaded once the server answers: at once when it does already (a
// chunk gone after a new deploy), else when it comes back.

import type { Connection } from '../notices/connection';

type Link = Pick<Connection, 'check' | 'onResume'>;

/** Waits for the server, then `reload()`; returns the cancel (the visitor went to another page meanwhile). */
export function reloadWhenOnline(link: Link, reload: () => void): () => void {
  let cancelled = false;
  let off = () => undefined as void;
  void link.check().then((answered) => {
    if (cancelled) return;
    if (answered) return reload();
    off = link.onResume(() => {
      off();
      if (!cancelled) reload();
    });
  });
  return () => {
    cancelled = true;
    off();
  };
}
