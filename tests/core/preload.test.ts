import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { preloadCandidates } from '../../workers/core/preload';
import type { NetworkClass } from '../../workers/core/types';

const p = (index: number, length: number, direction: 1 | -1, network: NetworkClass, loop = false) =>
  preloadCandidates({ index, length, direction, network, loop });

describe('preloadCandidates (spec 1 §9: 3 fast, 2 medium, 1 slow)', () => {
  it('fast: two ahead, then one behind', () => {
    expect(p(5, 10, 1, 'fast')).toEqual([6, 7, 4]);
    expect(p(5, 10, -1, 'fast')).toEqual([4, 3, 6]);
  });

  it('medium: one ahead, then one behind', () => {
    expect(p(5, 10, 1, 'medium')).toEqual([6, 4]);
    expect(p(5, 10, -1, 'medium')).toEqual([4, 6]);
  });

  it('slow: only the next item in the swipe direction', () => {
    expect(p(5, 10, 1, 'slow')).toEqual([6]);
    expect(p(5, 10, -1, 'slow')).toEqual([4]);
  });

  it('never goes out of range at the ends of a list', () => {
    expect(p(9, 10, 1, 'fast')).toEqual([8]);
    expect(p(8, 10, 1, 'fast')).toEqual([9, 7]);
    expect(p(0, 10, -1, 'fast')).toEqual([1]);
    expect(p(0, 10, 1, 'fast')).toEqual([1, 2]);
    expect(p(9, 10, 1, 'slow')).toEqual([]);
  });

  it('wraps around with loop, without the current index or repeats', () => {
    expect(p(9, 10, 1, 'fast', true)).toEqual([0, 1, 8]);
    expect(p(0, 10, -1, 'fast', true)).toEqual([9, 8, 1]);
    expect(p(0, 2, 1, 'fast', true)).toEqual([1]);
    expect(p(1, 3, 1, 'fast', true)).toEqual([2, 0]);
  });

  it('treats an unknown network class as slow', () => {
    expect(p(5, 10, 1, 'toString' as never)).toEqual([6]);
  });

  it('returns nothing for a list of one, or an index out of range or not an integer', () => {
    expect(p(0, 1, 1, 'fast', true)).toEqual([]);
    expect(p(0, 0, 1, 'fast')).toEqual([]);
    for (const bad of [-1, 10, 1.5, Number.NaN, Infinity]) expect(p(bad, 10, 1, 'fast')).toEqual([]);
    expect(p(1, Number.NaN, 1, 'fast')).toEqual([]);
  });

  it('always: unique, in range, never the current index, at most the network count', () => {
    const max = { fast: 3, medium: 2, slow: 1 } as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: -2, max: 52 }),
        fc.constantFrom<1 | -1>(1, -1),
        fc.constantFrom<NetworkClass>('fast', 'medium', 'slow'),
        fc.boolean(),
        (length, index, direction, network, loop) => {
          const out = p(index, length, direction, network, loop);
          expect(new Set(out).size).toBe(out.length);
          expect(out.length).toBeLessThanOrEqual(max[network]);
          for (const i of out) {
            expect(Number.isInteger(i) && i >= 0 && i < length).toBe(true);
            expect(i).not.toBe(index);
          }
          const next = index + direction;
          if (index >= 0 && index < length && next >= 0 && next < length) expect(out[0]).toBe(next);
        },
      ),
    );
  });
});
