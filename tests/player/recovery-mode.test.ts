import { describe, expect, it } from 'vitest';
import { createRecoveryMode } from '../../src/player/recovery-mode';

describe('error recovery mode (spec 3 §4)', () => {
  it('is entered after 3 consecutive errors and left after 30 s without errors', () => {
    const mode = createRecoveryMode();
    expect(mode.recordError(0).active).toBe(false);
    expect(mode.recordError(1000).active).toBe(false);
    const entered = mode.recordError(2000);
    expect(entered).toMatchObject({ active: true, consecutiveErrors: 3, quality: 'poor' });
    expect(mode.at(2000 + 29_999).active).toBe(true);
    expect(mode.at(2000 + 30_000)).toMatchObject({ active: false, consecutiveErrors: 0, recentErrors: 0, quality: 'good' });
  });

  it('a 10 s quiet window breaks the run of consecutive errors', () => {
    const mode = createRecoveryMode();
    mode.recordError(0);
    mode.recordError(1000);
    const after = mode.recordError(11_000);
    expect(after).toMatchObject({ active: false, consecutiveErrors: 1, recentErrors: 3 });
  });

  it('quiet windows reset the counters step by step and network quality follows', () => {
    const mode = createRecoveryMode();
    expect(mode.at(0).quality).toBe('good');
    mode.recordError(0);
    expect(mode.at(1000)).toMatchObject({ consecutiveErrors: 1, recentErrors: 1, quality: 'unstable' });
    expect(mode.at(10_000)).toMatchObject({ consecutiveErrors: 0, recentErrors: 1, quality: 'unstable' });
    expect(mode.at(20_000)).toMatchObject({ consecutiveErrors: 0, recentErrors: 0, quality: 'good' });
  });

  it('stays in recovery mode while errors keep coming less than 30 s apart', () => {
    const mode = createRecoveryMode();
    mode.recordError(0);
    mode.recordError(100);
    mode.recordError(200);
    mode.recordError(25_000);
    expect(mode.at(50_000).active).toBe(true);
    expect(mode.at(55_000).active).toBe(false);
  });
});
