import { describe, expect, it } from 'vitest';
import { adClickAction, adDue, insertAd } from '../../src/feed/ad-insertion';
import type { FeedAdItem, FeedItem } from '../../src/feed/feed-item';
import { canLoadMore, LoadReason, type LoadFacts } from '../../src/feed/load-permission';
import { countersAfterSwitch, decideGoTo, decideNext, decidePrev, emergencyToastPlan, loadingMoreToast, NavMessage } from '../../src/feed/navigation';
import { ALL_SOURCE, selectionAction, sourceLabel, sourcesFromCategories } from '../../src/feed/category-filter';
import { toFeedItem } from '../../src/feed/feed-item';
import { video } from './fake-catalogue';

const NOW = 1_000_000;
const idle: LoadFacts = {
  now: NOW, pageActive: true, pausedManually: false, hidden: false, heapUsedRatio: 0.5, networkVerySlow: false, retryCount: 0, cooldownUntil: 0,
  loading: false, watching: false, fullVideoMode: false, playPageMode: false, lastActivityAt: 0, itemsLeft: 20,
};

describe('load permission (spec 1 §4)', () => {
  it('refuses for each blocking fact, in the spec order', () => {
    const go = { ...idle, watching: true };
    expect(canLoadMore({ ...go, pageActive: false }).reason).toBe(LoadReason.Inactive);
    expect(canLoadMore({ ...go, pausedManually: true }).reason).toBe(LoadReason.PausedManually);
    expect(canLoadMore({ ...go, hidden: true }).reason).toBe(LoadReason.Hidden);
    expect(canLoadMore({ ...go, heapUsedRatio: 0.86 })).toEqual({ allowed: false, reason: LoadReason.Memory });
    expect(canLoadMore({ ...go, heapUsedRatio: 0.85 }).allowed).toBe(true);
    expect(canLoadMore({ ...go, networkVerySlow: true, retryCount: 2 }).reason).toBe(LoadReason.SlowNetwork);
    expect(canLoadMore({ ...go, networkVerySlow: true, retryCount: 1 }).allowed).toBe(true);
    expect(canLoadMore({ ...go, retryCount: 3, cooldownUntil: NOW + 1 }).reason).toBe(LoadReason.Cooldown);
    expect(canLoadMore({ ...go, retryCount: 3, cooldownUntil: NOW }).allowed).toBe(true);
    expect(canLoadMore({ ...go, retryCount: 2, cooldownUntil: NOW + 1 }).allowed).toBe(true);
    expect(canLoadMore({ ...go, loading: true }).reason).toBe(LoadReason.InProgress);
  });

  it('allows by watching, full mode, play page, activity within 10 s or 5 items from the end; refuses when idle', () => {
    expect(canLoadMore(idle)).toEqual({ allowed: false, reason: LoadReason.Idle });
    expect(canLoadMore({ ...idle, watching: true }).reason).toBe(LoadReason.Watching);
    expect(canLoadMore({ ...idle, fullVideoMode: true }).reason).toBe(LoadReason.FullVideo);
    expect(canLoadMore({ ...idle, playPageMode: true }).reason).toBe(LoadReason.PlayPage);
    expect(canLoadMore({ ...idle, lastActivityAt: NOW - 10_000 }).reason).toBe(LoadReason.RecentActivity);
    expect(canLoadMore({ ...idle, lastActivityAt: NOW - 10_001 }).allowed).toBe(false);
    expect(canLoadMore({ ...idle, itemsLeft: 5 }).reason).toBe(LoadReason.NearEnd);
    expect(canLoadMore({ ...idle, itemsLeft: 6 }).allowed).toBe(false);
  });
});

const ads: FeedAdItem[] = [
  { id: 'ad_a', isAd: true, adType: 'image', adImageUrl: 'https://x/a.jpg', adUrl: 'sso:win667', adButtonText: { 'pt-BR': 'Go' }, title: { 'pt-BR': 'A' } },
  { id: 'ad_b', isAd: true, adType: 'video', videoUrl: 'https://x/b.m3u8', adUrl: 'https://partner.example.com/', adButtonText: { 'pt-BR': 'Go' }, title: { 'pt-BR': 'B' } },
];
const videos = (n: number): FeedItem[] => Array.from({ length: n }, (_, i) => toFeedItem(video(i + 1)) as FeedItem);

