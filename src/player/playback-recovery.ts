// The recovery table (recovery-policy.ts) run for the item on screen: each
// error is recorded (item budget, recovery mode, error loop guard) and its
// action applied now or after its delay; a spent budget skips or fails the item.

import { applyRecovery } from './apply-recovery';
import { fail, later, skip, type CurrentItem, type PlaybackSession } from './playback-session';
import { setRecoveryMode } from './player-state';
import { decideRecovery, recordRecovery, recoveryKind, type PlayerErrorInput, type RecoveryAction } from './recovery-policy';

export function act(s: PlaybackSession, item: CurrentItem, action: RecoveryAction): void {
  const hls = item.native ? null : s.pool.get(item.poolKey);
  switch (action.type) {
    case 'log':
      return;
    case 'skip':
      return void later(s, () => skip(s, item, action.reason, action.messageKey), action.delayMs);
    case 'fail':
      return fail(s, item, { code: 'PLAYBACK_FAILED', messageKey: action.messageKey, retryable: true });
    case 'retry-load':
      return void later(s, () => applyRecovery(hls, s.video, action), action.delayMs);
    default:
      return applyRecovery(hls, s.video, action);
  }
}

export function onError(s: PlaybackSession, item: CurrentItem, error: PlayerErrorInput): void {
  if (s.current !== item || item.done) return;
  const action = decideRecovery(error, item.history, item.hlsMode);
  if (action.type === 'log') return;
  item.history = recordRecovery(item.history, recoveryKind(error));
  const now = s.timers.now();
  const mode = s.recoveryMode.recordError(now);
  setRecoveryMode(s.state, mode.active, mode.quality);
  if (s.loopGuard.record(item.prepared.url, error.details, now)) return skip(s, item, `error-loop:${error.details}`);
  act(s, item, action);
}
