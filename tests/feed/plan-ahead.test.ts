import { describe, expect, it } from 'vitest';
import type { FeedAdItem, FeedItem, FeedVideoItem } from '../../src/feed/feed-item';
import { itemsAhead } from '../../src/feed/plan-ahead';

const clip = (id: string) => ({ id, isAd: false }) as FeedVideoItem;
const ad = (id: string, adType: 'image' | 'video') => ({ id, isAd: true, adType }) as FeedAdItem;
const ids = (items: FeedItem[]) => items.map((i) => i.id);

describe('itemsAhead', () => {
  it('counts the items that play something; an image ad is passed over to the clip behind it', () => {
    const items = [clip('a'), clip('b'), ad('img', 'image'), clip('c'), ad('vid', 'video'), clip('d')];
    expect(ids(itemsAhead(items, 0, 1))).toEqual(['b']);
    expect(ids(itemsAhead(items, 1, 1))).toEqual(['img', 'c']);
    expect(ids(itemsAhead(items, 1, 2))).toEqual(['img', 'c', 'vid']);
    expect(ids(itemsAhead(items, 3, 1))).toEqual(['vid']);
  });

  it('stops at the end of the list, and gives nothing for a count of 0', () => {
    const items = [clip('a'), ad('img', 'image')];
    expect(ids(itemsAhead(items, 0, 3))).toEqual(['img']);
    expect(itemsAhead(items, 1, 3)).toEqual([]);
    expect(itemsAhead(items, 0, 0)).toEqual([]);
  });
});
