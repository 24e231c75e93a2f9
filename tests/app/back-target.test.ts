import { describe, expect, it } from 'vitest';
import { backTarget } from '../../src/router/back-target';
import type { Route } from '../../src/router/route-params';

describe('Back without in-app history (spec 1 §2)', () => {
  describe.each(['video-detail', 'video-play'] as const)('from %s', (page) => {
    const at = (params: Route['params']): Route => ({ page, params: { vid: 7, ...params } });

    it('from=douyin returns to the feed at i', () => {
      expect(backTarget(at({ from: 'douyin', i: '7', q: 'x' }))).toEqual({ page: 'douyin', params: { i: '7' } });
      expect(backTarget(at({ from: 'douyin' }))).toEqual({ page: 'douyin', params: {} });
    });

    it('a search origin (q) returns to search with its page', () => {
      expect(backTarget(at({ from: 'discover', q: 'cats', pg: 3 }))).toEqual({ page: 'search', params: { q: 'cats', pg: 3 } });
      expect(backTarget(at({ q: 'cats' }))).toEqual({ page: 'search', params: { q: 'cats' } });
    });

    it('a category origin (c) returns to the category with its page', () => {
      expect(backTarget(at({ from: 'discover', c: 4, pg: 2 }))).toEqual({ page: 'category', params: { c: 4, pg: 2 } });
    });

    it('q wins over c', () => {
      expect(backTarget(at({ q: 'a', c: 4 }))?.page).toBe('search');
    });

    it('from=discover without q or c returns to discover home', () => {
      expect(backTarget(at({ from: 'discover', i: '7' }))).toEqual({ page: 'discover', params: {} });
    });

    it('no origin but i returns to the feed at i', () => {
      expect(backTarget(at({ i: '7' }))).toEqual({ page: 'douyin', params: { i: '7' } });
      expect(backTarget(at({ from: 'video-detail', i: '7' }))).toEqual({ page: 'douyin', params: { i: '7' } });
    });

    it('nothing known returns to discover home', () => {
      expect(backTarget(at({}))).toEqual({ page: 'discover', params: {} });
    });
  });

  it('search and category return to discover home', () => {
    expect(backTarget({ page: 'search', params: { q: 'x', pg: 2 } })).toEqual({ page: 'discover', params: {} });
    expect(backTarget({ page: 'category', params: { c: 1 } })).toEqual({ page: 'discover', params: {} });
  });

  it('discover with a search or category state returns to discover home; discover home to the feed', () => {
    expect(backTarget({ page: 'discover', params: { q: 'x' } })).toEqual({ page: 'discover', params: {} });
    expect(backTarget({ page: 'discover', params: { c: 2 } })).toEqual({ page: 'discover', params: {} });
    expect(backTarget({ page: 'discover', params: { pg: 2 } })).toEqual({ page: 'douyin', params: {} });
  });

  it('navigation returns to the feed; the feed has no target', () => {
    expect(backTarget({ page: 'navigation', params: { tab: 'a' } })).toEqual({ page: 'douyin', params: {} });
    expect(backTarget({ page: 'douyin', params: { i: '3' } })).toBeNull();
  });
});
