import { describe, expect, it } from 'vitest';
import { backHintKey } from '../../../src/video/detail/back-hints';
import { backDestination, detailPageParams, feedParams, originOf, playPageParams } from '../../../src/video/detail/video-links';

describe('video page links (spec 2 §2.1, §2.4)', () => {
  it('keeps only the discover origin state q, c, pg', () => {
    expect(originOf({ vid: 5, i: '5', from: 'discover', q: 'cidade', pg: 2 })).toEqual({ q: 'cidade', pg: 2 });
    expect(originOf({ vid: 5, c: 3 })).toEqual({ c: 3 });
  });

  it('"watch all" opens the play page at route 0, episode 0, from the detail page, carrying the origin', () => {
    expect(playPageParams(5, 0, { q: 'cidade', pg: 2 })).toEqual({ vid: 5, i: '5', route: 0, episode: 0, from: 'video-detail', q: 'cidade', pg: 2 });
  });

  it('a related video opens its detail page marked as coming from a detail page; random watch opens the feed at the video', () => {
    expect(detailPageParams(9, { c: 3 })).toEqual({ vid: 9, i: '9', from: 'video-detail', c: 3 });
    expect(feedParams(9)).toEqual({ i: '9' });
  });

  it('Back leads to the previous in-app entry, else to the inferred target', () => {
    const detail = { page: 'video-detail' as const, params: { vid: 5, from: 'discover' as const, q: 'x' } };
    expect(backDestination([{ route: { page: 'category', params: { c: 1 } } }, { route: detail }], detail)).toBe('category');
    expect(backDestination([{ route: detail }], detail)).toBe('search');
    expect(backDestination([{ route: detail }], { page: 'video-detail', params: { vid: 5, from: 'douyin', i: '5' } })).toBe('douyin');
  });

  it('the long-press hint names where Back leads', () => {
    expect(backHintKey('search')).toBe('detail:backHint.search');
    expect(backHintKey('video-play')).toBe('detail:backHint.videoPlay');
    expect(backHintKey(null)).toBe('detail:backHint.douyin');
  });
});
