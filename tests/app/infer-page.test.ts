import { describe, expect, it } from 'vitest';
import { inferPage } from '../../src/router/route-params';

describe('page inference when n is missing (spec 1 §2, in order)', () => {
  it('1. vid plus route or episode gives video-play', () => {
    expect(inferPage({ vid: 4, route: 0 })).toBe('video-play');
    expect(inferPage({ vid: 4, episode: 2 })).toBe('video-play');
  });
  it('2. vid alone gives video-detail', () => {
    expect(inferPage({ vid: 4 })).toBe('video-detail');
  });
  it('3. q gives search', () => {
    expect(inferPage({ q: 'cats' })).toBe('search');
  });
  it('4. c gives category', () => {
    expect(inferPage({ c: 3 })).toBe('category');
  });
  it('5. tab gives navigation', () => {
    expect(inferPage({ tab: 'games' })).toBe('navigation');
  });
  it('6. i without vid gives douyin', () => {
    expect(inferPage({ i: '9' })).toBe('douyin');
  });
  it('7. pg without q or c gives discover', () => {
    expect(inferPage({ pg: 2 })).toBe('discover');
  });
  it('8. otherwise douyin', () => {
    expect(inferPage({})).toBe('douyin');
    expect(inferPage({ mute: true, j: 3 })).toBe('douyin');
  });

  it('earlier rules win over later ones', () => {
    expect(inferPage({ vid: 1, route: 0, q: 'x', c: 2, tab: 't', i: '1', pg: 2 })).toBe('video-play');
    expect(inferPage({ vid: 1, q: 'x', c: 2, tab: 't', i: '1', pg: 2 })).toBe('video-detail');
    expect(inferPage({ q: 'x', c: 2, tab: 't', i: '1', pg: 2 })).toBe('search');
    expect(inferPage({ c: 2, tab: 't', i: '1', pg: 2 })).toBe('category');
    expect(inferPage({ tab: 't', i: '1', pg: 2 })).toBe('navigation');
    expect(inferPage({ i: '1', pg: 2 })).toBe('douyin');
  });

  it('route or episode without vid is not a video page', () => {
    expect(inferPage({ route: 1, pg: 2 })).toBe('discover');
  });
});
