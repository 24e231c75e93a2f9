import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runStartup, type StartupState, type StartupSteps } from '../../src/shell/startup';

const freshState = (): StartupState => ({ phase: 'starting', minimal: false, failures: [] });
const never = () => new Promise<never>(() => {});

function steps(overrides: Partial<StartupSteps<{ hls: boolean }>> = {}) {
  const calls: string[] = [];
  const base: StartupSteps<{ hls: boolean }> = {
    setupLanguage: () => void calls.push('language'),
    detectDevice: () => {
      calls.push('device');
      return { hls: true };
    },
    mount: (mode) => void calls.push(`mount:${mode}`),
    preload: () => void calls.push('preload'),
    nonCritical: [() => void calls.push('analytics')],
    showFailurePage: (reason) => void calls.push(`failure:${reason}`),
  };
  return { calls, steps: { ...base, ...overrides } };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startup (spec 1 §4)', () => {
  it('runs language, device, mount in order, preloads, and starts analytics 100 ms later', async () => {
    const { calls, steps: s } = steps();
    const state = freshState();
    expect(await runStartup(s, state)).toBe('running');
    expect(calls).toEqual(['language', 'device', 'mount:full', 'preload']);
    await vi.advanceTimersByTimeAsync(99);
    expect(calls).not.toContain('analytics');
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toContain('analytics');
    expect(state.minimal).toBe(false);
  });

  it('a critical step longer than 2 s falls back to minimal mode', async () => {
    const { calls, steps: s } = steps({ detectDevice: never });
    const state = freshState();
    const done = runStartup(s, state);
    await vi.advanceTimersByTimeAsync(1999);
    expect(state.phase).toBe('starting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBe('minimal');
    expect(state.minimal).toBe(true);
    expect(state.failures).toEqual([{ step: 'device', message: expect.stringContaining('2000 ms'), timedOut: true }]);
    expect(calls).toEqual(['language', 'mount:minimal']);
  });

  it('a failing mount falls back to a minimal mount with the device found', async () => {
    const mounts: [string, unknown][] = [];
    const { steps: s } = steps({
      mount: (mode, device) => {
        mounts.push([mode, device]);
        if (mode === 'full') throw new Error('render failed');
      },
    });
    const state = freshState();
    expect(await runStartup(s, state)).toBe('minimal');
    expect(mounts).toEqual([
      ['full', { hls: true }],
      ['minimal', { hls: true }],
    ]);
    expect(state.failures[0]).toEqual({ step: 'mount', message: 'render failed', timedOut: false });
  });

  it('minimal mode skips preload and analytics', async () => {
    const { calls, steps: s } = steps({
      setupLanguage: () => {
        throw new Error('no pack');
      },
    });
    await runStartup(s, freshState());
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual(['mount:minimal']);
  });

  it('when the minimal mount fails too, the static failure page is shown', async () => {
    const errors: string[] = [];
    const { calls, steps: s } = steps({
      mount: () => {
        throw new Error('no DOM');
      },
      onStepError: (step) => void errors.push(step),
    });
    const state = freshState();
    expect(await runStartup(s, state)).toBe('failed');
    expect(calls).toContain('failure:mount,minimal-mount');
    expect(errors).toEqual(['mount', 'minimal-mount']);
  });

  it('a failing background task is recorded, not fatal', async () => {
    const errors: string[] = [];
    const { steps: s } = steps({
      preload: () => Promise.reject(new Error('offline')),
      nonCritical: [
        () => {
          throw new Error('analytics down');
        },
      ],
      onStepError: (step) => void errors.push(step),
    });
    const state = freshState();
    await runStartup(s, state);
    await vi.advanceTimersByTimeAsync(100);
    expect(state.phase).toBe('running');
    expect(errors.sort()).toEqual(['non-critical', 'preload']);
  });
});
