// The piece a page drives for its visible <video>: show an item (attach its
// pooled hls.js instance, or give a native player the server's cleaned
// playlist), play with the autoplay fallback, skip ads in full mode, report
// the clip end, and run the recovery table on errors until the item's budget
// is spent, then ask the feed to move on ('skip'). The feed gives each slide
// its own <video> (`ShowOptions.video`): the player state then follows the
// element of the item on screen. This file holds the page's API; the item on
// screen and how it ends are in playback-session.ts, its start in
// playback-start.ts, its element listeners in playback-wiring.ts and its error
// recovery in playback-recovery.ts.

import type { PreparedClip } from '../../workers/core/types';
import { createErrorLoopGuard } from './error-loop-guard';
import type { HlsMode } from './hls-config';
import type { HlsPool } from './hls-pool';
import type { PlayerError } from './media-errors';
import { bindMedia } from './media-events';
import type { PlaybackCapability } from './native-hls';
import { pageCapability } from './page-capability';
import { armStartTimers, attachSource, start } from './playback-start';
import { fail, teardownItem, type CurrentItem, type PlaybackSession } from './playback-session';
import { defaultHlsMode, poolKeyFor, poolPreload, type PlayMode } from './playback-source';
import { bindEnd, bindItem } from './playback-wiring';
import { playerState, setAutoplayBlocked, startSwitching, type PlayerState } from './player-state';
import { createRecoveryMode } from './recovery-mode';
import { emptyRecoveryHistory } from './recovery-policy';
import { realTimers, type Timers } from '../lib/timers';

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
}

export interface PlaybackController {
  show(key: string, prepared: PreparedClip, options: ShowOptions): void;
  preload(key: string, prepared: PreparedClip, mode?: PlayMode, hlsMode?: HlsMode): void;
  retry(): void;
  setMuted(muted: boolean): void;
  seek(time: number): void;
  /** Pauses the element in use (an image ad shows over the feed: nothing plays behind it). */
  pause(): void;
  replay(): void;
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
    if (wasNative) clearNativeSource(s.video);
    s.video = next;
    s.resetting = false;
    unbindMedia = bindVideo();
  }

  function clearNativeSource(element: HTMLVideoElement): void {
    element.removeAttribute('src');
    element.load();
  }

  const controller: PlaybackController = {
    show(key, prepared, showOptions) {
      const wasNative = s.current?.native ?? false;
      const moving = showOptions.video !== undefined && showOptions.video !== s.video;
      teardownItem(s, moving);
      if (moving) switchVideo(showOptions.video!, wasNative);
      const poolKey = poolKeyFor(key, showOptions.mode);
      timers.clearTimeout(s.leaving.get(poolKey));
      s.leaving.delete(poolKey);
      const cap = capability();
      const hlsMode = showOptions.hlsMode ?? defaultHlsMode(showOptions.mode);
      const item: CurrentItem = {
        key,
        poolKey,
        prepared,
        options: showOptions,
        hlsMode,
        native: cap === 'native',
        history: emptyRecoveryHistory,
        loadingRetries: 0,
        started: false,
        mediaAttached: false,
        done: false,
        unbindEnd: () => undefined,
      };
      s.current = item;
      startSwitching(state, key);
      s.video.muted = showOptions.muted;
      if (cap === 'unsupported') return fail(s, item, { code: 'HLS_UNSUPPORTED', messageKey: 'player:browserNoHls', retryable: false });
      bindItem(s, item);
      attachSource(s, item, !moving);
      armStartTimers(s, item);
      void start(s, item);
    },
    preload(key, prepared, mode = 'clip', hlsMode) {
      if (capability() !== 'hls.js') return;
      const { poolKey, source } = poolPreload(key, prepared, mode, hlsMode);
      pool.preload(poolKey, source);
    },
    retry() {
      if (!s.current) return;
      const { key, poolKey, prepared, options: showOptions, native } = s.current;
      teardownItem(s);
      if (!native) pool.destroy(poolKey);
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
    replay() {
      if (!s.current) return;
      s.current.done = false;
      bindEnd(s, s.current);
      s.video.currentTime = 0;
      void start(s, s.current);
    },
    destroy() {
      const wasNative = s.current?.native ?? false;
      teardownItem(s);
      for (const [poolKey, timer] of s.leaving) {
        timers.clearTimeout(timer);
        pool.release(poolKey);
      }
      s.leaving.clear();
      unbindMedia();
      if (wasNative) {
        s.resetting = true;
        clearNativeSource(s.video);
      }
    },
  };
  return controller;
}
