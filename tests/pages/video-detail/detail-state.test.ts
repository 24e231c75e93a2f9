import { describe, expect, it } from 'vitest';
import type { CatalogueVideo } from '../../../src/api/catalogue-schemas';
import { detailReducer, initialDetailState, type DetailAction, type DetailState } from '../../../src/video/detail/detail-state';
import { video } from '../../feed/fake-catalogue';

const run = (state: DetailState, ...actions: DetailAction[]) => actions.reduce(detailReducer, state);

describe('video detail states (spec 2 §2.4, §4)', () => {
  it('starts loading for a valid id, and invalid without one', () => {
    expect(initialDetailState(7).status).toBe('loading');
    expect(initialDetailState(null).status).toBe('invalid');
  });

  it('loading -> loaded, then the related list loads', () => {
    const v = video(7);
    const s = run(initialDetailState(7), { type: 'load', vid: 7 }, { type: 'loaded', seq: 1, video: v });
    expect(s.status).toBe('loaded');
    expect(s.video).toBe(v);
    expect(s.relatedStatus).toBe('loading');
    const done = detailReducer(s, { type: 'related', seq: 1, videos: [video(8), video(9)] });
    expect(done.relatedStatus).toBe('loaded');
    expect(done.related.map((r) => r.vod_id)).toEqual([8, 9]);
  });

  it('loading -> missing ("video does not exist") and loading -> error', () => {
    const loading = run(initialDetailState(7), { type: 'load', vid: 7 });
    expect(detailReducer(loading, { type: 'missing', seq: 1 }).status).toBe('missing');
    expect(detailReducer(loading, { type: 'failed', seq: 1 }).status).toBe('error');
  });

  it('a retry resets to loading and ignores the answers of the load before it', () => {
    const failed = run(initialDetailState(7), { type: 'load', vid: 7 }, { type: 'failed', seq: 1 });
    const retried = detailReducer(failed, { type: 'load', vid: 7 });
    expect(retried.status).toBe('loading');
    expect(retried.seq).toBe(2);
    expect(detailReducer(retried, { type: 'loaded', seq: 1, video: video(7) }).status).toBe('loading');
    expect(detailReducer(retried, { type: 'loaded', seq: 2, video: video(7) }).status).toBe('loaded');
  });

  it('a new video id resets the video, the related list and the plot expansion', () => {
    let s = run(
      initialDetailState(7),
      { type: 'load', vid: 7 },
      { type: 'loaded', seq: 1, video: video(7) },
      { type: 'related', seq: 1, videos: [video(8)] },
      { type: 'toggle-plot' },
    );
    expect(s.plotExpanded).toBe(true);
    s = detailReducer(s, { type: 'load', vid: 8 });
    expect(s).toMatchObject({ vid: 8, status: 'loading', video: null, related: [], relatedStatus: 'idle', plotExpanded: false });
    // The old video's related answer arriving late changes nothing.
    expect(detailReducer(s, { type: 'related', seq: 1, videos: [video(99)] }).related).toEqual([]);
  });

  it('a failed related list leaves the video shown', () => {
    const s = run(initialDetailState(7), { type: 'load', vid: 7 }, { type: 'loaded', seq: 1, video: video(7) }, { type: 'related-failed', seq: 1 });
    expect(s.status).toBe('loaded');
    expect(s.relatedStatus).toBe('failed');
  });

  it('the plot toggles only on a loaded video', () => {
    const loading = run(initialDetailState(7), { type: 'load', vid: 7 });
    expect(detailReducer(loading, { type: 'toggle-plot' }).plotExpanded).toBe(false);
    const loaded = detailReducer(loading, { type: 'loaded', seq: 1, video: video(7) as CatalogueVideo });
    expect(run(loaded, { type: 'toggle-plot' }, { type: 'toggle-plot' }).plotExpanded).toBe(false);
  });
});
