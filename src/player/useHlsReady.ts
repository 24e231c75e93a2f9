// A page that plays, reached from one that does not (the feed after discover):
// hls.js is fetched (once the server answers) before the page renders. A
// failed fetch is thrown to the page's LoadBoundary (shell/LoadBoundary.tsx),
// which treats it as an outage: the waiting text, then a reload when the server answers.
// Where the visit began on that page, hls.js is on its way with the page (its
// failure is the inline script's failure page): the page renders at once and
// only its player waits (hls-load.ts).

import { useEffect, useState } from 'react';
import { connection } from '../notices/connection';
import { untilOnline } from '../notices/lazy-when-online';
import { hlsOnItsWay, loadHls } from './hls-load';

type HlsState = { ready: true } | { ready: false; error?: unknown };

export function useHlsReady(): boolean {
  const [state, setState] = useState<HlsState>(() => ({ ready: hlsOnItsWay() }));
  const waiting = !state.ready && state.error === undefined;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    untilOnline(connection)
      .then(loadHls)
      .then(
        () => live && setState({ ready: true }),
        (error: unknown) => live && setState({ ready: false, error }),
      );
    return () => {
      live = false;
    };
  }, [waiting]);
  if (!state.ready && state.error !== undefined) throw state.error;
  return state.ready;
}
