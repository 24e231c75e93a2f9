// The feed while the server cannot be reached (issue 16 point 4): it keeps the
// visitor's place, says nothing itself (the connection banner is the one
// message), and loads on by itself when the server answers again.

import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogueClient, CatalogueError } from '../../src/api/catalogue';
import { browserEnvironment } from '../../src/feed/environment';
import { resetFeed } from '../../src/feed/feed-state';
import { goToIndex } from '../../src/feed/feed-list';
import { configureFeed, feedState, initFeed, mayMoveOn, nextVideo, notePlaying, prevVideo } from '../../src/feed/store';
import { createRandom } from '../../workers/core/random';
import { flush, scriptedConnection } from '../app/helpers/scripted-connection';
import { fakeCatalogue } from './fake-catalogue';

const unreachable: CatalogueError = { code: 'NETWORK', message: 'Network error: Failed to fetch', retryable: true, key: 'feed:errors.listFailed' };

function setup(total: number, up = true) {
  const c = scriptedConnection({ up });
  // Pages of 10: the first batch empties the first page, so the next batch asks the server.
  const cat = fakeCatalogue(total, 10);
  // The catalogue is on the same server: down with it.
  const catalogue: Pick<CatalogueClient, 'list' | 'detail' | 'categories'> = {
    list: (q, o) => (c.link.isOffline() || !serverUp() ? Promise.resolve({ ok: false as const, error: unreachable }) : cat.list(q, o)),
    detail: (ids, o) => cat.detail(ids, o),
    categories: (o) => cat.categories(o),
  };
  let up_ = up;
  const serverUp = () => up_;
  const toasts: string[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  configureFeed({
    catalogue,
    notify: (key) => void toasts.push(key),
    now: () => 100_000,
    random: createRandom(5),
    timers: { setTimeout: (fn, ms) => timers.push({ fn, ms }), clearTimeout: () => undefined },
    environment: { ...browserEnvironment, pageActive: () => true, hidden: () => false, heapUsedRatio: () => null, networkVerySlow: () => false },
    ads: [],
    storage: null,
    connection: c.link,
  });
  const serverStops = () => {
    up_ = false;
    c.setUp(false);
  };
  const serverDown = async () => {
    up_ = false;
    c.setUp(false);
    await c.link.check();
    await flush();
  };
  const serverBack = async () => {
    up_ = true;
    c.setUp(true);
    await c.advance(30_000);
    await flush();
  };
  return { c, toasts, timers, serverStops, serverDown, serverBack };
}

afterEach(() => resetFeed());

describe('the feed during an outage', () => {
  it('keeps the place: swipes do not move it, no toast piles up; prev still goes back', async () => {
    const { toasts, serverDown } = setup(40);
    await initFeed();
    await nextVideo();
    await nextVideo();
    expect(feedState.currentIndex).toBe(2);
    await serverDown();
    expect(mayMoveOn()).toBe(false);
    expect(feedState.keepingPlace).toBe(true);
    for (let k = 0; k < 5; k++) await nextVideo();
    expect(feedState.currentIndex).toBe(2);
    prevVideo();
    expect(feedState.currentIndex).toBe(1);
    expect(toasts).toEqual([]);
  });

  it('at the end of the list, a load that fails for the network says nothing (no "no more videos", no "slow connection"); loading goes on when the server answers', async () => {
    const { c, toasts, timers, serverStops, serverBack } = setup(40);
    await initFeed();
    // The server stops; the page does not know yet. Reaching the end asks for more, which fails for the network.
    serverStops();
    await goToIndex(feedState.items.length - 1);
    await flush();
    expect(c.state.offline).toBe(true);
    const count = feedState.items.length;
    for (let k = 0; k < 3; k++) await nextVideo();
    expect(feedState.currentIndex).toBe(count - 1);
    expect(feedState.items).toHaveLength(count);
    expect(toasts).toEqual([]);
    // Nothing is retried on a timer meanwhile (the server's return does it).
    expect(timers).toEqual([]);
    await serverBack();
    expect(feedState.keepingPlace).toBe(false);
    expect(feedState.items.length).toBeGreaterThan(count);
    await nextVideo();
    expect(feedState.currentIndex).toBe(count);
    expect(toasts).toEqual([]);
  });

  it('a first load the outage stops shows no error panel of its own and loads when the server answers', async () => {
    const { toasts, serverBack } = setup(40, false);
    await initFeed();
    expect(feedState.items).toEqual([]);
    expect(feedState.errorKey).toBeNull();
    expect(toasts).toEqual([]);
    await serverBack();
    await flush();
    expect(feedState.items.length).toBeGreaterThan(0);
    expect(feedState.errorKey).toBeNull();
  });

  it('a load that fails with the server answering (HTTP 500) is reported as before', async () => {
    const { toasts } = setup(40);
    const cat = fakeCatalogue(40, 20);
    cat.failLists = 5;
    configureFeed({ catalogue: cat });
    await initFeed();
    expect(feedState.errorKey).toBe('feed:errors.loadFailed');
    expect(toasts).toEqual(['feed:errors.loadFailed']);
  });
});
