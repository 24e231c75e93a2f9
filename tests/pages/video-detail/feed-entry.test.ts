// "Random watch" opens the feed at the detail page's video (spec 2 §2.4
// switchToDouyin): the feed page calls initFeed with the address's i, and a
// feed that already has items must move to that video, not stay where it was.

import { afterEach, describe, expect, it } from 'vitest';
import { browserEnvironment } from '../../../src/feed/environment';
import { configureFeed, feedState, initFeed } from '../../../src/feed/store';
import { resetFeed } from '../../../src/feed/feed-state';
import { fakeCatalogue } from '../../feed/fake-catalogue';

function setup(total = 40) {
  const cat = fakeCatalogue(total, 20);
  configureFeed({
    catalogue: cat,
    notify: () => undefined,
    now: () => 100_000,
    timers: { setTimeout: () => 0, clearTimeout: () => undefined },
    environment: { ...browserEnvironment, pageActive: () => true, hidden: () => false, heapUsedRatio: () => null, networkVerySlow: () => false },
    ads: [],
  });
  return cat;
}

const currentId = () => feedState.items[feedState.currentIndex]?.id;

afterEach(() => resetFeed());

describe('opening the feed at a video', () => {
  it('a first visit starts at the video', async () => {
    setup();
    await initFeed({ restoreId: '33' });
    expect(currentId()).toBe('33');
  });

  it('an initialised feed moves to a video it already holds', async () => {
    setup();
    await initFeed();
    expect(currentId()).toBe('1');
    await initFeed({ restoreId: '4' });
    expect(currentId()).toBe('4');
  });

  it('an initialised feed reads a video it does not hold and plays it next, keeping the list', async () => {
    const cat = setup();
    await initFeed();
    const before = feedState.items.map((i) => i.id);
    await initFeed({ restoreId: '35' });
    expect(cat.calls).toContain('detail:35');
    expect(currentId()).toBe('35');
    expect(feedState.currentIndex).toBe(1);
    expect(feedState.items.map((i) => i.id).filter((id) => id !== '35')).toEqual(before);
  });

  it('the current video, no id, or an unknown id leave the feed where it is', async () => {
    const cat = setup();
    await initFeed();
    await initFeed({ restoreId: '2' });
    const calls = cat.calls.length;
    await initFeed({ restoreId: '2' });
    await initFeed({});
    expect(cat.calls.length).toBe(calls);
    expect(currentId()).toBe('2');
    await initFeed({ restoreId: '999' });
    expect(currentId()).toBe('2');
  });
});
