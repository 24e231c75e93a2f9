import { describe, expect, it } from 'vitest';
import { classifyThrown, LIGHT_TYPES, SEVERE_TYPES, severityOf } from '../../src/errors/error-classify';
import { clearFatal, createErrorMonitor, installErrorMonitor, type FatalState } from '../../src/errors/error-monitor';

function setup(start = 0) {
  let now = start;
  const state: FatalState = { error: null, reports: [] };
  const monitor = createErrorMonitor({ now: () => now, state });
  return { state, monitor, tick: (ms: number) => (now += ms) };
}

describe('error classification (spec 1 §8)', () => {
  it('the eight severe types are severe, the six light ones light, unknown medium', () => {
    expect(SEVERE_TYPES).toHaveLength(8);
    for (const type of SEVERE_TYPES) expect(severityOf(type)).toBe('severe');
    expect(LIGHT_TYPES).toEqual(['network', 'media', 'ad', 'analytics', 'resource', 'permission']);
    for (const type of LIGHT_TYPES) expect(severityOf(type)).toBe('light');
    expect(severityOf('unknown')).toBe('medium');
  });

  it('recognises errors by tag, shape, message and name', () => {
    expect(classifyThrown({ type: 'state_corruption', message: 'x' })).toBe('state_corruption');
    expect(classifyThrown({ code: 'TIMEOUT', message: 'No answer', retryable: true })).toBe('network');
    expect(classifyThrown(new TypeError('Failed to fetch'))).toBe('network');
    expect(classifyThrown(new TypeError('Failed to fetch dynamically imported module: /assets/feed.js'))).toBe('initialization_failure');
    expect(classifyThrown(new RangeError('Maximum call stack size exceeded'))).toBe('infinite_loop');
    expect(classifyThrown('Script error.')).toBe('resource');
    expect(classifyThrown(Object.assign(new Error("play() failed because the user didn't interact"), { name: 'NotAllowedError' }))).toBe('media');
    expect(classifyThrown(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }))).toBe('permission');
    expect(classifyThrown(Object.assign(new Error('The user aborted a request.'), { name: 'AbortError' }))).toBe('network');
    expect(classifyThrown(new TypeError('setTimeout is not a function'))).toBe('unknown');
    expect(classifyThrown(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe('unknown');
  });
});

describe('error monitor', () => {
  it('a severe error sets the overlay error at once', () => {
    const { state, monitor } = setup();
    const report = monitor.report(new Error('boom'), 'runtime_error');
    expect(report?.severity).toBe('severe');
    expect(state.error?.type).toBe('runtime_error');
    expect(state.error?.message).toBe('Error: boom');
  });

  it('light errors are ignored: not kept, no overlay, not counted', () => {
    const { state, monitor } = setup();
    for (let k = 0; k < 20; k++) expect(monitor.report(new TypeError('Failed to fetch'))).toBeNull();
    expect(state.reports).toHaveLength(0);
    expect(state.error).toBeNull();
  });

  it('8 unclassified errors within 10 s count as severe; 7 do not', () => {
    const { state, monitor, tick } = setup(1000);
    for (let k = 0; k < 7; k++) {
      monitor.report(new Error(`oops ${k}`));
      tick(1000);
    }
    expect(state.error).toBeNull();
    tick(500);
    const eighth = monitor.report(new Error('oops 7'));
    expect(eighth?.burst).toBe(true);
    expect(state.error?.severity).toBe('severe');
  });

  it('errors spread wider than 10 s never add up to a burst', () => {
    const { state, monitor, tick } = setup();
    for (let k = 0; k < 30; k++) {
      monitor.report(new Error('slow'));
      tick(1500);
    }
    expect(state.error).toBeNull();
  });

  it('the first severe error stays on the overlay; clearFatal hides it', () => {
    const { state, monitor } = setup();
    monitor.report('first', 'data_corruption');
    monitor.report('second', 'memory_leak');
    expect(state.error?.type).toBe('data_corruption');
    clearFatal(state);
    expect(state.error).toBeNull();
  });

  it('reports are redacted and only the latest 20 are kept', () => {
    const { state, monitor } = setup();
    monitor.report(new Error('failed https://x.example/api?credential=SECRET from 10.0.0.1'));
    expect(state.reports[0].message).toBe('Error: failed https://x.example/api?[redacted] from [ip]');
    expect(state.reports[0].stack).not.toContain('SECRET');
    for (let k = 0; k < 25; k++) monitor.report(`n${k}`, 'api_failure');
    expect(state.reports).toHaveLength(20);
    expect(state.reports[19].message).toBe('n24');
  });

  it('install listens to error and unhandledrejection and uninstall removes both', () => {
    const listeners = new Map<string, (event: never) => void>();
    const target = {
      addEventListener: (type: string, fn: (event: never) => void) => void listeners.set(type, fn),
      removeEventListener: (type: string, fn: (event: never) => void) => {
        if (listeners.get(type) === fn) listeners.delete(type);
      },
    };
    const { state, monitor } = setup();
    const uninstall = installErrorMonitor(target, monitor);
    expect([...listeners.keys()].sort()).toEqual(['error', 'unhandledrejection']);
    (listeners.get('error') as (e: { error?: unknown; message?: string }) => void)({ error: { type: 'runtime_error', message: 'render' } });
    expect(state.error?.type).toBe('runtime_error');
    (listeners.get('unhandledrejection') as (e: { reason?: unknown }) => void)({ reason: new Error('weird') });
    expect(state.reports.map((r) => r.type)).toEqual(['runtime_error', 'unknown']);
    uninstall();
    expect(listeners.size).toBe(0);
  });
});
