// The recovery table of spec 3 §8 (and the fatal/non-fatal rules of spec 3 §4
// and spec 1 §8) as one pure function: an hls.js or media element error, what
// already happened to the current item and where it plays -> what to do. No
// hls.js instance, no timers: playback-recovery.ts applies the action.
//
// The table's address rows (HTTP_404: decode, re-encode, retry, then
// index.m3u8; ERR_CONTENT_DECODING_FAILED: re-clean and re-encode) are applied
// where playlist addresses are loaded: the engine worker's fetch
// (workers/net/fetch-repaired.ts), before a player ever sees the item. The
// rows for failing players (MEDIA_ERR_SRC_NOT_SUPPORTED, the library failing,
// Generic) climb the item's fallback ladder (fallback-ladder.ts).

import { ErrorDetails, ErrorTypes } from 'hls.js';
import { recoveryConfig } from './config';
import { emergencyOr, nextRung, startLadder, type Ladder, type LadderAction, type LadderFacts } from './fallback-ladder';
import type { HlsMode } from './hls-config';
import { messageForError } from './media-errors';

/** The part of hls.js's ErrorData the policy reads. */
export interface PlayerErrorInput {
  fatal: boolean;
  type: string;
  details: string;
  httpStatus?: number;
  /** The error's own text (hls.js's error message), for the message mapping of spec 3 §8. */
  message?: string;
}

/** Details of the player's own failures, beside hls.js's (the element's are its MediaError code names). */
export const PlayerFailure = {
  /** hls.js never reported the media attached (10 s). */
  AttachTimeout: 'mediaAttachTimeout',
  /** hls.js, tried after the native player refused the source, did not start in 5 s. */
  HlsFallbackTimeout: 'hlsFallbackTimeout',
  /** The <video> refused the source (MediaError code 4). */
  SourceNotSupported: 'MEDIA_ERR_SRC_NOT_SUPPORTED',
} as const;

export type RecoveryKind =
  | 'fragment-load'
  | 'fragment-timeout'
  | 'manifest'
  | 'playlist'
  | 'key'
  | 'stall'
  | 'seek-hole'
  | 'buffer'
  | 'media'
  | 'codec'
  | 'source-not-supported'
  | 'attach-timeout'
  | 'network'
  | 'other';

/** What already happened to the current item: occurrences per kind, and acted-on errors in a row / in total. */
export interface RecoveryHistory {
  byKind: Readonly<Partial<Record<RecoveryKind, number>>>;
  consecutive: number;
  total: number;
}

export type RecoveryAction =
  | { type: 'log' }
  | { type: 'retry-load'; delayMs: number }
  | { type: 'restart-load' }
  | { type: 'recover-media' }
  | { type: 'swap-audio-codec-recover' }
  | { type: 'nudge'; seconds: number }
  | { type: 'skip'; delayMs: number; reason: string; messageKey: string }
  | { type: 'fail'; messageKey: string }
  | LadderAction;

/** Where the item plays and what else it may try (fallback-ladder.ts), and its error budget's mode. */
export interface RecoveryContext {
  mode: HlsMode;
  ladder: Ladder;
  facts: LadderFacts;
}

export const emptyRecoveryHistory: RecoveryHistory = { byKind: {}, consecutive: 0, total: 0 };

/** hls.js, nothing to fall back to: the table alone. */
const tableOnly: RecoveryContext = { mode: 'clip', ladder: startLadder(false), facts: { hls: true, native: false, emergencyClip: false } };

let kindByDetails: Readonly<Record<string, RecoveryKind>> | null = null;

