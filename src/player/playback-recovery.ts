// The recovery table (recovery-policy.ts) run for the item on screen: each
// error is recorded (item budget, recovery mode, error loop guard) and its
// action applied now or after its delay; a spent budget skips or fails the
// item, and a failing player climbs the item's fallback ladder: another
// player (the page keeps native HLS once hls.js failed: overrideCapability),
// the playlist mime type, or the emergency clip the page prepares. A failure
// that may be the network's gives nothing up while the server cannot be
// reached: the item is held instead (outage-hold.ts).

import { applyRecovery } from './apply-recovery';
import { climb, type LadderAction } from './fallback-ladder';
import { overrideCapability } from './native-hls';
import { endUnlessUnreachable, isUnansweredLoad, mayBeUnreachable, watchForOutage } from './outage-hold';
import { fail, later, skip, suspendItem, type CurrentItem, type PlaybackSession } from './playback-session';
import { setRecoveryMode } from './player-state';
import { decideRecovery, isRetry, loopAction, recordRecovery, recoveryKind, type PlayerErrorInput, type RecoveryAction, type RecoveryContext } from './recovery-policy';

/** Where the item plays and what it may still try. */
function contextOf(s: PlaybackSession, item: CurrentItem): RecoveryContext {
  const players = s.players();
  const emergencyClip = item.options.mode === 'clip' && s.emergencyClip !== undefined;
  return { mode: item.hlsMode, ladder: item.ladder, facts: { ...players, emergencyClip } };
}

function climbLadder(s: PlaybackSession, item: CurrentItem, action: LadderAction): void {
  const ladder = climb(item.ladder, action);
  // A fresh player or clip gets fresh chances before the error loop guard stops it again.
  s.loopGuard.reset(item.prepared.url);
  suspendItem(s, item);
  if (action.type === 'native-fallback') overrideCapability('native');
  if (action.type === 'hls-fallback') return s.showAgain(item, { ladder, startLimitMs: action.timeoutMs });
  if (action.type !== 'emergency-clip') return s.showAgain(item, { ladder });
  const source = s.emergencyClip;
  if (!source) return skip(s, item, action.reason);
  void source(item.key, item.prepared).then(
    (prepared) => {
      if (s.current !== item || item.done) return;
      if (prepared) s.showAgain(item, { ladder, prepared });
      else skip(s, item, action.reason);
    },
    () => s.current === item && skip(s, item, action.reason),
  );
}

export function act(s: PlaybackSession, item: CurrentItem, action: RecoveryAction): void {
  const hls = item.ladder.native ? null : s.pool.get(item.poolKey);
  switch (action.type) {
    case 'log':
      return;
    case 'skip':
      return void later(s, () => skip(s, item, action.reason, action.messageKey), action.delayMs);
    case 'fail':
      return fail(s, item, { code: 'PLAYBACK_FAILED', messageKey: action.messageKey, retryable: true });
    case 'retry-load':
      return void later(s, () => applyRecovery(hls, s.video, action), action.delayMs);
    case 'native-fallback':
    case 'hls-fallback':
    case 'typed-source':
    case 'emergency-clip':
      return climbLadder(s, item, action);
    default:
      return applyRecovery(hls, s.video, action);
  }
}

export function onError(s: PlaybackSession, item: CurrentItem, error: PlayerErrorInput): void {
  if (s.current !== item || item.done || item.held) return;
  const ctx = contextOf(s, item);
  let action = decideRecovery(error, item.history, ctx);
  // An outage is learnt of at its first sign (hls.js may still be trying again by itself).
  const firstSign = isUnansweredLoad(error);
  if (action.type === 'log') {
    if (firstSign) watchForOutage(s, item);
    return;
  }
  item.history = recordRecovery(item.history, recoveryKind(error));
  const now = s.timers.now();
  const mode = s.recoveryMode.recordError(now);
  setRecoveryMode(s.state, mode.active, mode.quality);
  // The same address failing the same way 3 times within 5 s: retrying stops (spec 3 §4).
  if (s.loopGuard.record(item.prepared.url, error.details, now) && isRetry(action)) action = loopAction(error.details, ctx);
  if (isRetry(action)) {
    if (firstSign) watchForOutage(s, item);
    return act(s, item, action);
  }
  // Giving the item up (a skip, a failure, another player or clip): never for the network's failure.
  const end = action;
  endUnlessUnreachable(s, item, mayBeUnreachable(error), () => act(s, item, end));
}
