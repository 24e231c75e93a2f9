// The page's analytics batching (src/analytics/recorder.ts) with a fake
// transport and a hand-driven clock: held until the app config decides,
// dropped when analytics is off, a batch after the delay or when full, a
// beacon when the page is hidden (keepalive fetch when the browser refuses
// it), and the diagnostic state says what was sent and what failed.

import { describe, expect, it } from 'vitest';
import { proxy } from 'valtio/vanilla';
import type { AnalyticsState } from '../../src/analytics/analytics-store';
import { analyticsConfig } from '../../src/analytics/config';
import { isNewPage, type AnalyticsEvent } from '../../src/analytics/events';
import { createRecorder, type Transport } from '../../src/analytics/recorder';
import type { Timers } from '../../src/lib/timers';

function clock() {
  let now = 1_000;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const t: Timers = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((x) => x.id !== id);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((x) => x.at <= now);
    timers = timers.filter((x) => x.at > now);
    for (const x of due) x.fn();
  };
  return { timers: t, advance };
}

function transport(options: { postOk?: boolean; beaconOk?: boolean } = {}) {
  const posts: AnalyticsEvent[][] = [];
  const beacons: AnalyticsEvent[][] = [];
  const t: Transport = {
    post: async (events) => {
      posts.push([...events]);
      return options.postOk ?? true;
    },
    beacon: (events) => {
      beacons.push([...events]);
      return options.beaconOk ?? true;
    },
  };
  return { t, posts, beacons };
}

const freshState = () => proxy<AnalyticsState>({ status: 'waiting', counts: { pageViews: 0, clipStarts: 0, batches: 0, failedBatches: 0 }, recent: [] });
const view = (page: 'douyin' | 'discover' = 'douyin'): AnalyticsEvent => ({ kind: 'page_view', page });
const clip = (videoId: number): AnalyticsEvent => ({ kind: 'clip_start', page: 'douyin', videoId });
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('analytics recorder', () => {
  it('holds events until analytics is on, then sends them in one batch after the delay', async () => {
    const state = freshState();
    const { timers, advance } = clock();
    const r = createRecorder(state, timers);
    r.record(clip(7));
    const out = transport();
    advance(analyticsConfig.flushDelayMs * 2);
    expect(out.posts).toEqual([]);
    r.enable(out.t);
    r.record(view());
    advance(analyticsConfig.flushDelayMs - 1);
    expect(out.posts).toEqual([]);
    advance(1);
    expect(out.posts).toEqual([[clip(7), view()]]);
    await settle();
    expect(state.counts).toEqual({ pageViews: 1, clipStarts: 1, batches: 1, failedBatches: 0 });
    expect(state.recent.map((e) => [e.kind, e.outcome, e.via])).toEqual([
      ['page_view', 'sent', 'fetch'],
      ['clip_start', 'sent', 'fetch'],
    ]);
  });

  it('with analytics off drops what waited and records nothing more', () => {
    const state = freshState();
    const { timers, advance } = clock();
    const r = createRecorder(state, timers);
    r.record(clip(7));
    expect(state.recent).toHaveLength(1);
    r.disable();
    r.record(view());
    r.flush('beacon');
    advance(analyticsConfig.flushDelayMs * 2);
    expect(state).toMatchObject({ status: 'off', recent: [], counts: { pageViews: 0, clipStarts: 0, batches: 0 } });
  });

  it('sends at once when a batch is full, never more than a batch per request', () => {
    const { timers } = clock();
    const r = createRecorder(freshState(), timers);
    const out = transport();
    r.enable(out.t);
    for (let i = 1; i <= analyticsConfig.batchSize; i++) r.record(clip(i));
    expect(out.posts).toHaveLength(1);
    expect(out.posts[0]).toHaveLength(analyticsConfig.batchSize);
  });

  it('when the page is hidden, sends everything waiting by beacon and cancels the timed send', async () => {
    const state = freshState();
    const { timers, advance } = clock();
    const r = createRecorder(state, timers);
    const out = transport();
    r.enable(out.t);
    r.flush('beacon');
    expect(out.beacons).toEqual([]); // nothing waits: nothing is sent
    r.record(view('douyin'));
    r.record(clip(3));
    r.record(view('discover'));
    r.flush('beacon');
    expect(out.beacons).toEqual([[view('douyin'), clip(3), view('discover')]]);
    advance(analyticsConfig.flushDelayMs * 2);
    await settle();
    expect(out.posts).toEqual([]);
    expect(state.counts).toEqual({ pageViews: 2, clipStarts: 1, batches: 1, failedBatches: 0 });
    expect(state.recent[0]).toMatchObject({ kind: 'page_view', page: 'discover', via: 'beacon', outcome: 'sent' });
  });

  it('falls back to a keepalive fetch when the browser refuses the beacon, and counts a failed batch as failed', async () => {
    const state = freshState();
    const { timers } = clock();
    const r = createRecorder(state, timers);
    const out = transport({ beaconOk: false, postOk: false });
    r.enable(out.t);
    r.record(view());
    r.flush('beacon');
    expect(out.beacons).toHaveLength(1);
    expect(out.posts).toEqual([[view()]]);
    await settle();
    expect(state.counts).toEqual({ pageViews: 0, clipStarts: 0, batches: 0, failedBatches: 1 });
    expect(state.recent[0]).toMatchObject({ outcome: 'failed', via: 'fetch' });
  });

  it('keeps the diagnostic list to the latest events, newest first', () => {
    const state = freshState();
    const { timers } = clock();
    const r = createRecorder(state, timers);
    for (let i = 1; i <= analyticsConfig.recentShown + 5; i++) r.record(clip(i));
    expect(state.recent).toHaveLength(analyticsConfig.recentShown);
    expect(state.recent[0]).toMatchObject({ videoId: analyticsConfig.recentShown + 5, outcome: 'waiting', via: null });
  });
});

describe('page views', () => {
  it('a new history entry or another page is a view; parameter updates in the same entry are not', () => {
    expect(isNewPage(null, { key: 1, page: 'douyin' })).toBe(true);
    expect(isNewPage({ key: 1, page: 'douyin' }, { key: 1, page: 'douyin' })).toBe(false);
    expect(isNewPage({ key: 1, page: 'douyin' }, { key: 2, page: 'douyin' })).toBe(true);
    expect(isNewPage({ key: 2, page: 'discover' }, { key: 1, page: 'douyin' })).toBe(true);
    expect(isNewPage({ key: 1, page: 'douyin' }, { key: 1, page: 'discover' })).toBe(true);
  });
});
