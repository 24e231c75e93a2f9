import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from '../../src/notices/connection';
import { connectionConfig } from '../../src/notices/config';
import { flush, scriptedConnection } from './helpers/scripted-connection';

describe('the back-off schedule (issue 16: 2 s, 4 s, 8 s ... capped at 30 s)', () => {
  it('doubles from 2 s and stays at 30 s however long the outage', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(backoffDelayMs)).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(backoffDelayMs(10_000)).toBe(connectionConfig.backoffCapMs);
    expect(backoffDelayMs(-3)).toBe(connectionConfig.backoffBaseMs);
  });
});

describe('the connection', () => {
  it('a failure while the server answers is not an outage: one probe, still online, no back-off', async () => {
    const c = scriptedConnection();
    await expect(c.link.check()).resolves.toBe(true);
    expect(c.probes).toHaveLength(1);
    expect(c.state.offline).toBe(false);
    expect(c.pending()).toEqual([]);
  });

  it('checks made together share one probe', async () => {
    const c = scriptedConnection({ up: false });
    const answers = await Promise.all([c.link.check(), c.link.check(), c.link.check()]);
    expect(answers).toEqual([false, false, false]);
    expect(c.probes).toHaveLength(1);
  });

  it('an unanswered probe makes the page offline; the back-off probes run at 2, 4, 8, 16, 30, 30 s; later failures ask nothing', async () => {
    const c = scriptedConnection({ up: false });
    await c.link.check();
    expect(c.state.offline).toBe(true);
    await expect(c.link.check()).resolves.toBe(false);
    expect(c.probes).toEqual([0]);
    const gaps: number[] = [];
    for (let k = 0; k < 6; k++) {
      const [next] = c.pending();
      gaps.push(next);
      await c.advance(next);
    }
    expect(gaps).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(c.probes).toHaveLength(7);
    expect(c.state.offline).toBe(true);
  });

  it('resumes by itself when the server answers a back-off probe: every listener runs once, and the back-off stops', async () => {
    const c = scriptedConnection({ up: false });
    const resumed: string[] = [];
    c.link.onResume(() => resumed.push('feed'));
    const off = c.link.onResume(() => resumed.push('gone'));
    off();
    c.link.onResume(() => {
      throw new Error('a broken listener');
    });
    c.link.onResume(() => resumed.push('page'));
    await c.link.check();
    await c.advance(2000);
    await c.advance(4000);
    expect(resumed).toEqual([]);
    c.setUp(true);
    await c.advance(8000);
    expect(c.state.offline).toBe(false);
    expect(resumed).toEqual(['feed', 'page']);
    expect(c.pending()).toEqual([]);
    // The next outage starts its back-off from 2 s again.
    c.setUp(false);
    await c.link.check();
    expect(c.pending()).toEqual([2000]);
  });

  it("the visitor's retry probes at once, without waiting for the back-off; unanswered, the back-off starts over", async () => {
    const c = scriptedConnection({ up: false });
    await c.link.check();
    await c.advance(2000);
    await c.advance(4000);
    expect(c.pending()).toEqual([8000]);
    const before = c.probes.length;
    await expect(c.link.retryNow()).resolves.toBe(false);
    expect(c.probes).toHaveLength(before + 1);
    expect(c.pending()).toEqual([2000]);
    c.setUp(true);
    await expect(c.link.retryNow()).resolves.toBe(true);
    expect(c.state.offline).toBe(false);
    expect(c.pending()).toEqual([]);
  });

  it("the browser's offline event makes the page offline without a probe; its online event probes at once", async () => {
    const listeners = new Map<string, () => void>();
    const events = {
      addEventListener: (type: string, fn: () => void) => void listeners.set(type, fn),
      removeEventListener: (type: string) => void listeners.delete(type),
    };
    const c = scriptedConnection({ up: false, browserOnline: false });
    const stop = c.link.watch(events);
    listeners.get('offline')?.();
    expect(c.state.offline).toBe(true);
    expect(c.probes).toEqual([]);
    // While the device has no network the back-off probe does not even ask.
    await c.advance(2000);
    expect(c.probes).toEqual([]);
    c.setUp(true);
    c.setBrowserOnline(true);
    listeners.get('online')?.();
    await flush();
    expect(c.probes).toHaveLength(1);
    expect(c.state.offline).toBe(false);
    stop();
    expect(listeners.size).toBe(0);
  });

  it('with no network at all a check needs no probe', async () => {
    const c = scriptedConnection({ browserOnline: false });
    await expect(c.link.check()).resolves.toBe(false);
    expect(c.probes).toEqual([]);
    expect(c.state.offline).toBe(true);
  });
});
