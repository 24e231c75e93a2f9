import { describe, expect, it } from 'vitest';
import { clipRange, parseParams, parseRoute, serializeParams } from '../../src/router/route-params';

const q = (s: string) => new URLSearchParams(s);

describe('parseParams validation (spec 1 §5)', () => {
  it('t must be digits-digits', () => {
    expect(parseParams(q('t=10-40')).t).toBe('10-40');
    for (const bad of ['10', '10-', '-40', 'a-b', '10-40-50', '1.5-3', ' 10-40', '10_40']) expect(parseParams(q(`t=${encodeURIComponent(bad)}`)).t).toBeUndefined();
  });

  it.each(['j', 'route', 'episode'] as const)('%s is an integer of 0 or more', (name) => {
    expect(parseParams(q(`${name}=0`))[name]).toBe(0);
    expect(parseParams(q(`${name}=12`))[name]).toBe(12);
    for (const bad of ['-1', '1.5', 'abc', '', '1e3', '+3', '99999999999999999999']) expect(parseParams(q(`${name}=${encodeURIComponent(bad)}`))[name]).toBeUndefined();
  });

  it.each(['c', 'pg', 'vid'] as const)('%s is a positive integer', (name) => {
    expect(parseParams(q(`${name}=1`))[name]).toBe(1);
    expect(parseParams(q(`${name}=345`))[name]).toBe(345);
    for (const bad of ['0', '-2', '2.0', 'x', '']) expect(parseParams(q(`${name}=${bad}`))[name]).toBeUndefined();
  });

  it.each(['mute', 'full'] as const)('%s is true only for "true" or "1"', (name) => {
    expect(parseParams(q(`${name}=true`))[name]).toBe(true);
    expect(parseParams(q(`${name}=1`))[name]).toBe(true);
    for (const other of ['false', '0', 'yes', 'TRUE', '']) expect(parseParams(q(`${name}=${other}`))[name]).toBeUndefined();
  });

  it('from must be discover, douyin or video-detail', () => {
    expect(parseParams(q('from=discover')).from).toBe('discover');
    expect(parseParams(q('from=douyin')).from).toBe('douyin');
    expect(parseParams(q('from=video-detail')).from).toBe('video-detail');
    expect(parseParams(q('from=search')).from).toBeUndefined();
    expect(parseParams(q('from=video-play')).from).toBeUndefined();
  });

  it('q is trimmed and a blank q is dropped', () => {
    expect(parseParams(q('q=%20gato%20')).q).toBe('gato');
    expect(parseParams(q('q=%20%20')).q).toBeUndefined();
  });

  it('i and tab accept ids only', () => {
    expect(parseParams(q('i=123')).i).toBe('123');
    expect(parseParams(q('i=ad_5')).i).toBe('ad_5');
    expect(parseParams(q('i=%3Cscript%3E')).i).toBeUndefined();
    expect(parseParams(q(`i=${'x'.repeat(65)}`)).i).toBeUndefined();
    expect(parseParams(q('tab=games')).tab).toBe('games');
  });

  it('invalid values never throw and leave the valid ones', () => {
    expect(parseParams(q('vid=abc&route=2&c=-1&pg=3'))).toEqual({ route: 2, pg: 3 });
  });
});

describe('parseRoute', () => {
  it('takes a valid n and keeps only that page\'s parameters', () => {
    expect(parseRoute(q('n=search&q=cats&pg=2&vid=9&i=4&mute=1'))).toEqual({ page: 'search', params: { q: 'cats', pg: 2 } });
    expect(parseRoute(q('n=douyin&i=7&t=5-20&mute=true&full=1&j=3&q=x'))).toEqual({ page: 'douyin', params: { i: '7', t: '5-20', mute: true, full: true, j: 3 } });
    expect(parseRoute(q('n=navigation&tab=games&pg=2'))).toEqual({ page: 'navigation', params: { tab: 'games' } });
  });

  it('an unknown n is ignored and the page inferred', () => {
    expect(parseRoute(q('n=profile&vid=3')).page).toBe('video-detail');
    expect(parseRoute(q('n=')).page).toBe('douyin');
  });

  it('inference uses validated values: an invalid vid does not make a video page', () => {
    expect(parseRoute(q('vid=abc&q=dogs')).page).toBe('search');
  });
});

describe('serializeParams and clipRange', () => {
  it('writes the page\'s parameters in order, flags as 1', () => {
    expect(serializeParams('douyin', { j: 2, mute: true, i: '5' })).toEqual([
      ['i', '5'],
      ['mute', '1'],
      ['j', '2'],
    ]);
  });

  it('clipRange reads the numbers of t', () => {
    expect(clipRange('12-48')).toEqual({ start: 12, end: 48 });
    expect(clipRange('12')).toBeNull();
  });
});
