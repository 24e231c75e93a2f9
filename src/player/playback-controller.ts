// The piece a page drives for its visible <video>: show an item (attach its
// pooled hls.js instance, or give a native player the server's cleaned
// playlist), play with the autoplay fallback, skip ads in full mode, report
// the clip end, and run the recovery table on errors until the item's budget
// is spent, then ask the feed to move on ('skip'). The feed gives each slide
// its own <video> (`ShowOptions.video`): the player state then follows the
// element of the item on screen.

import { Events, type ErrorData } from 'hls.js';
import type { PreparedClip } from '../../workers/core/types';
import { bindAdSkip } from './ad-skip-binding';
import { applyRecovery } from './apply-recovery';
import { playWithFallback } from './autoplay';
import { bindClipEnd } from './clip-end';
import { playbackTimingConfig } from './config';
import { createErrorLoopGuard } from './error-loop-guard';
import type { HlsMode } from './hls-config';
import type { HlsPool } from './hls-pool';
import { mediaElementError, type PlayerError } from './media-errors';
import { bindMedia } from './media-events';
import type { PlaybackCapability } from './native-hls';
import { pageCapability } from './page-capability';
import { defaultHlsMode, playbackSource, poolKeyFor, poolPreload, type PlayMode } from './playback-source';
import { playerState, setAutoplayBlocked, setPlayerError, setRecoveryMode, startSwitching, type PlayerState } from './player-state';
import { createRecoveryMode } from './recovery-mode';
import { decideRecovery, emptyRecoveryHistory, recordProgress, recordRecovery, recoveryKind, type PlayerErrorInput, type RecoveryAction } from './recovery-policy';
import { realTimers, type TimerId, type Timers } from './timers';

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

interface Current {
  key: string;
  poolKey: string;
  prepared: PreparedClip;
  options: ShowOptions;
  hlsMode: HlsMode;
  native: boolean;
  history: typeof emptyRecoveryHistory;
  loadingRetries: number;
  started: boolean;
  mediaAttached: boolean;
  done: boolean;
  /** Removes the clip-end binding (re-armed by replay). */
  unbindEnd: () => void;
}

/** HTMLMediaElement.HAVE_METADATA: duration and dimensions known, a seek can be set. */
const HAVE_METADATA = 1;

