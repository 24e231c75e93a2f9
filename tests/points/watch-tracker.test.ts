import { describe, expect, it } from 'vitest';
import type { WatchResult } from '../../src/api/player-schemas';
import { BalanceRefreshPolicy } from '../../src/account/points/balance-refresh';
import { partnerState, remainingTodayNotice, rewardOf } from '../../src/account/points/reward';
import { WatchTracker, type RecordCommand } from '../../src/account/points/watch-tracker';

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const answer = (over: Partial<WatchResult> = {}): WatchResult => ({
  points: 0, current_progress: 1, required_videos: 5, progress_complete: false, is_valid_watch: true, earned_points: 0, min_interval: 0, invalid_reason: null, ...over,
});

/** A tracker whose video/start answers at once with a ticket that may be used at once (the tickets have their own tests below). */
class TicketedTracker extends WatchTracker {
  override moveTo(videoId: string | null): RecordCommand | null {
    const command = super.moveTo(videoId);
    const request = this.ticketRequest();
    if (request) this.ticketResult(request, { ticket: `t-${request.videoId}`, minWatchS: 0 });
    return command;
  }
}

/** Plays `videoId` from 0 to `seconds` in 1 s steps; returns the first command. */
function play(tr: WatchTracker, c: ReturnType<typeof clock>, videoId: string, seconds: number) {
  let cmd = tr.position(videoId, 0);
  for (let s = 1; s <= seconds && !cmd; s++) {
    c.advance(1000);
    cmd = tr.position(videoId, s);
  }
  return cmd;
}

