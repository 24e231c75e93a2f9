// The Discover sub-state from the address and back (spec 2 §2.1, §2.3).

import { describe, expect, it } from 'vitest';
import { detailParams, routeOfTarget, sameTarget, targetKey, targetOfRoute } from '../../../src/discover/discover-route';

describe('targetOfRoute', () => {
  it('n=discover: q gives search, c gives category, neither gives home; pg defaults to 1', () => {
    expect(targetOfRoute({ page: 'discover', params: {} })).toEqual({ view: 'home' });
    expect(targetOfRoute({ page: 'discover', params: { pg: 3 } })).toEqual({ view: 'home' });
    expect(targetOfRoute({ page: 'discover', params: { q: 'gato', pg: 2 } })).toEqual({ view: 'search', query: 'gato', page: 2 });
    expect(targetOfRoute({ page: 'discover', params: { c: 4 } })).toEqual({ view: 'category', categoryId: 4, page: 1 });
    expect(targetOfRoute({ page: 'discover', params: { q: 'gato', c: 4 } })).toEqual({ view: 'search', query: 'gato', page: 1 });
  });

  it('n=search and n=category need their parameter, else home', () => {
    expect(targetOfRoute({ page: 'search', params: { q: ' x ', pg: 5 } })).toEqual({ view: 'search', query: 'x', page: 5 });
    expect(targetOfRoute({ page: 'search', params: {} })).toEqual({ view: 'home' });
    expect(targetOfRoute({ page: 'category', params: { c: 2, pg: 2 } })).toEqual({ view: 'category', categoryId: 2, page: 2 });
    expect(targetOfRoute({ page: 'category', params: {} })).toEqual({ view: 'home' });
  });
});

describe('routeOfTarget', () => {
  it('keeps the page the visitor is on when it can hold the state; page 1 stays out of the address', () => {
    expect(routeOfTarget({ view: 'search', query: 'x', page: 1 }, 'discover')).toEqual({ page: 'discover', params: { q: 'x' } });
    expect(routeOfTarget({ view: 'search', query: 'x', page: 2 }, 'search')).toEqual({ page: 'search', params: { q: 'x', pg: 2 } });
    expect(routeOfTarget({ view: 'category', categoryId: 3, page: 2 }, 'category')).toEqual({ page: 'category', params: { c: 3, pg: 2 } });
    // From n=category a search moves to n=discover (category cannot carry q).
    expect(routeOfTarget({ view: 'search', query: 'x', page: 1 }, 'category')).toEqual({ page: 'discover', params: { q: 'x' } });
    expect(routeOfTarget({ view: 'home' }, 'search')).toEqual({ page: 'discover', params: {} });
  });

  it('round-trips through targetOfRoute', () => {
    for (const t of [{ view: 'home' }, { view: 'search', query: 'a b', page: 3 }, { view: 'category', categoryId: 9, page: 1 }] as const) {
      for (const current of ['discover', 'search', 'category'] as const) {
        expect(sameTarget(targetOfRoute(routeOfTarget(t, current)), t)).toBe(true);
      }
    }
  });
});

describe('detailParams', () => {
  it('vid and i carry the id; the origin state rides along for Back', () => {
    expect(detailParams(7, { view: 'home' })).toEqual({ vid: 7, i: '7', from: 'discover' });
    expect(detailParams(7, { view: 'search', query: 'gato', page: 2 })).toEqual({ vid: 7, i: '7', from: 'discover', q: 'gato', pg: 2 });
    expect(detailParams(7, { view: 'category', categoryId: 3, page: 1 })).toEqual({ vid: 7, i: '7', from: 'discover', c: 3, pg: 1 });
  });

  it('targetKey tells sub-states apart', () => {
    const keys = new Set([
      targetKey({ view: 'home' }),
      targetKey({ view: 'search', query: 'a', page: 1 }),
      targetKey({ view: 'search', query: 'a', page: 2 }),
      targetKey({ view: 'category', categoryId: 1, page: 1 }),
    ]);
    expect(keys.size).toBe(4);
  });
});
