import { ErrorDetails, ErrorTypes } from 'hls.js';
import { describe, expect, it } from 'vitest';
import { recoveryConfig } from '../../src/player/config';
import { startLadder } from '../../src/player/fallback-ladder';
import {
  decideRecovery,
  emptyRecoveryHistory,
  recordProgress,
  recordRecovery,
  recoveryKind,
  type PlayerErrorInput,
  type RecoveryAction,
  type RecoveryHistory,
} from '../../src/player/recovery-policy';

const net = (details: string, fatal = true): PlayerErrorInput => ({ fatal, type: ErrorTypes.NETWORK_ERROR, details });
const media = (details: string, fatal = true): PlayerErrorInput => ({ fatal, type: ErrorTypes.MEDIA_ERROR, details });

/** The actions for the 1st..nth occurrence of one error on one item. */
function sequence(error: PlayerErrorInput, n: number): RecoveryAction[] {
  let history: RecoveryHistory = emptyRecoveryHistory;
  const out: RecoveryAction[] = [];
  for (let i = 0; i < n; i++) {
    out.push(decideRecovery(error, history));
    history = recordProgress(recordRecovery(history, recoveryKind(error)));
  }
  return out;
}

describe('recovery table (spec 3 §8)', () => {
  it('fragment load: 3 quick retries at 1.2 s, a 4th after 2 s, then switch after 3 s', () => {
    expect(sequence(net(ErrorDetails.FRAG_LOAD_ERROR), 6)).toEqual([
      { type: 'retry-load', delayMs: 1200 },
      { type: 'retry-load', delayMs: 1200 },
      { type: 'retry-load', delayMs: 1200 },
      { type: 'retry-load', delayMs: 2000 },
      { type: 'skip', delayMs: 3000, reason: 'fragment-load', messageKey: 'player:segmentRetrying' },
      { type: 'skip', delayMs: 3000, reason: 'fragment-load', messageKey: 'player:segmentRetrying' },
    ]);
  });

  it('fragment timeout: the same schedule with longer delays', () => {
    const actions = sequence(net(ErrorDetails.FRAG_LOAD_TIMEOUT), 5);
    expect(actions.map((a) => a.type)).toEqual(['retry-load', 'retry-load', 'retry-load', 'retry-load', 'skip']);
    const delays = actions.map((a) => ('delayMs' in a ? a.delayMs : NaN));
    expect(delays).toEqual([1800, 1800, 1800, 3000, 4500]);
    expect(delays[0]).toBeGreaterThan(recoveryConfig.fragmentQuickDelayMs);
  });

  it('puts the HTTP status of a fragment failure in the skip reason', () => {
    const action = decideRecovery({ ...net(ErrorDetails.FRAG_LOAD_ERROR), httpStatus: 404 }, { ...emptyRecoveryHistory, byKind: { 'fragment-load': 4 } });
    expect(action).toMatchObject({ type: 'skip', reason: 'fragment-load (HTTP 404)' });
  });

  it('manifest errors switch after 2 s, playlist errors after 2.5 s', () => {
    for (const d of [ErrorDetails.MANIFEST_LOAD_ERROR, ErrorDetails.MANIFEST_LOAD_TIMEOUT, ErrorDetails.MANIFEST_PARSING_ERROR]) {
      expect(decideRecovery(net(d), emptyRecoveryHistory)).toMatchObject({ type: 'skip', delayMs: 2000, messageKey: 'player:networkFailure' });
    }
    expect(decideRecovery(net(ErrorDetails.LEVEL_LOAD_ERROR), emptyRecoveryHistory)).toMatchObject({ type: 'skip', delayMs: 2500 });
  });

  it('key errors retry once after 3 s and switch on the 2nd', () => {
    const [first, second] = sequence(net(ErrorDetails.KEY_LOAD_ERROR), 2);
    expect(first).toEqual({ type: 'retry-load', delayMs: 3000 });
    expect(second).toMatchObject({ type: 'skip', delayMs: 2000 });
  });

  it('buffer stall: nudge 0.1 s, then restart loading, nothing on the 3rd, switch when more than 3', () => {
    const actions = sequence(media(ErrorDetails.BUFFER_STALLED_ERROR, false), 4);
    expect(actions[0]).toEqual({ type: 'nudge', seconds: 0.1 });
    expect(actions[1]).toEqual({ type: 'restart-load' });
    expect(actions[2]).toEqual({ type: 'log' });
    expect(actions[3]).toMatchObject({ type: 'skip', delayMs: 0, reason: 'buffer-stall' });
  });

  it('seek over hole: at most 3 recoveries, switch when more than 5', () => {
    const actions = sequence(media(ErrorDetails.BUFFER_SEEK_OVER_HOLE, false), 6);
    expect(actions.map((a) => a.type)).toEqual(['nudge', 'nudge', 'nudge', 'log', 'log', 'skip']);
  });

  it('buffer append and buffer full (fatal): stop and restart the load; non-fatal: log only', () => {
    for (const d of [ErrorDetails.BUFFER_APPEND_ERROR, ErrorDetails.BUFFER_FULL_ERROR, ErrorDetails.BUFFER_APPENDING_ERROR]) {
      expect(decideRecovery(media(d), emptyRecoveryHistory)).toEqual({ type: 'restart-load' });
      expect(decideRecovery(media(d, false), emptyRecoveryHistory)).toEqual({ type: 'log' });
    }
  });

  it('other fatal media errors: recover, then swap audio codec + recover, then switch', () => {
    expect(sequence(media(ErrorDetails.FRAG_PARSING_ERROR), 3)).toEqual([
      { type: 'recover-media' },
      { type: 'swap-audio-codec-recover' },
      { type: 'skip', delayMs: 0, reason: 'media', messageKey: 'player:playbackFailed' },
    ]);
  });

  it('other fatal network errors restart loading (3 times); other fatal errors fail with "try another route"', () => {
    expect(sequence(net(ErrorDetails.INTERNAL_ABORTED), 4).map((a) => a.type)).toEqual(['restart-load', 'restart-load', 'restart-load', 'skip']);
    expect(decideRecovery({ fatal: true, type: ErrorTypes.OTHER_ERROR, details: ErrorDetails.INTERNAL_EXCEPTION }, emptyRecoveryHistory)).toEqual({
      type: 'fail',
      messageKey: 'player:tryOtherRoute',
    });
  });

  it('non-fatal errors other than stalls are logged only', () => {
    expect(decideRecovery(net(ErrorDetails.FRAG_LOAD_ERROR, false), emptyRecoveryHistory)).toEqual({ type: 'log' });
    expect(decideRecovery(media(ErrorDetails.FRAG_PARSING_ERROR, false), emptyRecoveryHistory)).toEqual({ type: 'log' });
  });

  it('switches once the item has had too many errors in a row (8 for clips) or in total (15)', () => {
    const error = media(ErrorDetails.BUFFER_APPEND_ERROR);
    expect(decideRecovery(error, { byKind: {}, consecutive: 6, total: 6 })).toEqual({ type: 'restart-load' });
    expect(decideRecovery(error, { byKind: {}, consecutive: 7, total: 7 })).toMatchObject({ type: 'skip', reason: 'consecutive-errors' });
    const playPage = { mode: 'play-page' as const, ladder: startLadder(false), facts: { hls: true, native: false, emergencyClip: false } };
    expect(decideRecovery(error, { byKind: {}, consecutive: 7, total: 7 }, playPage)).toEqual({ type: 'restart-load' });
    expect(decideRecovery(error, { byKind: {}, consecutive: 19, total: 19 }, playPage)).toMatchObject({ type: 'skip', reason: 'consecutive-errors' });
    expect(decideRecovery(error, { byKind: {}, consecutive: 0, total: 15 })).toMatchObject({ type: 'skip', reason: 'total-errors' });
  });

  it('playing again ends the run of consecutive errors but keeps per-kind counts', () => {
    const h = recordProgress(recordRecovery(recordRecovery(emptyRecoveryHistory, 'buffer'), 'buffer'));
    expect(h).toEqual({ byKind: { buffer: 2 }, consecutive: 0, total: 2 });
  });
});