export function createPlaybackController(options: PlaybackControllerOptions): PlaybackController {
  const { pool, onEvent } = options;
  let video = options.video;
  const state = options.state ?? playerState;
  const timers = options.timers ?? realTimers;
  const capability = options.capability ?? (() => pageCapability((t) => video.canPlayType(t)));
  const loopGuard = createErrorLoopGuard();
  const recoveryMode = createRecoveryMode();
  let resetting = false;
  const bindVideo = () => bindMedia(video, state, { now: timers.now, resetting: () => resetting });
  let unbindMedia = bindVideo();
  let current: Current | null = null;
  let itemOffs: (() => void)[] = [];
  let itemTimers: TimerId[] = [];
  // Instances left on an element the feed moved away from, released a moment later.
  const leaving = new Map<string, TimerId>();

  const later = (fn: () => void, ms: number) => itemTimers.push(timers.setTimeout(fn, ms));
  const listen = (event: string, fn: () => void) => {
    video.addEventListener(event, fn);
    itemOffs.push(() => video.removeEventListener(event, fn));
  };

  /** `keepAttached`: the item's element is leaving the screen with it; its instance is paused now and released later (releaseLater). */
  function teardownItem(keepAttached = false): void {
    for (const off of itemOffs.splice(0)) off();
    for (const id of itemTimers.splice(0)) timers.clearTimeout(id);
    if (current && !current.native) {
      if (keepAttached) releaseLater(current.poolKey);
      else pool.release(current.poolKey);
    }
    current = null;
  }

  function releaseLater(poolKey: string): void {
    video.pause();
    const element = video;
    timers.clearTimeout(leaving.get(poolKey));
    leaving.set(
      poolKey,
      timers.setTimeout(() => {
        leaving.delete(poolKey);
        if (current?.poolKey !== poolKey && pool.get(poolKey)?.media === element) pool.release(poolKey);
      }, playbackTimingConfig.releaseOutgoingAfterMs),
    );
  }

  function finish(item: Current, event: PlaybackEvent): void {
    if (current !== item || item.done) return;
    item.done = true;
    for (const id of itemTimers.splice(0)) timers.clearTimeout(id);
    onEvent(event);
  }

  const skip = (item: Current, reason: string, messageKey = 'player:switchingVideo') => finish(item, { type: 'skip', key: item.key, reason, messageKey });

  function fail(item: Current, error: PlayerError): void {
    setPlayerError(state, error);
    finish(item, { type: 'error', key: item.key, error });
  }

  function act(item: Current, action: RecoveryAction): void {
    const hls = item.native ? null : pool.get(item.poolKey);
    switch (action.type) {
      case 'log':
        return;
      case 'skip':
        return void later(() => skip(item, action.reason, action.messageKey), action.delayMs);
      case 'fail':
        return fail(item, { code: 'PLAYBACK_FAILED', messageKey: action.messageKey, retryable: true });
      case 'retry-load':
        return void later(() => applyRecovery(hls, video, action), action.delayMs);
      default:
        return applyRecovery(hls, video, action);
    }
  }

  function onError(item: Current, error: PlayerErrorInput): void {
    if (current !== item || item.done) return;
    const action = decideRecovery(error, item.history, item.hlsMode);
    if (action.type === 'log') return;
    item.history = recordRecovery(item.history, recoveryKind(error));
    const now = timers.now();
    const mode = recoveryMode.recordError(now);
    setRecoveryMode(state, mode.active, mode.quality);
    if (loopGuard.record(item.prepared.url, error.details, now)) return skip(item, `error-loop:${error.details}`);
    act(item, action);
  }

  function armStartTimers(item: Current): void {
    const timeout = item.native ? playbackTimingConfig.loadingTimeoutNativeMs : playbackTimingConfig.loadingTimeoutHlsMs;
    const onLoadingTimeout = () => {
      if (item.started) return;
      if (item.loadingRetries >= playbackTimingConfig.loadingRetries) return skip(item, 'loading-timeout', item.native ? 'player:nativeLoadTimeout' : 'player:loadingTimeout');
      item.loadingRetries++;
      act(item, { type: 'restart-load' });
      later(onLoadingTimeout, timeout * (item.loadingRetries + 1)); // growing delay (spec 3 §8)
    };
    later(onLoadingTimeout, timeout);
    later(() => item.started || skip(item, 'play-timeout', 'player:playTimeout'), playbackTimingConfig.playStartTimeoutMs);
  }

  function bindItem(item: Current): void {
    const source = playbackSource(item.prepared, item.options.mode);
    listen('playing', () => {
      item.mediaAttached = true;
      item.history = recordProgress(item.history);
      const mode = recoveryMode.at(timers.now());
      setRecoveryMode(state, mode.active, mode.quality);
      if (item.started) return;
      item.started = true;
      onEvent({ type: 'playing', key: item.key });
    });
    listen('error', () => {
      const error = mediaElementError(video.error, { resetting, hasSource: video.currentSrc !== '' });
      if (error) onError(item, { fatal: true, type: 'mediaError', details: error.code });
    });
    const startAt = item.options.startAt;
    if (startAt !== undefined && startAt > 0) {
      const seekToStart = () => (video.currentTime = startAt);
      if (video.readyState >= HAVE_METADATA && !item.native) seekToStart();
      else listen('loadedmetadata', seekToStart);
    }
    bindEnd(item);
    itemOffs.push(() => item.unbindEnd());
    if (source.adIntervals.length > 0) itemOffs.push(bindAdSkip(video, source.adIntervals, { fullMode: true, timers }));
  }

  function bindEnd(item: Current): void {
    const endAt = item.options.endAt;
    item.unbindEnd();
    item.unbindEnd = bindClipEnd(video, { endAt }, () => {
      if (endAt !== undefined) video.pause();
      finish(item, { type: 'clip-ended', key: item.key });
    });
  }

  /** `exclusive` false: an instance still on the element the feed moved away from stays there until released (releaseLater). */
  function attachSource(item: Current, exclusive: boolean): void {
    const source = playbackSource(item.prepared, item.options.mode);
    if (item.native) {
      resetting = false;
      video.src = source.nativeUrl;
      return;
    }
    // Attached already (an earlier show of this item)? Checked before preload, which may attach a new instance.
    const attached = pool.get(item.poolKey)?.media === video;
    // Loading starts before the media is attached: hls.js then asks for the first fragment at once
    // instead of after the MediaSource opens (a few hundred ms on a slow phone).
    pool.preload(item.poolKey, { url: source.url, playlists: source.playlists, mode: item.hlsMode });
    itemOffs.push(pool.listen(item.poolKey, Events.ERROR, (_event: Events.ERROR, data: ErrorData) =>
      onError(item, { fatal: data.fatal, type: data.type, details: data.details, httpStatus: data.response?.code }),
    ));
    if (!attached) {
      itemOffs.push(pool.listen(item.poolKey, Events.MEDIA_ATTACHED, () => (item.mediaAttached = true)));
      later(() => item.mediaAttached || skip(item, 'media-attach-timeout', 'player:mediaAttachTimeout'), playbackTimingConfig.mediaAttachTimeoutMs);
    }
    pool.attach(item.poolKey, video, { exclusive });
  }

  async function start(item: Current): Promise<void> {
    const outcome = await playWithFallback(video);
    if (current !== item) return;
    if (outcome.playing) return setAutoplayBlocked(state, outcome.mutedByPolicy);
    if (outcome.interrupted) return;
    for (const id of itemTimers.splice(0)) timers.clearTimeout(id);
    fail(item, outcome.error);
  }

  /** Leaves the element in use for `next` (its native source emptied; hls.js detached it already); the state follows `next`. */
  function switchVideo(next: HTMLVideoElement, wasNative: boolean): void {
    unbindMedia();
    if (wasNative) clearNativeSource(video);
    video = next;
    resetting = false;
    unbindMedia = bindVideo();
  }

  function clearNativeSource(element: HTMLVideoElement): void {
    element.removeAttribute('src');
    element.load();
  }

  const controller: PlaybackController = {
    show(key, prepared, showOptions) {
      const wasNative = current?.native ?? false;
      const moving = showOptions.video !== undefined && showOptions.video !== video;
      teardownItem(moving);
      if (moving) switchVideo(showOptions.video!, wasNative);
      const poolKey = poolKeyFor(key, showOptions.mode);
      timers.clearTimeout(leaving.get(poolKey));
      leaving.delete(poolKey);
      const cap = capability();
      const hlsMode = showOptions.hlsMode ?? defaultHlsMode(showOptions.mode);
      const item: Current = {
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
      current = item;
      startSwitching(state, key);
      video.muted = showOptions.muted;
      if (cap === 'unsupported') return fail(item, { code: 'HLS_UNSUPPORTED', messageKey: 'player:browserNoHls', retryable: false });
      bindItem(item);
      attachSource(item, !moving);
      armStartTimers(item);
      void start(item);
    },
    preload(key, prepared, mode = 'clip', hlsMode) {
      if (capability() !== 'hls.js') return;
      const { poolKey, source } = poolPreload(key, prepared, mode, hlsMode);
      pool.preload(poolKey, source);
    },
    retry() {
      if (!current) return;
      const { key, poolKey, prepared, options: showOptions, native } = current;
      teardownItem();
      if (!native) pool.destroy(poolKey);
      loopGuard.reset(prepared.url);
      controller.show(key, prepared, showOptions);
    },
    setMuted(muted) {
      video.muted = muted;
      if (!muted) setAutoplayBlocked(state, false);
    },
    seek(time) {
      const duration = Number.isFinite(video.duration) ? video.duration : 0;
      video.currentTime = Math.min(Math.max(0, time), duration);
    },
    pause() {
      video.pause();
    },
    replay() {
      if (!current) return;
      current.done = false;
      bindEnd(current);
      video.currentTime = 0;
      void start(current);
    },
    destroy() {
      const wasNative = current?.native ?? false;
      teardownItem();
      for (const [poolKey, timer] of leaving) {
        timers.clearTimeout(timer);
        pool.release(poolKey);
      }
      leaving.clear();
      unbindMedia();
      if (wasNative) {
        resetting = true;
        clearNativeSource(video);
      }
    },
  };
  return controller;
}
