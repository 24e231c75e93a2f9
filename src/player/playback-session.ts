// What a playback controller shares with the parts it runs on
// (playback-start.ts, playback-wiring.ts, playback-recovery.ts): the element
// in use, the item shown with its listeners, timers and fallback ladder, and
// how an item ends: finished once (one event to the page), torn down (its
// pooled instance released, or paused and released a moment later when its
// element leaves the screen with it), or shown again on the ladder's next rung.

import type { PreparedClip } from '../../workers/core/types';
import { playbackTimingConfig } from './config';
import type { Connection } from '../notices/connection';
import type { ErrorLoopGuard } from './error-loop-guard';
import type { Ladder } from './fallback-ladder';
import type { HlsMode } from './hls-config';
import type { HlsPool } from './hls-pool';
import { removeNativeSource } from './native-source';
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
  /** Where it plays (ladder.native) and what it tried already. */
  ladder: Ladder;
  history: RecoveryHistory;
  loadingRetries: number;
  started: boolean;
  mediaAttached: boolean;
  done: boolean;
  /** Held while the server cannot be reached (outage-hold.ts): nothing ends it, it is shown again when the server answers. */
  held: boolean;
}

/** The players this page has besides the one chosen (fallback-ladder.ts). */
export interface PagePlayers {
  hls: boolean;
  native: boolean;
}

/** What the item shows next on its ladder: another player, source or clip. */
export interface NextShow {
  ladder: Ladder;
  prepared?: PreparedClip;
  /** Forced play starts muted. */
  muted?: boolean;
  /** A start limit of its own (hls.js tried after the native player refused the source: 5 s). */
  startLimitMs?: number;
}

/** The item's emergency clip (0-60 s) prepared again from its playlist; null when it cannot be had. */
export type EmergencyClipSource = (key: string, prepared: PreparedClip) => Promise<PreparedClip | null>;

/** What the player asks of the page's connection (notices/connection.ts). */
export type ConnectionGate = Pick<Connection, 'isOffline' | 'check' | 'onResume'>;

export interface PlaybackSession {
  readonly pool: HlsPool;
  readonly onEvent: (event: PlaybackEvent) => void;
  readonly state: PlayerState;
  readonly timers: Timers;
  readonly loopGuard: ErrorLoopGuard;
  readonly recoveryMode: RecoveryMode;
  readonly players: () => PagePlayers;
  /** Absent where items are whole videos (the full-video player): no emergency clip there. */
  readonly emergencyClip?: EmergencyClipSource;
  /** Asked before an item is given up for a failure that may be the network's (outage-hold.ts). */
  readonly connection: ConnectionGate;
  /** Shows `item` again as `next` says, in its place (the controller's show, keeping the item's ladder). */
  readonly showAgain: (item: CurrentItem, next: NextShow) => void;
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
  if (s.current && !s.current.ladder.native) {
    if (keepAttached) releaseLater(s, s.current.poolKey);
    else s.pool.release(s.current.poolKey);
  }
  s.current = null;
}

/** Stops what the item's player does, for another rung: its hls.js instance goes (it failed), or its native source. */
export function suspendItem(s: PlaybackSession, item: CurrentItem): void {
  for (const off of s.itemOffs.splice(0)) off();
  for (const id of s.itemTimers.splice(0)) s.timers.clearTimeout(id);
  if (item.ladder.native) clearNativeSource(s);
  else s.pool.destroy(item.poolKey);
}

/** Empties the element's native source; its empty-source error is not the item's. */
export function clearNativeSource(s: PlaybackSession, element: HTMLVideoElement = s.video): void {
  s.resetting = true;
  removeNativeSource(element);
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
