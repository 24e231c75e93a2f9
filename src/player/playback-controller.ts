// The piece a page drives for its visible <video>: show an item (attach its
// pooled hls.js instance, or give a native player the server's cleaned
// playlist), play with the autoplay fallback, skip ads in full mode, report
// the clip end, and run the recovery table on errors until the item's budget
// is spent, then ask the feed to move on ('skip'). A failing player climbs the
// item's fallback ladder (fallback-ladder.ts): the item is shown again in its
// place with another player, source or its emergency clip. The feed gives each
// slide its own <video> (`ShowOptions.video`): the player state then follows
// the element of the item on screen. This file holds the page's API; the item
// on screen and how it ends are in playback-session.ts, its start in
// playback-start.ts, its element listeners in playback-wiring.ts and its error
// recovery in playback-recovery.ts.

import type { PreparedClip } from '../../workers/core/types';
import { createErrorLoopGuard } from './error-loop-guard';
import { startLadder, type Ladder } from './fallback-ladder';
import type { HlsMode } from './hls-config';
import type { HlsPool } from './hls-pool';
import type { PlayerError } from './media-errors';
import { bindMedia } from './media-events';
import type { PlaybackCapability } from './native-hls';
import { pageCapability, pagePlayers } from './page-capability';
import { armStartTimers, attachSource, start } from './playback-start';
import { clearNativeSource, fail, teardownItem, type ConnectionGate, type CurrentItem, type EmergencyClipSource, type PagePlayers, type PlaybackSession } from './playback-session';
import { defaultHlsMode, poolKeyFor, poolPreload, type PlayMode } from './playback-source';
import { bindItem } from './playback-wiring';
import { playerState, setAutoplayBlocked, startSwitching, type PlayerState } from './player-state';
import { createRecoveryMode } from './recovery-mode';
import { emptyRecoveryHistory } from './recovery-policy';
import { realTimers, type Timers } from '../lib/timers';
import { connection as pageConnection } from '../notices/connection';

export type PlaybackEvent =
  | { type: 'playing'; key: string }
  | { type: 'clip-ended'; key: string }
  | { type: 'skip'; key: string; reason: string; messageKey: string }
  | { type: 'error'; key: string; error: PlayerError };

export interface ShowOptions {
  mode: PlayMode;
  muted: boolean;
  /** Start position, seconds (full mode opened from a clip). */
  startAt?: number;
  /** Clip end on the played timeline: pause and report 'clip-ended' at endAt + 0.5 s (full mode restoring a clip). */
  endAt?: number;
  /** Buffer/time-limit profile; default 'clip' for clip mode, 'full' otherwise ('modal', 'play-page' for those screens). */
  hlsMode?: HlsMode;
  /** The element to play in from now on (default: the one in use). */
  video?: HTMLVideoElement;
}

export interface PlaybackControllerOptions {
  video: HTMLVideoElement;
  pool: HlsPool;
  onEvent: (event: PlaybackEvent) => void;
  state?: PlayerState;
  timers?: Timers;
  capability?: () => PlaybackCapability;
  /** The players the page has besides the chosen one (default: this browser's). */
  players?: () => PagePlayers;
  /** Prepares a clip item's emergency clip; without it, a failing item skips or fails as its row says. */
  emergencyClip?: EmergencyClipSource;
  /** Asked before an item is given up for a failure that may be the network's (default: the page's connection). */
  connection?: ConnectionGate;
}

export interface PlaybackController {
  show(key: string, prepared: PreparedClip, options: ShowOptions): void;
  preload(key: string, prepared: PreparedClip, mode?: PlayMode, hlsMode?: HlsMode): void;
  retry(): void;
  setMuted(muted: boolean): void;
  seek(time: number): void;
  /** Pauses the element in use (an image ad shows over the feed: nothing plays behind it). */
  pause(): void;
  destroy(): void;
}