describe('watch tracker', () => {
  it('records once a video has been watched 5 s, not before, and once per view', () => {
    const c = clock();
    const tr = new TicketedTracker(c.now);
    tr.position('v1', 0);
    c.advance(4000);
    expect(tr.position('v1', 4)).toBeNull();
    expect(tr.view().watchStatus).toBe('watching');
    c.advance(1000);
    expect(tr.position('v1', 5)).toEqual({ videoId: 'v1', watchedS: 5, ticket: 't-v1' });
    c.advance(1000);
    expect(tr.position('v1', 6)).toBeNull();
  });

  it('does not count seeks forward beyond 1.5x wall time, nor loops back', () => {
    const c = clock();
    const tr = new TicketedTracker(c.now);
    tr.position('v1', 0);
    c.advance(1000);
    expect(tr.position('v1', 30)).toBeNull(); // a seek: counts 1.5 s
    expect(tr.watched).toBeCloseTo(1.5);
    c.advance(1000);
    tr.position('v1', 2); // looped back
    expect(tr.watched).toBeCloseTo(1.5);
  });

  it('records on moving to a new video when recording was blocked by the cooldown', () => {
    const c = clock();
    const tr = new TicketedTracker(c.now);
    const first = play(tr, c, 'v1', 5)!;
    tr.result(first, answer());
    expect(tr.view()).toMatchObject({ watchStatus: 'cooldown', cooldownRemainingS: 3 });
    // v2 is watched 5 s in 2 s of wall time at most 1.5x... so play 2 s at double speed then wait out the cooldown.
    tr.moveTo('v2');
    tr.position('v2', 0);
    c.advance(2000);
    expect(tr.position('v2', 3)).toBeNull(); // 3 s watched, in cooldown
    c.advance(2000);
    expect(tr.position('v2', 6)).toEqual({ videoId: 'v2', watchedS: 6, ticket: 't-v2' });
  });

  it('moving away after 5 s records the previous video if it was not yet recorded', () => {
    const c = clock();
    const tr = new TicketedTracker(c.now);
    const first = play(tr, c, 'v1', 5)!;
    // The answer is still out: nothing else is recorded meanwhile.
    tr.moveTo('v2');
    expect(play(tr, c, 'v2', 6)).toBeNull();
    tr.result(first, answer());
    c.advance(3000);
    expect(tr.moveTo('v3')).toEqual({ videoId: 'v2', watchedS: expect.any(Number), ticket: 't-v2' });
  });

  it('keeps to the minimum interval, capped at 5 s', () => {
    const c = clock();
    const tr = new TicketedTracker(c.now);
    tr.configure({ minIntervalS: 8 });
    tr.result(play(tr, c, 'v1', 5)!, answer({ min_interval: 8 }));
    tr.moveTo('v2');
    tr.position('v2', 0);
    c.advance(3999);
    tr.position('v2', 5);
    expect(tr.position('v2', 5)).toBeNull();
    c.advance(1001); // 5 s after the counted watch: the capped interval has passed
    expect(tr.position('v2', 6)).not.toBeNull();
  });

  it('goes silent for 5 minutes when the daily quota is exhausted, then tries again', () => {
    const c = clock();
    const tr = new TicketedTracker(c.now);
    const daily = { enabled: true, remaining_points_today: 0, remaining_videos_today: 0, daily_watch_count: 10 };
    tr.result(play(tr, c, 'v1', 5)!, answer({ is_valid_watch: false, invalid_reason: 'daily_limit', current_progress: 0, daily_info: daily }));
    expect(tr.view()).toMatchObject({ watchStatus: 'invalid', quotaExhausted: true });
    tr.moveTo('v2');
    expect(play(tr, c, 'v2', 10)).toBeNull();
    c.advance(5 * 60_000);
    // Rechecked: leaving v2 (watched 10 s while blocked) now records it.
    expect(tr.moveTo('v3')).toEqual({ videoId: 'v2', watchedS: 10, ticket: 't-v2' });
  });

  it('tracks progress: in_progress, complete on a reward, broken when the server resets it', () => {
    const c = clock();
    const tr = new TicketedTracker(c.now);
    expect(tr.view().progressStatus).toBe('idle');
    tr.configure({ progress: 2 });
    expect(tr.view().progressStatus).toBe('in_progress');
    tr.result({ videoId: 'x', watchedS: 5, ticket: 't-x' }, answer({ current_progress: 0, progress_complete: true, earned_points: 100, points: 100 }));
    expect(tr.view().progressStatus).toBe('complete');
    tr.configure({ progress: 3 });
    tr.result({ videoId: 'y', watchedS: 5, ticket: 't-y' }, answer({ current_progress: 1 }));
    expect(tr.view().progressStatus).toBe('broken');
  });

  it('a refused watch (too soon) makes the status invalid until the next video', () => {
    const c = clock();
    const tr = new TicketedTracker(c.now);
    tr.result(play(tr, c, 'v1', 5)!, answer({ is_valid_watch: false, invalid_reason: 'too_soon', current_progress: 0 }));
    expect(tr.view().watchStatus).toBe('invalid');
    tr.moveTo('v2');
    c.advance(1000);
    tr.position('v2', 0);
    c.advance(1000);
    tr.position('v2', 1);
    expect(tr.view().watchStatus).toBe('watching');
  });

  it('asks for a ticket once per view of a video when it starts, never for an ad, and ignores an answer for an earlier view', () => {
    const c = clock();
    const tr = new WatchTracker(c.now);
    expect(tr.ticketRequest()).toBeNull();
    tr.moveTo('v1');
    const first = tr.ticketRequest();
    expect(first).toEqual({ videoId: 'v1', view: expect.any(Number) });
    expect(tr.ticketRequest()).toBeNull(); // once per view
    tr.moveTo(null); // an ad
    expect(tr.ticketRequest()).toBeNull();
    tr.moveTo('v1'); // the same video again is a new view
    const second = tr.ticketRequest()!;
    expect(second.view).not.toBe(first!.view);
    expect(tr.ticketResult(first!, { ticket: 'old', minWatchS: 0 })).toBeNull();
    expect(tr.hasTicket).toBe(false);
    tr.ticketResult(second, { ticket: 'new', minWatchS: 0 });
    expect(tr.hasTicket).toBe(true);
  });

  it('holds the record until the ticket arrives and has been held the minimum watch time, then sends it with the ticket', () => {
    const c = clock();
    const tr = new WatchTracker(c.now);
    tr.moveTo('v1');
    const request = tr.ticketRequest()!;
    expect(play(tr, c, 'v1', 6)).toBeNull(); // 6 s watched, the ticket still on its way
    expect(tr.ticketResult(request, { ticket: 'T1', minWatchS: 5 })).toBeNull(); // held 0 s of 5
    c.advance(4000);
    expect(tr.position('v1', 10)).toBeNull();
    c.advance(1000);
    expect(tr.position('v1', 11)).toEqual({ videoId: 'v1', watchedS: expect.any(Number), ticket: 'T1' });
  });

  it('a ticket that arrives after 5 s were watched (no minimum) releases the record at once', () => {
    const c = clock();
    const tr = new WatchTracker(c.now);
    tr.moveTo('v1');
    const request = tr.ticketRequest()!;
    expect(play(tr, c, 'v1', 5)).toBeNull();
    expect(tr.ticketResult(request, { ticket: 'T1', minWatchS: 0 })).toEqual({ videoId: 'v1', watchedS: 5, ticket: 'T1' });
  });

  it('records without a ticket when video/start failed (the server then says why it does not count)', () => {
    const c = clock();
    const tr = new WatchTracker(c.now);
    tr.moveTo('v1');
    tr.ticketResult(tr.ticketRequest()!, null);
    expect(play(tr, c, 'v1', 5)).toEqual({ videoId: 'v1', watchedS: 5, ticket: null });
  });
});

