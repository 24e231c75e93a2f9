import { describe, expect, it } from 'vitest';
import { createErrorLoopGuard } from '../../src/player/error-loop-guard';

const A = 'http://cdn.test/a.m3u8';
const B = 'http://cdn.test/b.m3u8';

describe('error loop guard (spec 3 §4: same address + type 3 times, < 5 s apart)', () => {
  it('stops on the 3rd occurrence when each follows the previous within 5 s', () => {
    const guard = createErrorLoopGuard();
    expect(guard.record(A, 'fragLoadError', 0)).toBe(false);
    expect(guard.record(A, 'fragLoadError', 4900)).toBe(false);
    expect(guard.record(A, 'fragLoadError', 9800)).toBe(true);
  });

  it('starts counting again after a gap of 5 s or more', () => {
    const guard = createErrorLoopGuard();
    guard.record(A, 'fragLoadError', 0);
    guard.record(A, 'fragLoadError', 1000);
    expect(guard.record(A, 'fragLoadError', 6000)).toBe(false);
    expect(guard.record(A, 'fragLoadError', 7000)).toBe(false);
    expect(guard.record(A, 'fragLoadError', 8000)).toBe(true);
  });

  it('keys by address and error type', () => {
    const guard = createErrorLoopGuard();
    guard.record(A, 'fragLoadError', 0);
    guard.record(B, 'fragLoadError', 100);
    guard.record(A, 'bufferStalledError', 200);
    expect(guard.record(A, 'fragLoadError', 300)).toBe(false);
    expect(guard.record(A, 'fragLoadError', 400)).toBe(true);
    expect(guard.record(B, 'fragLoadError', 500)).toBe(false);
  });

  it('reset(address) forgets that address only', () => {
    const guard = createErrorLoopGuard();
    guard.record(A, 'x', 0);
    guard.record(A, 'x', 100);
    guard.record(B, 'x', 0);
    guard.record(B, 'x', 100);
    guard.reset(A);
    expect(guard.record(A, 'x', 200)).toBe(false);
    expect(guard.record(B, 'x', 200)).toBe(true);
  });
});
