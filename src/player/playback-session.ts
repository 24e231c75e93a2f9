// What a playback controller shares with the parts it runs on
// (playback-start.ts, playback-wiring.ts, playback-recovery.ts): the element
// in use, the item shown with its listeners and timers, and how an item ends:
// finished once (one event to the page), or torn down (its pooled instance
// released, or paused and released a moment later when its element leaves the
// screen with it).

import type { PreparedClip } from '../../workers/core/types';
import { playbackTimingConfig } from './config';
import type { ErrorLoopGuard } from './error-loop-guard';
import type { HlsMode } from './hls-config';
import type { HlsPool } from './hls-pool';
import type { PlayerError } from './media-errors';
import type { PlaybackEvent, ShowOptions } from './playback-controller';
import { setPlayerError, type PlayerState } from './player-state';
import type { RecoveryMode } from './recovery-mode';
import type { RecoveryHistory } from './recovery-policy';
import type { TimerHandle, Timers } from '../lib/timers';

/** The item on screen. */
export interface CurrentItem {
  key: string;
  poolKey: string;
  prepared: PreparedClip;
  options: ShowOptions;
  hlsMode: HlsMode;
  native: boolean;
  history: RecoveryHistory;
  loadingRetries: number;
  started: boolean;
  mediaAttached: boolean;
  done: boolean;
  /** Removes the clip-end binding (re-armed by replay). */
  unbindEnd: () => void;
}

export interface PlaybackSession {
  readonly pool: HlsPool;
  readonly onEvent: (event: PlaybackEvent) => void;
  readonly state: PlayerState;
  readonly timers: Timers;
  readonly loopGuard: ErrorLoopGuard;
  readonly recoveryMode: RecoveryMode;
  /** The element in use: the feed moves it to each slide's own <video>. */
  video: HTMLVideoElement;
  /** True while the controller empties a native source: the element's errors then are not the item's. */
  resetting: boolean;
  current: CurrentItem | null;
  /** The current item's listeners and timers, removed when it ends or is torn down. */
  readonly itemOffs: (() => void)[];
  readonly itemTimers: TimerHandle[];
  /** Instances left on an element the feed moved away from, released a moment later. */
  readonly leaving: Map<string, TimerHandle>;
}

export function later(s: PlaybackSession, fn: () => void, ms: number): void {
  s.itemTimers.push(s.timers.setTimeout(fn, ms));
}

export function listen(s: PlaybackSession, event: string, fn: () => void): void {
  s.video.addEventListener(event, fn);
  s.itemOffs.push(() => s.video.removeEventListener(event, fn));
}

/** `keepAttached`: the item's element is leaving the screen with it; its instance is paused now and released later (releaseLater). */
export function teardownItem(s: PlaybackSession, keepAttached = false): void {
  for (const off of s.itemOffs.splice(0)) off();
  for (const id of s.itemTimers.splice(0)) s.timers.clearTimeout(id);
  if (s.current && !s.current.native) {
    if (keepAttached) releaseLater(s, s.current.poolKey);
    else s.pool.release(s.current.poolKey);
  }
  s.current = null;
}

function releaseLater(s: PlaybackSession, poolKey: string): void {
  s.video.pause();
  const element = s.video;
  s.timers.clearTimeout(s.leaving.get(poolKey));
  s.leaving.set(
    poolKey,
    s.timers.setTimeout(() => {
      s.leaving.delete(poolKey);
      if (s.current?.poolKey !== poolKey && s.pool.get(poolKey)?.media === element) s.pool.release(poolKey);
    }, playbackTimingConfig.releaseOutgoingAfterMs),
  );
}

export function finish(s: PlaybackSession, item: CurrentItem, event: PlaybackEvent): void {
  if (s.current !== item || item.done) return;
  item.done = true;
  for (const id of s.itemTimers.splice(0)) s.timers.clearTimeout(id);
  s.onEvent(event);
}

export const skip = (s: PlaybackSession, item: CurrentItem, reason: string, messageKey = 'player:switchingVideo') =>
  finish(s, item, { type: 'skip', key: item.key, reason, messageKey });

export function fail(s: PlaybackSession, item: CurrentItem, error: PlayerError): void {
  setPlayerError(s.state, error);
  finish(s, item, { type: 'error', key: item.key, error });
}
