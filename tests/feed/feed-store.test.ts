import { afterEach, describe, expect, it } from 'vitest';
import { snapshot } from 'valtio';
import { parseAds } from '../../src/api/app-config';
import type { FeedAdItem } from '../../src/feed/feed-item';
import { browserEnvironment } from '../../src/feed/environment';
import { goToIndex, loadMore } from '../../src/feed/feed-list';
import { closeSourceSelector, configureFeed, feedState, initFeed, openSourceSelector, nextVideo, notePlaying, prevVideo, selectSource, toggleRandomPlay } from '../../src/feed/store';
import { resetFeed } from '../../src/feed/feed-state';
import { createRandom } from '../../workers/core/random';
import { fakeCatalogue } from './fake-catalogue';

const ads: FeedAdItem[] = [{ id: 'ad_a', isAd: true, adType: 'image', adImageUrl: 'https://x/a.jpg', adUrl: 'sso:win667', adButtonText: { 'pt-BR': 'Go' }, title: { 'pt-BR': 'A' } }];

function setup(total = 30, byType: Record<number, number[]> = {}) {
  const cat = fakeCatalogue(total, 20, byType);
  const toasts: string[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  let now = 100_000;
  configureFeed({
    catalogue: cat,
    notify: (key) => void toasts.push(key),
    now: () => now,
    random: createRandom(5),
    timers: { setTimeout: (fn, ms) => timers.push({ fn, ms }), clearTimeout: () => undefined },
    environment: { ...browserEnvironment, pageActive: () => true, hidden: () => false, heapUsedRatio: () => null, networkVerySlow: () => false },
    ads,
  });
  return { cat, toasts, timers, advance: (ms: number) => (now += ms) };
}

afterEach(() => resetFeed());

describe('feed store', () => {
  it('initialises with a restored video first, then the first batch without it', async () => {
    const { cat } = setup();
    await initFeed({ restoreId: '17' });
    expect(feedState.items.map((i) => i.id).slice(0, 3)).toEqual(['17', '1', '2']);
    expect(feedState.items).toHaveLength(11);
    expect(feedState.items.filter((i) => i.id === '17')).toHaveLength(1);
    expect(cat.calls[0]).toBe('detail:17');
  });

  it('prev at 0 toasts; five switches insert an ad after the current item; watched videos count', async () => {
    const { toasts } = setup();
    await initFeed();
    prevVideo();
    expect(toasts).toEqual(['feed:nav.noPrevious']);
    for (let i = 0; i < 5; i++) {
      notePlaying(feedState.items[feedState.currentIndex].id);
      await nextVideo();
    }
    expect(feedState.switchCount).toBe(5);
    expect(feedState.watchedCount).toBe(5);
    expect(feedState.currentIndex).toBe(5);
    expect(feedState.items[6]).toMatchObject({ id: 'ad_a_5', isAd: true });
    await nextVideo();
    await nextVideo();
    // The ad was left: still in the list, and it did not count as watched.
    expect(feedState.items[6].isAd).toBe(true);
    expect(feedState.watchedCount).toBe(5);
  });

  it('holds items as plain objects: no per-item proxy, and snapshots hand out the same objects, not copies', async () => {
    setup(40);
    await initFeed({ restoreId: '17' });
    await goToIndex(10);
    await nextVideo(); // a loaded batch takes the same path
    const raw = feedState.items;
    const snap = snapshot(feedState).items;
    expect(raw.length).toBeGreaterThan(11);
    for (let i = 0; i < raw.length; i++) expect(snap[i]).toBe(raw[i]);
  });

  it('on the last item loads more when recently active; an emergency load reaches a missing index', async () => {
    setup(40);
    await initFeed();
    await goToIndex(9);
    expect(feedState.currentIndex).toBe(9);
    await nextVideo();
    expect(feedState.items.filter((i) => !i.isAd).length).toBe(20);
    expect(feedState.currentIndex).toBe(10);
    await goToIndex(25);
    expect(feedState.currentIndex).toBe(25);
    expect(feedState.emergencyLoading).toBe(false);
  });

  it('a swipe past the last item while a load runs is an emergency load: toasts at 2, 3 and 5 s, then the new item', async () => {
    const { cat, toasts, timers } = setup(40);
    await initFeed();
    await goToIndex(9);
    const list = cat.list.bind(cat);
    let release: () => void = () => undefined;
    cat.list = (q, o) => new Promise((resolve) => (release = () => resolve(list(q, o))));
    const background = loadMore();
    toasts.length = 0;
    timers.length = 0;
    const swipe = nextVideo();
    await Promise.resolve();
    expect(feedState.emergencyLoading).toBe(true);
    expect(timers.map((t) => t.ms)).toEqual([2000, 3000, 5000]);
    timers[0].fn();
    expect(toasts).toEqual(['feed:nav.emergency1']);
    release();
    await Promise.all([background, swipe]);
    expect(feedState.emergencyLoading).toBe(false);
    expect(feedState.currentIndex).toBe(10);
    expect(feedState.items.length).toBeGreaterThan(10);
  });

  it('the play sources are read when the selector first opens and kept 5 min (spec 1 §9)', async () => {
    const { cat, advance } = setup(40);
    await initFeed();
    await openSourceSelector();
    closeSourceSelector();
    await openSourceSelector();
    expect(cat.calls.filter((c) => c === 'categories')).toHaveLength(1);
    advance(300_000);
    await openSourceSelector();
    expect(cat.calls.filter((c) => c === 'categories')).toHaveLength(2);
  });

  it('a failed first load shows the error, toasts and schedules a retry after the cool-down', async () => {
    const { cat, toasts, timers, advance } = setup();
    cat.failLists = 1;
    await initFeed();
    expect(feedState.errorKey).toBe('feed:errors.loadFailed');
    expect(toasts).toEqual(['feed:errors.loadFailed']);
    expect(timers.map((t) => t.ms)).toEqual([5000]);
    advance(5000);
    timers[0].fn();
    await new Promise((r) => setTimeout(r, 0));
    expect(feedState.items).toHaveLength(10);
    expect(feedState.errorKey).toBeNull();
  });

  it('switching the play source reloads from the category; the current source only closes', async () => {
    const { cat, toasts } = setup(30, { 3: [4, 8, 15] });
    await initFeed();
    feedState.sourceSelector.open = true;
    await selectSource({ id: null, name: '', names: {}, type: 'all' });
    expect(feedState.sourceSelector.open).toBe(false);
    expect(cat.calls.some((c) => c.includes(':t'))).toBe(false);
    await selectSource({ id: 3, name: 'Arte', names: {}, type: 'category' });
    expect(cat.calls).toContain('list:1:t3');
    expect(feedState.items.map((i) => i.id)).toEqual(['4', '8', '15']);
    expect(feedState.playSource.id).toBe(3);
    expect(toasts.at(-1)).toBe('feed:source.switched');
    await selectSource({ id: 9, name: 'Vazio', names: {}, type: 'category' });
    expect(toasts.at(-1)).toBe('feed:source.switchSourceFailed');
    expect(feedState.playSource.id).toBe(3);
  });

  it('random play replaces the feed with a first batch of 5 and toggles off', async () => {
    setup(200);
    await initFeed();
    await toggleRandomPlay();
    expect(feedState.random.status).toBe('active');
    expect(feedState.items).toHaveLength(5);
    await toggleRandomPlay();
    expect(feedState.random.status).toBe('idle');
  });
});

describe('app config ads', () => {
  // A plain string (the older answer) is the same text in every language.
  const everyLanguage = (text: string) => ({ 'pt-BR': text, zh: text, en: text, ja: text, ko: text });

  it('resolves root-relative media against the origin and drops unusable ads', () => {
    const out = parseAds(
      [
        { id: 'ad_v', adType: 'video', videoUrl: '/media/demo/ads/promo/index.m3u8', adUrl: 'sso:win667', adButtonText: 'Go', title: 'V' },
        { id: 'ad_bad', adType: 'video', videoUrl: '/poster.jpg', adUrl: 'sso:win667' },
        { id: 'nope', adType: 'image', adImageUrl: '/a.jpg', adUrl: 'sso:win667' },
        { id: 'ad_i', adType: 'image', imageUrl: 'javascript:alert(1)', adUrl: 'sso:win667' },
      ],
      'http://127.0.0.1:8080',
    );
    expect(out).toEqual([{ id: 'ad_v', isAd: true, adType: 'video', videoUrl: 'http://127.0.0.1:8080/media/demo/ads/promo/index.m3u8', adImageUrl: undefined, adUrl: 'sso:win667', adButtonText: everyLanguage('Go'), title: everyLanguage('V') }]);
  });
});
