import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHealthCheck, type HealthIssue } from '../../src/shell/health-check';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function probe() {
  const p = { mounted: true, extraLag: 0, now: () => Date.now() + p.extraLag, isRootMounted: () => p.mounted };
  return p;
}

describe('health check every 5 s (spec 1 §4)', () => {
  it('checks every 5 s and reports nothing while healthy', () => {
    const p = probe();
    const checks = vi.fn(p.isRootMounted);
    const issues: HealthIssue[] = [];
    const stop = startHealthCheck({ now: p.now, isRootMounted: checks }, (i) => issues.push(i));
    vi.advanceTimersByTime(4999);
    expect(checks).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(checks).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(checks).toHaveBeenCalledTimes(3);
    expect(issues).toEqual([]);
    stop();
    vi.advanceTimersByTime(20_000);
    expect(checks).toHaveBeenCalledTimes(3);
  });

  it('reports an unmounted root once, after 2 empty checks in a row', () => {
    const p = probe();
    const issues: HealthIssue[] = [];
    const stop = startHealthCheck(p, (i) => issues.push(i));
    p.mounted = false;
    vi.advanceTimersByTime(5000);
    expect(issues).toEqual([]);
    vi.advanceTimersByTime(5000);
    expect(issues).toEqual([{ kind: 'unmounted' }]);
    vi.advanceTimersByTime(15_000);
    expect(issues).toHaveLength(1);
    stop();
  });

  it('one empty check between renders is not an issue', () => {
    const p = probe();
    const issues: HealthIssue[] = [];
    const stop = startHealthCheck(p, (i) => issues.push(i));
    p.mounted = false;
    vi.advanceTimersByTime(5000);
    p.mounted = true;
    vi.advanceTimersByTime(5000);
    p.mounted = false;
    vi.advanceTimersByTime(5000);
    expect(issues).toEqual([]);
    stop();
  });

  it('a check arriving over 1 s late reports a blocked main thread with the lag', () => {
    const p = probe();
    const issues: HealthIssue[] = [];
    const stop = startHealthCheck(p, (i) => issues.push(i));
    p.extraLag = 800;
    vi.advanceTimersByTime(5000);
    expect(issues).toEqual([]);
    p.extraLag = 800 + 2500;
    vi.advanceTimersByTime(5000);
    expect(issues).toEqual([{ kind: 'blocked', lagMs: 2500 }]);
    stop();
  });
});
