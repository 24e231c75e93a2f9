// What a video page knows about its video (spec 2 §2.4, §4 "Video detail"):
// loading -> loaded | error | missing, with the related list loading after
// the video. A new video id, or a retry, resets everything (video, related
// list, plot expansion) and loads again. Answers of an earlier load (another
// id, or the same id before a retry) are ignored: each load has a number.
// Pure reducer; useVideoDetail.ts runs the calls.

import type { CatalogueVideo } from '../../api/catalogue-schemas';

/** invalid: the address has no valid video id (spec 3 §5: 无效的视频ID). */
export type DetailStatus = 'invalid' | 'loading' | 'loaded' | 'error' | 'missing';
export type RelatedStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface DetailState {
  vid: number | null;
  /** Number of the current load; answers carry the number of the load they belong to. */
  seq: number;
  status: DetailStatus;
  video: CatalogueVideo | null;
  related: CatalogueVideo[];
  relatedStatus: RelatedStatus;
  plotExpanded: boolean;
}

export type DetailAction =
  | { type: 'load'; vid: number | null }
  | { type: 'loaded'; seq: number; video: CatalogueVideo }
  | { type: 'missing'; seq: number }
  | { type: 'failed'; seq: number }
  | { type: 'related'; seq: number; videos: CatalogueVideo[] }
  | { type: 'related-failed'; seq: number }
  | { type: 'toggle-plot' };

export function initialDetailState(vid: number | null): DetailState {
  return { vid, seq: 0, status: vid === null ? 'invalid' : 'loading', video: null, related: [], relatedStatus: 'idle', plotExpanded: false };
}

export function detailReducer(state: DetailState, action: DetailAction): DetailState {
  switch (action.type) {
    case 'load':
      return { ...initialDetailState(action.vid), seq: state.seq + 1 };
    case 'toggle-plot':
      return state.status === 'loaded' ? { ...state, plotExpanded: !state.plotExpanded } : state;
    default:
      break;
  }
  if (action.seq !== state.seq) return state;
  switch (action.type) {
    case 'loaded':
      return state.status === 'loading' ? { ...state, status: 'loaded', video: action.video, relatedStatus: 'loading' } : state;
    case 'missing':
      return state.status === 'loading' ? { ...state, status: 'missing' } : state;
    case 'failed':
      return state.status === 'loading' ? { ...state, status: 'error' } : state;
    case 'related':
      return state.relatedStatus === 'loading' ? { ...state, related: action.videos, relatedStatus: 'loaded' } : state;
    case 'related-failed':
      return state.relatedStatus === 'loading' ? { ...state, relatedStatus: 'failed' } : state;
  }
}
