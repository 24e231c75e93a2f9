import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goBack, navigateTo, replaceParams, routerState, startRouter, takeAccessToken } from '../../src/router/router-store';
import { FakeBrowser } from './helpers/fake-browser';

let stop: (() => void) | null = null;

function start(url: string, state: unknown = null): FakeBrowser {
  const browser = new FakeBrowser(url, state);
  stop = startRouter(browser);
  return browser;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  stop?.();
  stop = null;
  vi.useRealTimers();
});

describe('startRouter', () => {
  it('reads the address, infers a missing n and writes the clean address back', () => {
    const browser = start('/?vid=12&src=x&utm_source=ad&pg=0#top');
    expect(routerState.route).toEqual({ page: 'video-detail', params: { vid: 12 } });
    expect(browser.href).toBe('/?n=video-detail&vid=12&utm_source=ad#top');
    expect(browser.pushes).toBe(0);
    expect(routerState.stack).toHaveLength(1);
  });

  it('the stop function removes the popstate listener', () => {
    const browser = start('/');
    expect(browser.listenerCount).toBe(1);
    stop?.();
    stop = null;
    expect(browser.listenerCount).toBe(0);
  });
});

describe('navigateTo and replaceParams', () => {
  it('navigateTo pushes a history entry with the page\'s own parameters', () => {
    const browser = start('/?n=douyin&i=5&mute=1&gclid=g');
    navigateTo('video-play', { vid: 5, i: '5', route: 0, from: 'douyin', q: 'cats', tab: 'x' });
    expect(browser.pushes).toBe(1);
    expect(browser.entries).toHaveLength(2);
    expect(browser.href).toBe('/?n=video-play&vid=5&i=5&route=0&from=douyin&q=cats&gclid=g');
    expect(routerState.route.page).toBe('video-play');
  });

  it('leaving the feed clears i, t, mute, full and j', () => {
    const browser = start('/?n=douyin&i=5&t=1-9&mute=1&full=1&j=2');
    navigateTo('discover');
    expect(browser.href).toBe('/?n=discover');
  });

  it('replace: true replaces the entry instead of pushing', () => {
    const browser = start('/?n=discover');
    navigateTo('search', { q: 'cats' }, { replace: true });
    expect(browser.pushes).toBe(0);
    expect(browser.entries).toHaveLength(1);
    expect(browser.href).toBe('/?n=search&q=cats');
    expect(routerState.stack).toHaveLength(1);
  });

  it('navigating to the route already shown does not stack a duplicate', () => {
    const browser = start('/?n=discover');
    navigateTo('discover');
    expect(browser.pushes).toBe(0);
  });

  it('replaceParams updates the current page with replaceState only', () => {
    const browser = start('/?n=douyin&i=1&ref=r');
    replaceParams({ i: '2', t: '10-40', mute: true, j: 1 });
    expect(browser.pushes).toBe(0);
    expect(browser.href).toBe('/?n=douyin&i=2&t=10-40&mute=1&j=1&ref=r');
    replaceParams({ mute: false, t: undefined });
    expect(browser.href).toBe('/?n=douyin&i=2&j=1&ref=r');
    expect(routerState.route.params).toEqual({ i: '2', j: 1 });
  });

  it('the in-app stack is trimmed to 5 after more than 10 entries', () => {
    start('/?n=douyin');
    for (let i = 1; i <= 10; i++) navigateTo('search', { q: `q${i}` });
    expect(routerState.stack.map((e) => e.route.params.q)).toEqual(['q6', 'q7', 'q8', 'q9', 'q10']);
  });

});