describe('feed ads (spec 1 §4)', () => {
  it('is due only on positive multiples of 5 not served yet', () => {
    expect([0, 1, 4, 5, 6, 10, 15].map((n) => adDue(n, [10]))).toEqual([false, false, false, true, false, false, true]);
  });

  it('inserts after the current item, once per count, rotating the configured ads with unique ids', () => {
    const items = videos(8);
    const first = insertAd({ items, currentIndex: 2, switchCount: 5, placedFor: [], ads });
    expect(first.inserted).toBe(true);
    if (!first.inserted) return;
    expect(first.index).toBe(3);
    expect(first.items[3]).toMatchObject({ id: 'ad_a_5', isAd: true });
    expect(first.items.length).toBe(9);
    expect(items.length).toBe(8);
    expect(insertAd({ items: first.items, currentIndex: 4, switchCount: 5, placedFor: first.placedFor, ads }).inserted).toBe(false);
    const second = insertAd({ items: first.items, currentIndex: 5, switchCount: 10, placedFor: first.placedFor, ads });
    expect(second.inserted && second.items[6].id).toBe('ad_b_10');
    expect(insertAd({ items, currentIndex: 2, switchCount: 5, placedFor: [], ads: [] }).inserted).toBe(false);
  });

  it('keeps a left ad in the list, never places two ads in a row, and routes clicks', () => {
    const placed = insertAd({ items: videos(6), currentIndex: 0, switchCount: 5, placedFor: [], ads });
    if (!placed.inserted) throw new Error('expected an ad');
    // Leaving the ad (index 1) for index 2: the ad is still there.
    expect(placed.items[1].isAd).toBe(true);
    expect(insertAd({ items: placed.items, currentIndex: 1, switchCount: 10, placedFor: placed.placedFor, ads }).inserted).toBe(false);
    expect(insertAd({ items: placed.items, currentIndex: 0, switchCount: 10, placedFor: placed.placedFor, ads }).inserted).toBe(false);
    expect(adClickAction(ads[0])).toEqual({ kind: 'sso' });
    expect(adClickAction(ads[1])).toEqual({ kind: 'link', url: 'https://partner.example.com/' });
    expect(adClickAction({ adUrl: 'javascript:alert(1)' })).toEqual({ kind: 'none' });
  });
});

describe('feed navigation (spec 1 §4)', () => {
  const yes = { allowed: true, reason: LoadReason.Watching } as const;
  const no = { allowed: false, reason: LoadReason.Hidden } as const;

  it('advances, loads more on the last item when permitted, else queues a retry with a rotating toast', () => {
    expect(decideNext(3, 10, no, 0)).toEqual({ kind: 'advance', to: 4 });
    expect(decideNext(9, 10, yes, 0)).toEqual({ kind: 'load-more' });
    expect(decideNext(9, 10, no, 0)).toEqual({ kind: 'queue-retry', toastKey: NavMessage.loadingMore[0], reason: LoadReason.Hidden });
    expect([0, 1, 2, 3, 4, 5].map(loadingMoreToast)).toEqual([...NavMessage.loadingMore, NavMessage.loadingMore[0], NavMessage.loadingMore[1]]);
  });

  it('prev at index 0 gives the no-previous message; missing targets need an emergency load', () => {
    expect(decidePrev(0, 5)).toEqual({ kind: 'message', key: 'feed:nav.noPrevious' });
    expect(decidePrev(3, 5)).toEqual({ kind: 'advance', to: 2 });
    expect(decideGoTo(12, 0, 10)).toEqual({ kind: 'emergency-load', target: 12 });
    expect(decideGoTo(4, 0, 10)).toEqual({ kind: 'go', to: 4 });
    expect(decideGoTo(-1, 0, 10)).toEqual({ kind: 'stay' });
    expect(emergencyToastPlan().map((t) => t.delayMs)).toEqual([2000, 3000, 5000]);
  });

  it('counts every switch, and a watched non-ad video once', () => {
    const [v] = videos(1);
    const c0 = { switchCount: 4, watchedCount: 1 };
    expect(countersAfterSwitch(c0, v, true)).toEqual({ switchCount: 5, watchedCount: 2 });
    expect(countersAfterSwitch(c0, v, false)).toEqual({ switchCount: 5, watchedCount: 1 });
    expect(countersAfterSwitch(c0, ads[0], true)).toEqual({ switchCount: 5, watchedCount: 1 });
  });
});

describe('play sources (spec 3 §2)', () => {
  it("lists 'all' first, labels 综合/未知分类 by key, and closes on selecting the current source", () => {
    const sources = sourcesFromCategories([
      { type_id: 2, type_name: 'Ciência', type_en: '', type_names: {}, type_sort: 1, type_mid: 1, type_pid: 0 },
      { type_id: 3, type_name: '  ', type_en: '', type_names: {}, type_sort: 1, type_mid: 1, type_pid: 0 },
    ]);
    expect(sources.map((s) => s.id)).toEqual([null, 2, 3]);
    expect(sourceLabel(sources[0], 'pt-BR')).toEqual({ key: 'feed:source.all' });
    expect(sourceLabel(sources[1], 'ja')).toEqual({ text: 'Ciência' });
    expect(sourceLabel(sources[2], 'pt-BR')).toEqual({ key: 'feed:source.unknown' });
    expect(selectionAction(ALL_SOURCE, { ...ALL_SOURCE })).toBe('close');
    expect(selectionAction(ALL_SOURCE, sources[1])).toBe('switch');
  });

  it('names a category as discover does: ours in the visitor language, never MacCMS\'s Chinese in pt-BR', () => {
    const [, documentary] = sourcesFromCategories([
      { type_id: 1, type_name: '纪录片', type_en: 'Documentary', type_names: { 'pt-BR': 'Documentários', zh: '纪录片', ja: 'ドキュメンタリー' }, type_sort: 1, type_mid: 1, type_pid: 0 },
    ]);
    expect(sourceLabel(documentary, 'pt-BR')).toEqual({ text: 'Documentários' });
    expect(sourceLabel(documentary, 'ja')).toEqual({ text: 'ドキュメンタリー' });
    expect(sourceLabel(documentary, 'zh')).toEqual({ text: '纪录片' });
    // A language the names leave out reads the fallback language's name, not type_en.
    expect(sourceLabel(documentary, 'en')).toEqual({ text: 'Documentários' });
  });
});
