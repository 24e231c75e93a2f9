import { describe, expect, it } from 'vitest';
import { formatBrl, formatCredits } from '../../src/account/credits/format';

describe('credit amounts 1k / 1w (spec 2 §2.6)', () => {
  it('keeps amounts under 1000 whole', () => {
    expect(formatCredits(0)).toBe('0');
    expect(formatCredits(10)).toBe('10');
    expect(formatCredits(999)).toBe('999');
    expect(formatCredits(999.9)).toBe('999');
  });

  it('reads thousands as k with one decimal, cut rather than rounded', () => {
    expect(formatCredits(1000)).toBe('1k');
    expect(formatCredits(1050)).toBe('1k');
    expect(formatCredits(1100)).toBe('1.1k');
    expect(formatCredits(1999)).toBe('1.9k');
    expect(formatCredits(9999)).toBe('9.9k');
  });

  it('reads ten thousands as w (w = 10000)', () => {
    expect(formatCredits(10_000)).toBe('1w');
    expect(formatCredits(12_345)).toBe('1.2w');
    expect(formatCredits(99_999)).toBe('9.9w');
    expect(formatCredits(123_456)).toBe('12.3w');
    expect(formatCredits(1_000_000)).toBe('100w');
  });

  it('keeps the sign and survives non-numbers', () => {
    expect(formatCredits(-1000)).toBe('-1k');
    expect(formatCredits(-15)).toBe('-15');
    expect(formatCredits(Number.NaN)).toBe('0');
    expect(formatCredits(Number.POSITIVE_INFINITY)).toBe('0');
  });

  it('shows money as "BRL n"', () => {
    expect(formatBrl(25)).toBe('BRL 25');
    expect(formatBrl(19.9)).toBe('BRL 19.90');
    expect(formatBrl(Number.NaN)).toBe('BRL 0');
  });
});