describe('goBack and the restore event', () => {
  it('with in-app history, goes back through the browser and restores discover 100 ms later', () => {
    const browser = start('/?n=search&q=cats&pg=2');
    navigateTo('video-detail', { vid: 3, i: '3', from: 'discover', q: 'cats', pg: 2 });
    expect(goBack()).toBe(true);
    expect(browser.index).toBe(0);
    expect(routerState.route).toEqual({ page: 'search', params: { q: 'cats', pg: 2 } });
    expect(routerState.stack).toHaveLength(1);
    vi.advanceTimersByTime(99);
    expect(browser.events).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(browser.events).toHaveLength(1);
    expect(browser.events[0].type).toBe('clipfeed:restore');
    expect(browser.events[0].detail).toEqual({ page: 'search', params: { q: 'cats', pg: 2 } });
  });

  it('without in-app history, goes to the inferred target by replacing the entry', () => {
    const browser = start('/?n=video-play&vid=4&i=4&route=0&from=discover&c=7');
    expect(goBack()).toBe(true);
    expect(browser.entries).toHaveLength(1);
    expect(browser.href).toBe('/?n=category&c=7');
    vi.advanceTimersByTime(100);
    expect(browser.events.map((e) => e.type)).toEqual(['clipfeed:restore']);
  });

  it('no restore event when going back to the feed or navigation', () => {
    const browser = start('/?n=douyin&i=2');
    navigateTo('video-detail', { vid: 2, i: '2', from: 'douyin' });
    goBack();
    expect(routerState.route.page).toBe('douyin');
    vi.advanceTimersByTime(1000);
    expect(browser.events).toHaveLength(0);
    stop?.();

    const direct = start('/?n=video-detail&vid=2&from=douyin&i=2');
    goBack();
    expect(direct.href).toBe('/?n=douyin&i=2');
    vi.advanceTimersByTime(1000);
    expect(direct.events).toHaveLength(0);
  });

  it('the feed opened directly has nowhere to go back to', () => {
    const browser = start('/?n=douyin');
    expect(goBack()).toBe(false);
    expect(browser.href).toBe('/?n=douyin');
  });

  it('the browser Back button also restores, Forward does not', () => {
    const browser = start('/?n=category&c=3');
    navigateTo('video-detail', { vid: 9, from: 'discover', c: 3 });
    browser.go(-1);
    expect(routerState.route.page).toBe('category');
    browser.go(1);
    expect(routerState.route.page).toBe('video-detail');
    expect(routerState.stack.map((e) => e.route.page)).toEqual(['category', 'video-detail']);
    vi.advanceTimersByTime(1000);
    expect(browser.events).toHaveLength(0);
  });

  it('a new navigation within 100 ms cancels the pending restore event', () => {
    const browser = start('/?n=discover');
    navigateTo('video-detail', { vid: 1, from: 'discover' });
    goBack();
    vi.advanceTimersByTime(50);
    navigateTo('douyin');
    vi.advanceTimersByTime(200);
    expect(browser.events).toHaveLength(0);
  });

  it('after a reload, entries before it count as Back', () => {
    const browser = new FakeBrowser('/?n=discover', { clipfeedKey: 1 });
    browser.history.pushState({ clipfeedKey: 2 }, '', '/?n=video-detail&vid=5&from=discover');
    stop = startRouter(browser); // the reload, on entry 2
    browser.go(-1);
    expect(routerState.route.page).toBe('discover');
    vi.advanceTimersByTime(100);
    expect(browser.events).toHaveLength(1);
  });
});

describe('takeAccessToken', () => {
  it('returns the entry token once and removes it from the address', () => {
    const browser = start('/?accessToken=tok123&utm_source=partner');
    expect(browser.href).toBe('/?n=douyin&accessToken=tok123&utm_source=partner');
    expect(takeAccessToken()).toBe('tok123');
    expect(browser.href).toBe('/?n=douyin&utm_source=partner');
    expect(browser.pushes).toBe(0);
    expect(takeAccessToken()).toBeNull();
  });

  it('is null without a token, and a navigation never carries the token', () => {
    start('/?n=douyin');
    expect(takeAccessToken()).toBeNull();
    const browser = start('/?accessToken=abc');
    navigateTo('discover');
    expect(browser.href).toBe('/?n=discover');
    expect(takeAccessToken()).toBe('abc');
  });
});
