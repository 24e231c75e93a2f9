import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chance, createRandom, defaultRandom, randomInt } from '../../workers/core/random';

const take = (r: () => number, n: number) => Array.from({ length: n }, () => r());

describe('createRandom', () => {
  it('repeats the same sequence for the same seed', () => {
    expect(take(createRandom(42), 20)).toEqual(take(createRandom(42), 20));
  });

  it('gives different sequences for different seeds', () => {
    expect(take(createRandom(1), 5)).not.toEqual(take(createRandom(2), 5));
  });

  it('is not constant within one sequence', () => {
    expect(new Set(take(createRandom(7), 50)).size).toBeGreaterThan(45);
  });

  it('accepts non-finite and fractional seeds without producing NaN', () => {
    for (const seed of [Number.NaN, Infinity, -Infinity, 1.5, -3]) {
      for (const x of take(createRandom(seed), 10)) expect(Number.isFinite(x)).toBe(true);
    }
  });

  it('spreads values over [0, 1)', () => {
    const xs = take(createRandom(123), 10_000);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
    expect(xs.filter((x) => x < 0.1).length).toBeGreaterThan(900);
  });

  it('always stays in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        for (const x of take(createRandom(seed), 20)) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThan(1);
        }
      }),
    );
  });
});

describe('defaultRandom', () => {
  it('returns numbers in [0, 1)', () => {
    for (const x of take(defaultRandom, 100)) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});

describe('randomInt and chance', () => {
  it('maps [0, 1) onto 0..n-1', () => {
    expect(randomInt(() => 0, 3)).toBe(0);
    expect(randomInt(() => 0.34, 3)).toBe(1);
    expect(randomInt(() => 0.9999, 3)).toBe(2);
  });

  it('clamps values a bad source returns', () => {
    expect(randomInt(() => 1, 3)).toBe(2);
    expect(randomInt(() => -0.5, 3)).toBe(0);
    expect(randomInt(() => Number.NaN, 3)).toBe(0);
    expect(randomInt(() => 0.5, 0)).toBe(0);
  });

  it('chance is true strictly below p', () => {
    expect(chance(() => 0.69, 0.7)).toBe(true);
    expect(chance(() => 0.7, 0.7)).toBe(false);
    expect(chance(() => Number.NaN, 0.7)).toBe(false);
  });
});
