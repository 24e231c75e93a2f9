// Runs the loads detail-state.ts describes for the video pages: the video
// (cached by the catalogue service), then its related videos. A retry clears
// the catalogue cache first (spec 2 §4: the cache can be cleared on a manual
// retry), so it asks the server again rather than re-reading a cached answer.

import { useCallback, useEffect, useReducer } from 'react';
import { clearCatalogueCache, loadRelated, loadVideoDetail, VIDEO_NOT_FOUND } from '../../discover';
import { showToast } from '../../notices/store';
import { detailReducer, initialDetailState, type DetailAction, type DetailState } from './detail-state';

export interface VideoDetail {
  state: DetailState;
  retry(): void;
  togglePlot(): void;
}

/** `failedToastKey`: the toast shown when the video cannot be loaded (null: the page's panel says it alone). */
export function useVideoDetail(vid: number | null, failedToastKey: string | null): VideoDetail {
  const [state, dispatch] = useReducer(detailReducer, vid, initialDetailState);
  const [attempt, bumpAttempt] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    dispatch({ type: 'load', vid });
  }, [vid, attempt]);

  const { seq, status } = state;
  useEffect(() => {
    if (status !== 'loading' || state.vid === null || seq === 0) return;
    let live = true;
    const send = (action: DetailAction) => live && dispatch(action);
    void (async () => {
      const detail = await loadVideoDetail(state.vid as number);
      if (!detail.ok) {
        if (failedToastKey) showToast(failedToastKey, undefined, { type: 'error' });
        return send({ type: 'failed', seq });
      }
      if (detail.value === VIDEO_NOT_FOUND) return send({ type: 'missing', seq });
      const video = detail.value;
      send({ type: 'loaded', seq, video });
      const related = await loadRelated(video);
      send(related.ok ? { type: 'related', seq, videos: related.value } : { type: 'related-failed', seq });
    })();
    return () => {
      live = false;
    };
    // One run per load: `seq` changes with every load, `status` leaves 'loading' when it ends.
  }, [seq]);

  const retry = useCallback(() => {
    clearCatalogueCache();
    bumpAttempt();
  }, []);
  const togglePlot = useCallback(() => dispatch({ type: 'toggle-plot' }), []);
  // Between a new id and its 'load', the old video must not show for a frame.
  return { state: state.vid === vid ? state : initialDetailState(vid), retry, togglePlot };
}
