import { describe, expect, it } from 'vitest';
import { buildSearch, isProtectedParam, mergeParams, protectedPairs, targetParams } from '../../src/router/clean-params';

const q = (s: string) => new URLSearchParams(s);

describe('protected parameters', () => {
  it('tracking, debug, version and language parameters are protected; others are not', () => {
    for (const name of ['utm_source', 'utm_campaign', 'utm_anything', 'gclid', 'fbclid', 'msclkid', 'ttclid', 'ref', 'debug', 'debug_mode', 'version', 'lang']) {
      expect(isProtectedParam(name), name).toBe(true);
    }
    for (const name of ['accessToken', 'i', 'q', 'src', 'utm', 'n']) expect(isProtectedParam(name), name).toBe(false);
  });

  it('protectedPairs keeps order and repeated values; accessToken only on request', () => {
    const current = q('utm_source=a&q=x&gclid=g&utm_source=b&accessToken=tok');
    expect(protectedPairs(current)).toEqual([
      ['utm_source', 'a'],
      ['gclid', 'g'],
      ['utm_source', 'b'],
    ]);
    expect(protectedPairs(current, { keepAccessToken: true })).toContainEqual(['accessToken', 'tok']);
  });
});

describe('buildSearch', () => {
  it('leaving the feed clears i, t, mute, full and j but keeps n and protected parameters', () => {
    const current = q('n=douyin&i=5&t=1-2&mute=1&full=1&j=3&utm_source=ads&debug=true');
    expect(buildSearch({ page: 'discover', params: {} }, current)).toBe('?n=discover&utm_source=ads&debug=true');
  });

  it('removes parameters irrelevant to the target page', () => {
    const current = q('n=search&q=cats&pg=2&src=x&fbclid=f');
    const params = targetParams('category', { c: 3, q: 'cats', vid: 2 });
    expect(buildSearch({ page: 'category', params }, current)).toBe('?n=category&c=3&fbclid=f');
  });

  it('never carries accessToken unless asked (entry address only)', () => {
    const current = q('accessToken=secret&ref=partner');
    expect(buildSearch({ page: 'douyin', params: {} }, current)).toBe('?n=douyin&ref=partner');
    expect(buildSearch({ page: 'douyin', params: {} }, current, { keepAccessToken: true })).toBe('?n=douyin&accessToken=secret&ref=partner');
  });

  it('video pages may carry i and the discover origin state', () => {
    const params = targetParams('video-play', { vid: 8, i: '8', route: 1, from: 'discover', q: 'x', pg: 2, mute: true });
    expect(buildSearch({ page: 'video-play', params }, q(''))).toBe('?n=video-play&vid=8&i=8&route=1&from=discover&q=x&pg=2');
  });
});

describe('mergeParams', () => {
  it('sets, replaces and removes values; false removes a flag', () => {
    const next = mergeParams('douyin', { i: '1', mute: true, j: 2 }, { i: '2', mute: false, t: '3-9', j: undefined });
    expect(next).toEqual({ i: '2', t: '3-9' });
  });

  it('validates patched values like the address does', () => {
    expect(mergeParams('douyin', { j: 1 }, { j: -4, t: 'abc' })).toEqual({});
    expect(mergeParams('search', { q: 'a' }, { pg: 0 })).toEqual({ q: 'a' });
  });

  it('drops parameters the page does not allow', () => {
    expect(mergeParams('search', { q: 'a' }, { vid: 3, pg: 2 })).toEqual({ q: 'a', pg: 2 });
  });
});
