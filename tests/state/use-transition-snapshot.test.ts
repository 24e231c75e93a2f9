import { describe, expect, it } from 'vitest';
import { sameFields } from '../../src/lib/use-transition-snapshot';

describe('sameFields (the feed page re-renders only when a field it reads changed)', () => {
  it('compares each field by identity, not deeply', () => {
    const items = [{ id: 'a' }];
    expect(sameFields({ items, index: 1 }, { items, index: 1 })).toBe(true);
    expect(sameFields({ items, index: 1 }, { items: [...items], index: 1 })).toBe(false);
    expect(sameFields({ items, index: 1 }, { items, index: 2 })).toBe(false);
    expect(sameFields({ error: null }, { error: null })).toBe(true);
    expect(sameFields({ v: Number.NaN }, { v: Number.NaN })).toBe(true);
  });

  it('a field missing on one side is a change', () => {
    expect(sameFields({ a: 1 } as Record<string, number>, { a: 1, b: 2 })).toBe(false);
  });
});