export function createPlaybackController(options: PlaybackControllerOptions): PlaybackController {
  const s: PlaybackSession = {
    pool: options.pool,
    onEvent: options.onEvent,
    state: options.state ?? playerState,
    timers: options.timers ?? realTimers,
    loopGuard: createErrorLoopGuard(),
    recoveryMode: createRecoveryMode(),
    players: options.players ?? (() => pagePlayers((t) => s.video.canPlayType(t))),
    emergencyClip: options.emergencyClip,
    connection: options.connection ?? pageConnection,
    // The item was suspended (suspendItem: its hls.js instance destroyed or its native source emptied).
    showAgain: (item, next) => {
      const showOptions = next.muted ? { ...item.options, muted: true } : item.options;
      teardownItem(s);
      showItem(item.key, next.prepared ?? item.prepared, showOptions, next.ladder, true, next.startLimitMs);
    },
    video: options.video,
    resetting: false,
    current: null,
    itemOffs: [],
    itemTimers: [],
    leaving: new Map(),
  };
  const { pool, state, timers } = s;
  const capability = options.capability ?? (() => pageCapability((t) => s.video.canPlayType(t)));
  const bindVideo = () => bindMedia(s.video, state, { now: timers.now, resetting: () => s.resetting });
  let unbindMedia = bindVideo();

  /** Leaves the element in use for `next` (its native source emptied; hls.js detached it already); the state follows `next`. */
  function switchVideo(next: HTMLVideoElement, wasNative: boolean): void {
    unbindMedia();
    if (wasNative) clearNativeSource(s);
    s.video = next;
    s.resetting = false;
    unbindMedia = bindVideo();
  }

  /** The item on screen from now on. */
  function enter(key: string, prepared: PreparedClip, showOptions: ShowOptions, ladder: Ladder): CurrentItem {
    const item: CurrentItem = {
      key,
      poolKey: poolKeyFor(key, showOptions.mode),
      prepared,
      options: showOptions,
      hlsMode: showOptions.hlsMode ?? defaultHlsMode(showOptions.mode),
      ladder,
      history: emptyRecoveryHistory,
      loadingRetries: 0,
      started: false,
      mediaAttached: false,
      done: false,
      held: false,
    };
    s.current = item;
    startSwitching(state, key);
    return item;
  }

  /**
   * Puts `key` on the element in use with the player its ladder names; `exclusive` false while the feed
   * moves elements; `startLimitMs`: a start limit of its own (hls.js tried after the native player refused the source).
   */
  function showItem(key: string, prepared: PreparedClip, showOptions: ShowOptions, ladder: Ladder, exclusive = true, startLimitMs?: number): void {
    const item = enter(key, prepared, showOptions, ladder);
    timers.clearTimeout(s.leaving.get(item.poolKey));
    s.leaving.delete(item.poolKey);
    s.video.muted = showOptions.muted;
    bindItem(s, item);
    attachSource(s, item, exclusive);
    armStartTimers(s, item, startLimitMs);
    void start(s, item);
  }

  const controller: PlaybackController = {
    show(key, prepared, showOptions) {
      const wasNative = s.current?.ladder.native ?? false;
      const moving = showOptions.video !== undefined && showOptions.video !== s.video;
      teardownItem(s, moving);
      if (moving) switchVideo(showOptions.video!, wasNative);
      const cap = capability();
      if (cap !== 'unsupported') return showItem(key, prepared, showOptions, startLadder(cap === 'native'), !moving);
      const item = enter(key, prepared, showOptions, startLadder(false));
      fail(s, item, { code: 'HLS_UNSUPPORTED', messageKey: 'player:browserNoHls', retryable: false });
    },
    preload(key, prepared, mode = 'clip', hlsMode) {
      if (capability() !== 'hls.js') return;
      const { poolKey, source } = poolPreload(key, prepared, mode, hlsMode);
      pool.preload(poolKey, source);
    },
    retry() {
      if (!s.current) return;
      const { key, poolKey, prepared, options: showOptions, ladder } = s.current;
      teardownItem(s);
      if (!ladder.native) pool.destroy(poolKey);
      s.loopGuard.reset(prepared.url);
      controller.show(key, prepared, showOptions);
    },
    setMuted(muted) {
      s.video.muted = muted;
      if (!muted) setAutoplayBlocked(state, false);
    },
    seek(time) {
      const duration = Number.isFinite(s.video.duration) ? s.video.duration : 0;
      s.video.currentTime = Math.min(Math.max(0, time), duration);
    },
    pause() {
      s.video.pause();
    },
    destroy() {
      const wasNative = s.current?.ladder.native ?? false;
      teardownItem(s);
      for (const [poolKey, timer] of s.leaving) {
        timers.clearTimeout(timer);
        pool.release(poolKey);
      }
      s.leaving.clear();
      unbindMedia();
      if (wasNative) clearNativeSource(s);
    },
  };
  return controller;
}