describe('reward and notices', () => {
  it('a reward event only when points were earned', () => {
    expect(rewardOf(answer({ earned_points: 100, points: 300, progress_complete: true }))).toEqual({ earned: 100, points: 300 });
    expect(rewardOf(answer())).toBeNull();
  });

  it("'今日还可获得{n}积分' when 2 or fewer points remain under a daily quota", () => {
    const d = (n: number, enabled = true) => ({ enabled, remaining_points_today: n, remaining_videos_today: 1, daily_watch_count: 1 });
    expect(remainingTodayNotice(d(2))).toEqual({ key: 'account:remainingToday', params: { n: 2 } });
    expect(remainingTodayNotice(d(3))).toBeNull();
    expect(remainingTodayNotice(d(0, false))).toBeNull();
  });

  it('partner state: ready signs on, eligible creates, anything else goes home', () => {
    expect(partnerState('ready', false)).toBe('ready');
    expect(partnerState('insufficient', true)).toBe('ready');
    expect(partnerState('eligible', false)).toBe('eligible');
    expect(partnerState('insufficient', false)).toBe('other');
  });
});

describe('balance refresh policy', () => {
  it('polls every 30 s when initialised, 60 s otherwise, never while hidden', () => {
    const p = new BalanceRefreshPolicy(clock().now);
    expect(p.nextPollDelay({ visible: true, initialised: true })).toBe(30_000);
    expect(p.nextPollDelay({ visible: true, initialised: false })).toBe(60_000);
    expect(p.nextPollDelay({ visible: false, initialised: true })).toBeNull();
  });

  it('throttles manual refreshes and automatic queries to once per 30 s', () => {
    const c = clock();
    const p = new BalanceRefreshPolicy(c.now);
    expect(p.allow('manual')).toBe(true);
    c.advance(29_999);
    expect(p.allow('manual')).toBe(false);
    expect(p.manualWaitMs()).toBe(1);
    c.advance(1);
    expect(p.allow('manual')).toBe(true);
    p.noteFresh();
    expect(p.allow('poll')).toBe(false);
    c.advance(30_000);
    expect(p.allow('poll')).toBe(true);
  });
});
