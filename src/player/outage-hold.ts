// An item that fails because the server or the network cannot be reached is
// not a broken item (issue 16 point 4): it must not be skipped, nor climb its
// fallback ladder (another player, the emergency clip) for a failure no
// player can fix. A failure that may be the network's (nothing came back, a
// gateway's "server gone", a time-out) asks the connection before the item is
// given up; unreachable, the item is held where it is (its watchdogs and
// delayed steps stop, what it buffered plays on) and is shown again, from
// where it was, when the server answers.

import { ErrorDetails } from 'hls.js';
import { isUnreachableStatus } from '../errors/unreachable';
import { suspendItem, type CurrentItem, type PlaybackSession } from './playback-session';
import { PlayerFailure, type PlayerErrorInput } from './recovery-policy';

/** hls.js's loading failures: fragLoadError, manifestLoadTimeOut, levelLoadError, keyLoadTimeOut, ... */
const LOADING = /LoadError$|LoadTimeOut$/;
const TIMED_OUT = /TimeOut$/;
/** The element's own network error (media-errors.ts names element errors by their MediaError code). */
const ELEMENT_NETWORK = 'MEDIA_ERR_NETWORK';

type FailureFacts = Pick<PlayerErrorInput, 'type' | 'details' | 'httpStatus'>;

/** A load that timed out or got no answer (or a gateway's), or the element's network error: the first sign of an outage. */
export function isUnansweredLoad(error: FailureFacts): boolean {
  const { details } = error;
  if (LOADING.test(details)) return TIMED_OUT.test(details) || isUnreachableStatus(error.httpStatus);
  return details === ELEMENT_NETWORK;
}

/**
 * Whether a player failure may be the network's rather than the stream's: an unanswered load, a buffer that ran
 * dry, a start that never came (asked about only when the item would be given up: stalls come often).
 * A decode, codec or parsing failure, or a load answered with a 404, is the stream's.
 */
export function mayBeUnreachable(error: FailureFacts): boolean {
  return isUnansweredLoad(error) || error.details === PlayerFailure.HlsFallbackTimeout || error.details === ErrorDetails.BUFFER_STALLED_ERROR;
}

/**
 * Ends `item` with `end` (a skip, a failure, the ladder's next rung) unless the server cannot be reached:
 * then the item is held. A content failure while the page is online ends at once.
 */
export function endUnlessUnreachable(s: PlaybackSession, item: CurrentItem, suspect: boolean, end: () => void): void {
  if (!suspect && !s.connection.isOffline()) return end();
  void s.connection.check().then((answered) => {
    if (s.current !== item || item.done || item.held) return;
    if (answered) end();
    else hold(s, item);
  });
}

/** A failure that may be the network's, on the way: learn of an outage now, not when the item's tries run out. */
export function watchForOutage(s: PlaybackSession, item: CurrentItem): void {
  void s.connection.check().then((answered) => {
    if (!answered && s.current === item && !item.done) hold(s, item);
  });
}

/** Holds the item until the server answers: nothing ends it meanwhile; then it is shown again from where it was. */
function hold(s: PlaybackSession, item: CurrentItem): void {
  if (item.held) return;
  item.held = true;
  for (const id of s.itemTimers.splice(0)) s.timers.clearTimeout(id);
  const off = s.connection.onResume(() => {
    off();
    if (s.current !== item || item.done) return;
    const at = s.video.currentTime;
    suspendItem(s, item);
    s.loopGuard.reset(item.prepared.url);
    const options = at > 0 ? { ...item.options, startAt: at } : item.options;
    s.showAgain({ ...item, options }, { ladder: item.ladder });
  });
  s.itemOffs.push(off);
}
