// Error recovery mode (spec 3 §4): entered after 3 consecutive errors, left
// after 30 s without errors. Quiet windows reset the counters step by step:
// 10 s quiet clears the run of consecutive errors, 20 s the recent-error
// count, 30 s ends recovery mode. Network quality follows from the same
// counters. Time is passed in, so tests drive it.

import { recoveryModeConfig } from './config';

export type NetworkQuality = 'good' | 'unstable' | 'poor';

export interface RecoveryModeSnapshot {
  active: boolean;
  consecutiveErrors: number;
  recentErrors: number;
  quality: NetworkQuality;
}

export interface RecoveryMode {
  /** An error happened at `now` (ms). */
  recordError(now: number): RecoveryModeSnapshot;
  /** The state at `now`, after the quiet windows that passed since the last error. */
  at(now: number): RecoveryModeSnapshot;
  reset(): void;
}

interface Counters {
  lastErrorAt: number;
  consecutive: number;
  recent: number;
  active: boolean;
}

const initial = (): Counters => ({ lastErrorAt: Number.NEGATIVE_INFINITY, consecutive: 0, recent: 0, active: false });

function afterQuiet(c: Counters, now: number): Counters {
  const quiet = now - c.lastErrorAt;
  const [consecutiveWindow, recentWindow] = recoveryModeConfig.quietWindowsMs;
  return {
    lastErrorAt: c.lastErrorAt,
    consecutive: quiet >= consecutiveWindow ? 0 : c.consecutive,
    recent: quiet >= recentWindow ? 0 : c.recent,
    active: quiet >= recoveryModeConfig.leaveAfterQuietMs ? false : c.active,
  };
}

function snapshot(c: Counters): RecoveryModeSnapshot {
  const quality: NetworkQuality =
    c.active || c.recent >= recoveryModeConfig.poorErrors ? 'poor' : c.recent >= recoveryModeConfig.unstableErrors ? 'unstable' : 'good';
  return { active: c.active, consecutiveErrors: c.consecutive, recentErrors: c.recent, quality };
}

export function createRecoveryMode(): RecoveryMode {
  let counters = initial();
  return {
    recordError(now) {
      const c = afterQuiet(counters, now);
      const consecutive = c.consecutive + 1;
      counters = {
        lastErrorAt: now,
        consecutive,
        recent: c.recent + 1,
        active: c.active || consecutive >= recoveryModeConfig.enterAfterErrors,
      };
      return snapshot(counters);
    },
    at(now) {
      counters = afterQuiet(counters, now);
      return snapshot(counters);
    },
    reset() {
      counters = initial();
    },
  };
}
