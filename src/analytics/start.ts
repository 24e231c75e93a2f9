// The analytics start-up task (spec 1 §4: 100 ms after mount, src/shell/
// startup.ts runs it): with the server's flag `analytics` on, page views from
// the router and clip starts from the feed go out in batches; off (or when
// the app config cannot be had), nothing is sent and what waited is dropped.

import { subscribe } from 'valtio/vanilla';
import { apiConfig } from '../api/config';
import { wallClockTimers } from '../lib/timers';
import { routerState } from '../router/router-store';
import { loadAppConfig } from '../server-config/store';
import { analyticsState } from './analytics-store';
import { isNewPage, type PagePlace } from './events';
import { createRecorder } from './recorder';
import { browserTransport } from './transport';

const recorder = createRecorder(analyticsState, wallClockTimers);

export async function startAnalytics(win: Window): Promise<void> {
  const config = await loadAppConfig();
  if (!config.flags.analytics) return recorder.disable();
  recorder.enable(browserTransport(win, apiConfig.base));

  let last: PagePlace | null = null;
  const notePlace = () => {
    const top = routerState.stack[routerState.stack.length - 1];
    if (!top) return;
    const place = { key: top.key, page: top.route.page };
    if (!isNewPage(last, place)) return;
    last = place;
    recorder.record({ kind: 'page_view', page: place.page });
  };
  notePlace();
  subscribe(routerState, notePlace);

  // pagehide is the last moment a leaving page has; a phone often hides the page and never comes back, so hidden counts too.
  win.addEventListener('pagehide', () => recorder.flush('beacon'));
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') recorder.flush('beacon');
  });
}

/** The feed's clip of a catalogue video started playing (held until start-up says whether analytics is on). */
export function recordClipStart(videoId: number): void {
  recorder.record({ kind: 'clip_start', page: routerState.route.page, videoId });
}
