import { describe, expect, it } from 'vitest';
import { decideAdSkip, decideSeek, initialAdSkipTimes, jumpSettled, prepareAdIntervals } from '../../src/player/ad-skip';
import { bindAdSkip } from '../../src/player/ad-skip-binding';
import type { Timers } from '../../src/lib/timers';

const ads = prepareAdIntervals([
  { start: 100, end: 130, index: 25 },
  { start: 10, end: 20, index: 2 },
  { start: 21, end: 30, index: 5 }, // 1 s after the previous one: merged
]);

describe('ad intervals', () => {
  it('are sorted and merged when closer than 2 s', () => {
    expect(ads).toEqual([
      { start: 10, end: 30, index: 2 },
      { start: 100, end: 130, index: 25 },
    ]);
  });
});

describe('decideAdSkip (timeupdate checks)', () => {
  it('inside an ad jumps to its end + 0.2 s; outside does nothing', () => {
    expect(decideAdSkip(ads, 15, 1000, initialAdSkipTimes).target).toBeCloseTo(30.2);
    expect(decideAdSkip(ads, 50, 1000, initialAdSkipTimes).target).toBeNull();
  });

  it('checks at most every 100 ms', () => {
    const first = decideAdSkip(ads, 50, 1000, initialAdSkipTimes);
    expect(decideAdSkip(ads, 105, 1099, first.times).target).toBeNull();
    expect(decideAdSkip(ads, 105, 1100, first.times).target).toBeCloseTo(130.2);
  });

  it('after a jump: 800 ms lock and 1 s cool-down before the next one', () => {
    const jumped = decideAdSkip(ads, 15, 1000, initialAdSkipTimes);
    expect(jumped.target).not.toBeNull();
    expect(decideAdSkip(ads, 105, 1500, jumped.times).target).toBeNull(); // lock
    expect(decideAdSkip(ads, 105, 1900, jumped.times).target).toBeNull(); // cool-down
    expect(decideAdSkip(ads, 105, 2000, jumped.times).target).toBeCloseTo(130.2);
  });
});

describe('decideSeek (viewer seeks)', () => {
  it('a seek into an ad lands at its end + 0.2 s', () => {
    expect(decideSeek(ads, 50, 110, 5000, initialAdSkipTimes, false).target).toBeCloseTo(130.2);
    expect(decideSeek(ads, 50, 60, 5000, initialAdSkipTimes, false).target).toBeNull();
  });

  it('in full mode a seek from past the first ad to before its end is blocked', () => {
    expect(decideSeek(ads, 50, 5, 5000, initialAdSkipTimes, true).target).toBeCloseTo(30.2);
    // Not in full mode, or when playback has not passed the first ad yet: left alone.
    expect(decideSeek(ads, 50, 5, 5000, initialAdSkipTimes, false).target).toBeNull();
    expect(decideSeek(ads, 2, 5, 5000, initialAdSkipTimes, true).target).toBeNull();
  });

  it('seeks during the lock (our own jump settling) are left alone', () => {
    const jumped = decideAdSkip(ads, 15, 1000, initialAdSkipTimes);
    expect(decideSeek(ads, 15, 110, 1500, jumped.times, true).target).toBeNull();
  });

  it('a jump has settled once the position reached the ad end', () => {
    expect(jumpSettled(29.9, 30.2)).toBe(false);
    expect(jumpSettled(30.05, 30.2)).toBe(true);
  });
});

class FakeMedia extends EventTarget {
  currentTime = 0;
  seekTo(t: number) {
    this.currentTime = t;
    this.dispatchEvent(new Event('seeking'));
  }
}

function fakeTimers() {
  let now = 0;
  const queue: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  const timers: Timers = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = next++;
      queue.push({ at: now + ms, fn, id });
      return id as unknown as ReturnType<Timers['setTimeout']>;
    },
    clearTimeout: (id) => {
      const i = queue.findIndex((t) => t.id === (id as unknown as number));
      if (i >= 0) queue.splice(i, 1);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const t of queue.filter((q) => q.at <= now)) {
      queue.splice(queue.indexOf(t), 1);
      t.fn();
    }
  };
  return { timers, advance, pending: () => queue.length };
}

describe('bindAdSkip on a media element', () => {
  it('jumps out of an ad on timeupdate, re-seeks once if the jump did not settle, and unbinds cleanly', () => {
    const media = new FakeMedia();
    const { timers, advance, pending } = fakeTimers();
    const jumps: [number, number][] = [];
    const unbind = bindAdSkip(media, ads, { fullMode: true, timers, onJump: (from, to) => jumps.push([from, to]) });
    advance(500);
    media.currentTime = 12;
    media.dispatchEvent(new Event('timeupdate'));
    expect(media.currentTime).toBeCloseTo(30.2);
    expect(jumps).toEqual([[12, 30.2]]);
    media.currentTime = 12; // the seek did not take
    advance(100);
    expect(media.currentTime).toBeCloseTo(30.2);
    unbind();
    expect(pending()).toBe(0);
    advance(5000);
    media.currentTime = 110;
    media.dispatchEvent(new Event('timeupdate'));
    expect(media.currentTime).toBe(110);
  });

  it('pushes a viewer seek back over the first ad past its end in full mode', () => {
    const media = new FakeMedia();
    const { timers, advance } = fakeTimers();
    bindAdSkip(media, ads, { fullMode: true, timers });
    advance(5000);
    media.currentTime = 60;
    media.dispatchEvent(new Event('timeupdate'));
    media.seekTo(3);
    expect(media.currentTime).toBeCloseTo(30.2);
  });
});