/** Built on first use: hls.js's constants are there once a player runs, not always when the app loads (hls-umd.ts). */
const kindTable = (): Readonly<Record<string, RecoveryKind>> => (kindByDetails ??= {
  [ErrorDetails.FRAG_LOAD_ERROR]: 'fragment-load',
  [ErrorDetails.FRAG_LOAD_TIMEOUT]: 'fragment-timeout',
  [ErrorDetails.MANIFEST_LOAD_ERROR]: 'manifest',
  [ErrorDetails.MANIFEST_LOAD_TIMEOUT]: 'manifest',
  [ErrorDetails.MANIFEST_PARSING_ERROR]: 'manifest',
  [ErrorDetails.MANIFEST_INCOMPATIBLE_CODECS_ERROR]: 'manifest',
  [ErrorDetails.LEVEL_LOAD_ERROR]: 'playlist',
  [ErrorDetails.LEVEL_LOAD_TIMEOUT]: 'playlist',
  [ErrorDetails.LEVEL_PARSING_ERROR]: 'playlist',
  [ErrorDetails.LEVEL_EMPTY_ERROR]: 'playlist',
  [ErrorDetails.AUDIO_TRACK_LOAD_ERROR]: 'playlist',
  [ErrorDetails.AUDIO_TRACK_LOAD_TIMEOUT]: 'playlist',
  [ErrorDetails.KEY_LOAD_ERROR]: 'key',
  [ErrorDetails.KEY_LOAD_TIMEOUT]: 'key',
  [ErrorDetails.BUFFER_STALLED_ERROR]: 'stall',
  [ErrorDetails.BUFFER_SEEK_OVER_HOLE]: 'seek-hole',
  [ErrorDetails.BUFFER_APPEND_ERROR]: 'buffer',
  [ErrorDetails.BUFFER_APPENDING_ERROR]: 'buffer',
  [ErrorDetails.BUFFER_FULL_ERROR]: 'buffer',
  // Media Source Extensions cannot take the stream's codecs: recovering hls.js will not help, another player may.
  [ErrorDetails.BUFFER_ADD_CODEC_ERROR]: 'codec',
  [ErrorDetails.BUFFER_INCOMPATIBLE_CODECS_ERROR]: 'codec',
  [PlayerFailure.SourceNotSupported]: 'source-not-supported',
  [PlayerFailure.HlsFallbackTimeout]: 'source-not-supported',
  [PlayerFailure.AttachTimeout]: 'attach-timeout',
});

export function recoveryKind(error: PlayerErrorInput): RecoveryKind {
  const byDetails = kindTable()[error.details];
  if (byDetails) return byDetails;
  if (error.type === ErrorTypes.MEDIA_ERROR) return 'media';
  if (error.type === ErrorTypes.NETWORK_ERROR) return 'network';
  return 'other';
}

/** The history after an acted-on error of `kind`. */
export function recordRecovery(history: RecoveryHistory, kind: RecoveryKind): RecoveryHistory {
  return {
    byKind: { ...history.byKind, [kind]: (history.byKind[kind] ?? 0) + 1 },
    consecutive: history.consecutive + 1,
    total: history.total + 1,
  };
}

/** Playback went on: errors are no longer "in a row"; per-kind counts stay for the item. */
export function recordProgress(history: RecoveryHistory): RecoveryHistory {
  return history.consecutive === 0 ? history : { ...history, consecutive: 0 };
}

function skip(delayMs: number, reason: string, messageKey = 'player:switchingVideo'): RecoveryAction {
  return { type: 'skip', delayMs, reason, messageKey };
}

function fragmentRetry(attempt: number, factor: number, reason: string): RecoveryAction {
  const c = recoveryConfig;
  if (attempt <= c.fragmentQuickRetries) return { type: 'retry-load', delayMs: c.fragmentQuickDelayMs * factor };
  if (attempt <= c.fragmentRetries) return { type: 'retry-load', delayMs: c.fragmentLaterDelayMs * factor };
  return skip(c.fragmentSwitchAfterMs * factor, reason, 'player:segmentRetrying');
}

