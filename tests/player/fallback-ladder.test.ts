// The fallback ladder (spec 3 §4 start strategies, error loop guard; §8 rows
// MEDIA_ERR_SRC_NOT_SUPPORTED and Generic): the pure rungs and the recovery
// table's use of them.

import { ErrorDetails, ErrorTypes } from 'hls.js';
import { describe, expect, it } from 'vitest';
import { climb, nextRung, startLadder, type Ladder, type LadderFacts } from '../../src/player/fallback-ladder';
import { decideRecovery, emptyRecoveryHistory, loopAction, PlayerFailure, type RecoveryContext } from '../../src/player/recovery-policy';

const all: LadderFacts = { hls: true, native: true, emergencyClip: true };
const final = { type: 'final' } as const;

/** The rungs an item climbs, failing each time, until `final`. */
function climbAll(ladder: Ladder, facts: LadderFacts): string[] {
  const out: string[] = [];
  for (let i = 0; i < 10; i++) {
    const action = nextRung(ladder, facts, 'x', final);
    out.push(action.type);
    if (action.type === 'final') return out;
    ladder = climb(ladder, action);
  }
  return out;
}

describe('fallback ladder', () => {
  it('hls.js failing: native HLS, then the playlist mime type, then the emergency clip, then the final action', () => {
    expect(climbAll(startLadder(false), all)).toEqual(['native-fallback', 'typed-source', 'emergency-clip', 'final']);
  });

  it('the native player refusing the source: hls.js with a 5 s limit, then the mime type, then the emergency clip', () => {
    expect(nextRung(startLadder(true), all, 'x', final)).toEqual({ type: 'hls-fallback', reason: 'x', timeoutMs: 5000 });
    expect(climbAll(startLadder(true), all)).toEqual(['hls-fallback', 'typed-source', 'emergency-clip', 'final']);
  });

  it('a browser without native HLS (canPlayType "") skips the native rungs; a whole video has no emergency clip', () => {
    expect(climbAll(startLadder(false), { hls: true, native: false, emergencyClip: true })).toEqual(['emergency-clip', 'final']);
    expect(climbAll(startLadder(false), { hls: true, native: true, emergencyClip: false })).toEqual(['native-fallback', 'typed-source', 'final']);
    expect(climbAll(startLadder(true), { hls: false, native: true, emergencyClip: false })).toEqual(['typed-source', 'final']);
  });

  it('climbing records the player the item is on', () => {
    const native = climb(startLadder(false), { type: 'native-fallback', reason: 'x' });
    expect(native).toMatchObject({ native: true, triedHls: true, triedNative: true, typedSource: false });
    expect(climb(native, { type: 'typed-source', reason: 'x' })).toMatchObject({ native: true, typedSource: true });
    expect(climb(startLadder(true), { type: 'hls-fallback', reason: 'x', timeoutMs: 5000 })).toMatchObject({ native: false, triedHls: true, triedNative: true });
  });
});

describe('the recovery table climbs the ladder', () => {
  const on = (native: boolean, facts: LadderFacts = all): RecoveryContext => ({ mode: 'clip', ladder: startLadder(native), facts });
  const fatal = (type: string, details: string, message?: string) => ({ fatal: true, type, details, message });

  it('MSE refusing the codecs (hls.js failed): native HLS at once, no recover attempts', () => {
    for (const d of [ErrorDetails.BUFFER_ADD_CODEC_ERROR, ErrorDetails.BUFFER_INCOMPATIBLE_CODECS_ERROR]) {
      expect(decideRecovery(fatal(ErrorTypes.MEDIA_ERROR, d), emptyRecoveryHistory, on(false))).toEqual({ type: 'native-fallback', reason: 'codec' });
    }
    // Non-fatal (one track's codec): hls.js goes on with the others.
    expect(decideRecovery({ ...fatal(ErrorTypes.MEDIA_ERROR, ErrorDetails.BUFFER_ADD_CODEC_ERROR), fatal: false }, emptyRecoveryHistory, on(false))).toEqual({ type: 'log' });
  });

  it('with nothing left, each failure ends as its row says', () => {
    const none = on(false, { hls: true, native: false, emergencyClip: false });
    expect(decideRecovery(fatal(ErrorTypes.MEDIA_ERROR, ErrorDetails.BUFFER_ADD_CODEC_ERROR), emptyRecoveryHistory, none)).toMatchObject({ type: 'skip', messageKey: 'player:videoFormatNotSupported' });
    expect(decideRecovery(fatal('otherError', PlayerFailure.AttachTimeout), emptyRecoveryHistory, none)).toMatchObject({ type: 'skip', messageKey: 'player:mediaAttachTimeout' });
    expect(decideRecovery(fatal('mediaError', PlayerFailure.SourceNotSupported), emptyRecoveryHistory, none)).toMatchObject({ type: 'skip', messageKey: 'player:mediaSrcNotSupported' });
  });

  it('Generic (other fatal errors): native HLS, the emergency clip, then "try another route" in the words the message maps to', () => {
    const other = fatal(ErrorTypes.OTHER_ERROR, ErrorDetails.INTERNAL_EXCEPTION, 'network is down');
    expect(decideRecovery(other, emptyRecoveryHistory, on(false))).toEqual({ type: 'native-fallback', reason: 'other' });
    expect(decideRecovery(other, emptyRecoveryHistory, on(false, { hls: true, native: false, emergencyClip: true }))).toEqual({ type: 'emergency-clip', reason: 'other' });
    const none = on(false, { hls: true, native: false, emergencyClip: false });
    expect(decideRecovery(other, emptyRecoveryHistory, none)).toEqual({ type: 'fail', messageKey: 'player:networkConnectionError' });
    expect(decideRecovery({ ...other, message: 'Cannot read properties of undefined' }, emptyRecoveryHistory, none)).toEqual({ type: 'fail', messageKey: 'player:tryOtherRoute' });
  });

  it('MEDIA_ERR_SRC_NOT_SUPPORTED from the native player: hls.js (5 s); from hls.js (MSE refused the source): native HLS', () => {
    const refused = fatal('mediaError', PlayerFailure.SourceNotSupported);
    expect(decideRecovery(refused, emptyRecoveryHistory, on(true))).toMatchObject({ type: 'hls-fallback', timeoutMs: 5000 });
    expect(decideRecovery(refused, emptyRecoveryHistory, on(false))).toMatchObject({ type: 'native-fallback' });
  });

  it('media errors recover twice, then the player is given up for the next rung', () => {
    const error = fatal(ErrorTypes.MEDIA_ERROR, ErrorDetails.FRAG_PARSING_ERROR);
    expect(decideRecovery(error, { byKind: { media: 2 }, consecutive: 2, total: 2 }, on(false))).toEqual({ type: 'native-fallback', reason: 'media' });
  });

  it('the error loop guard returns the emergency clip (spec 3 §4), else skips', () => {
    expect(loopAction('fragLoadError', on(false))).toEqual({ type: 'emergency-clip', reason: 'error-loop:fragLoadError' });
    const onEmergency: RecoveryContext = { ...on(false), ladder: { ...startLadder(false), emergencyClip: true } };
    expect(loopAction('fragLoadError', onEmergency)).toMatchObject({ type: 'skip', reason: 'error-loop:fragLoadError' });
  });
});
