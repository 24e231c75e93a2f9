// The load-permission inputs read from the app's own state (issue 15): the
// feed's player playing, the full-video flag in the feed's address, the play
// page on screen. Each changes the decision of an otherwise idle feed.

import { afterEach, describe, expect, it } from 'vitest';
import { browserEnvironment } from '../../src/feed/environment';
import { configureFeed, feedState, initFeed } from '../../src/feed/store';
import { loadPermission, resetFeed } from '../../src/feed/feed-state';
import { playerState } from '../../src/player/player-state';
import { routerState } from '../../src/router/router-store';
import { createRandom } from '../../workers/core/random';
import { fakeCatalogue } from './fake-catalogue';

afterEach(() => {
  resetFeed();
  playerState.status = 'idle';
  routerState.route = { page: 'douyin', params: {} };
});

describe('feed environment', () => {
  it('reads watching, full-video mode and play-page mode from the player and the address', () => {
    expect([browserEnvironment.watching(), browserEnvironment.fullVideoMode(), browserEnvironment.playPageMode()]).toEqual([false, false, false]);
    playerState.status = 'playing';
    expect(browserEnvironment.watching()).toBe(true);
    playerState.status = 'paused';
    expect(browserEnvironment.watching()).toBe(false);
    routerState.route = { page: 'douyin', params: { full: true } };
    expect(browserEnvironment.fullVideoMode()).toBe(true);
    expect(browserEnvironment.playPageMode()).toBe(false);
    routerState.route = { page: 'video-play', params: { vid: 3 } };
    expect(browserEnvironment.fullVideoMode()).toBe(false);
    expect(browserEnvironment.playPageMode()).toBe(true);
  });

  it('an idle feed far from its end may load only while one of them holds', async () => {
    configureFeed({
      catalogue: fakeCatalogue(40, 20),
      notify: () => undefined,
      now: () => 1_000_000,
      random: createRandom(3),
      timers: { setTimeout: () => 0, clearTimeout: () => undefined },
      environment: { ...browserEnvironment, pageActive: () => true, hidden: () => false, heapUsedRatio: () => null, networkVerySlow: () => false },
    });
    await initFeed();
    feedState.lastActivityAt = 0;
    expect(feedState.items.length - 1 - feedState.currentIndex).toBeGreaterThan(5);
    expect(loadPermission()).toEqual({ allowed: false, reason: 'idle' });
    playerState.status = 'playing';
    expect(loadPermission()).toEqual({ allowed: true, reason: 'watching' });
    playerState.status = 'paused';
    routerState.route = { page: 'douyin', params: { full: true } };
    expect(loadPermission()).toEqual({ allowed: true, reason: 'full-video' });
    routerState.route = { page: 'video-play', params: { vid: 1 } };
    expect(loadPermission()).toEqual({ allowed: true, reason: 'play-page' });
  });
});