/** The table row for an error; `attempt` counts this occurrence (1 = first). */
function tableAction(error: PlayerErrorInput, kind: RecoveryKind, attempt: number, ctx: RecoveryContext): RecoveryAction {
  const c = recoveryConfig;
  const { ladder, facts } = ctx;
  const status = error.httpStatus ? ` (HTTP ${error.httpStatus})` : '';
  switch (kind) {
    case 'stall':
      // Smart recovery: nudge first, then restart loading (spec 1 §8, spec 3 §4); hls.js keeps trying in between.
      if (attempt === 1) return { type: 'nudge', seconds: c.nudgeSeconds };
      if (attempt <= c.stallRecoveries) return { type: 'restart-load' };
      return attempt > c.stallSwitchAbove ? skip(0, 'buffer-stall') : { type: 'log' };
    case 'seek-hole':
      if (attempt <= c.seekHoleRecoveries) return { type: 'nudge', seconds: c.nudgeSeconds };
      return attempt > c.seekHoleSwitchAbove ? skip(0, 'seek-over-hole') : { type: 'log' };
  }
  // Other non-fatal errors: hls.js handles them itself; log only (spec 3 §4).
  if (!error.fatal) return { type: 'log' };
  switch (kind) {
    case 'fragment-load':
      return fragmentRetry(attempt, 1, `fragment-load${status}`);
    case 'fragment-timeout':
      return fragmentRetry(attempt, c.timeoutDelayFactor, 'fragment-timeout');
    case 'manifest':
      return skip(c.manifestSwitchAfterMs, `manifest${status}`, 'player:networkFailure');
    case 'playlist':
      return skip(c.levelSwitchAfterMs, `playlist${status}`, 'player:networkFailure');
    case 'key':
      return attempt <= c.keyRetries ? { type: 'retry-load', delayMs: c.keyRetryDelayMs } : skip(c.manifestSwitchAfterMs, `key${status}`);
    case 'buffer':
      return { type: 'restart-load' };
    case 'media':
      if (attempt === 1) return { type: 'recover-media' };
      if (attempt <= c.mediaRecoveries) return { type: 'swap-audio-codec-recover' };
      // Recovering did not help: the player fails this stream, another one may not (spec 3 §4).
      return nextRung(ladder, facts, 'media', skip(0, 'media', 'player:playbackFailed'));
    case 'codec':
      return nextRung(ladder, facts, 'codec', skip(0, 'codec', 'player:videoFormatNotSupported'));
    case 'source-not-supported':
      return nextRung(ladder, facts, 'source-not-supported', skip(0, 'source-not-supported', 'player:mediaSrcNotSupported'));
    case 'attach-timeout':
      return nextRung(ladder, facts, 'media-attach-timeout', skip(0, 'media-attach-timeout', 'player:mediaAttachTimeout'));
    case 'network':
      return attempt <= c.networkRestarts ? { type: 'restart-load' } : skip(0, `network${status}`, 'player:networkFailure');
    case 'other':
      // The library failed (spec 3 §4: fall back to native HLS), then Generic (spec 3 §8: the emergency clip),
      // then "mark an error and tell the user to try another route" (spec 3 §4), in the words its message maps to.
      return nextRung(ladder, facts, 'other', { type: 'fail', messageKey: messageForError(error.message ?? '', 'player:tryOtherRoute') });
  }
}

/** The error loop guard closed a loop (spec 3 §4): retrying stops, and the emergency clip is returned. */
export function loopAction(details: string, ctx: RecoveryContext): RecoveryAction {
  const reason = `error-loop:${details}`;
  return emergencyOr(ctx.ladder, ctx.facts, reason, skip(0, reason));
}

const RETRIES: ReadonlySet<RecoveryAction['type']> = new Set(['retry-load', 'restart-load', 'recover-media', 'swap-audio-codec-recover', 'nudge']);

/** Whether the action tries the same player and source again (the loop guard and the error budget stop those). */
export function isRetry(action: RecoveryAction): boolean {
  return RETRIES.has(action.type);
}

/** What to do about `error`, given what already happened to the item (`history` excludes this error). */
export function decideRecovery(error: PlayerErrorInput, history: RecoveryHistory, ctx: RecoveryContext = tableOnly): RecoveryAction {
  const kind = recoveryKind(error);
  const action = tableAction(error, kind, (history.byKind[kind] ?? 0) + 1, ctx);
  if (!isRetry(action)) return action;
  // The item's error budget (spec 3 §9): too many errors in a row or in total -> next video.
  if (history.consecutive + 1 >= recoveryConfig.consecutiveErrors[ctx.mode]) return skip(0, 'consecutive-errors');
  if (history.total + 1 > recoveryConfig.totalErrors) return skip(0, 'total-errors');
  return action;
}
