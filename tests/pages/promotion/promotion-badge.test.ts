import { describe, expect, it } from 'vitest';
import { promotionBadgeCount } from '../../../src/promotion/promotion-badge';
import { promotionItems } from '../../../src/promotion/promotion-items';

describe('promotion tab badge', () => {
  it('counts enabled items with a link; disabled, linkless, broken and repeated entries do not count', () => {
    const items = [
      { id: 'a', title: 'A', url: 'https://a.example' },
      { id: 'b', title: 'B', url: 'https://b.example', enabled: false },
      { id: 'c', title: 'C' },
      { id: 'a', title: 'A again', url: 'https://a.example' },
      'junk',
      { id: 'd', title: 'D', url: 'd.example' },
    ];
    expect(promotionBadgeCount(items)).toBe(2);
    expect(promotionBadgeCount([])).toBe(0);
  });

  it('the shipped configuration gives a number the badge can show', () => {
    expect(promotionBadgeCount(promotionItems)).toBeGreaterThan(0);
    expect(promotionBadgeCount(promotionItems)).toBeLessThanOrEqual(10);
  });
});
