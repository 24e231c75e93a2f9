// One page <video> playing whole videos (spec 3 §4 "Full versus short"): the
// clean (ad-free) full playlist from 0, or the original with ad-aware seeking
// where no clean one could be made (the controller binds it). Used by the
// feed's full-video modal and by the video play page. Preparation is the
// caller's (the modal asks its clip preparer, the play page the engine for a
// route's address); this module sequences it: a newer open cancels an older
// one, and a route switch (spec 3 §4 "Route switch") keeps the current video
// playing until the new source is ready, then shows it at the time reached.

import type { EngineError, PreparedClip } from '../../workers/core/types';
import type { HlsMode } from './hls-config';
import type { HlsPool } from './hls-pool';
import { createPlaybackController, type PlaybackController, type PlaybackControllerOptions, type PlaybackEvent } from './playback-controller';
import type { PlayerState } from './player-state';

export type FullPrepared = { ok: true; clip: PreparedClip } | { ok: false; error: EngineError };
export type FullPrepare = (signal: AbortSignal) => Promise<FullPrepared>;

export type OpenOutcome = { kind: 'shown' } | { kind: 'failed'; error: EngineError } | { kind: 'cancelled' };

export interface FullVideoPlayerOptions {
  video: HTMLVideoElement;
  pool: HlsPool;
  state: PlayerState;
  /** Buffer profile: 'modal' for the full-video modal, 'play-page' for the video play page. */
  hlsMode: HlsMode;
  muted: boolean;
  /** An i18n key to show in the player's error panel; null clears it. */
  onFailure(messageKey: string | null): void;
  /** Shown when the first preparation of a video fails. */
  prepareFailedKey: string;
  /** Tests inject a fake controller. */
  createController?: (options: PlaybackControllerOptions) => PlaybackController;
}

export interface FullVideoPlayer {
  /** Prepares and shows a video from its start; a failed preparation fills the error panel. */
  open(key: string, prepare: FullPrepare): Promise<OpenOutcome>;
  /**
   * Prepares another source of the video on screen and shows it at the time
   * reached; a failed preparation leaves the current one playing (the caller
   * says so). With nothing on screen yet it is an open.
   */
  switchTo(key: string, prepare: FullPrepare): Promise<OpenOutcome>;
  /** Retries what failed: the preparation, or the playback. */
  retry(): void;
  seek(time: number): void;
  setMuted(muted: boolean): void;
  destroy(): void;
}

interface Pending {
  key: string;
  prepare: FullPrepare;
  abort: AbortController;
}

export function createFullVideoPlayer(options: FullVideoPlayerOptions): FullVideoPlayer {
  const { video, pool, state, hlsMode, onFailure } = options;
  let muted = options.muted;
  let shownKey: string | null = null;
  let pending: Pending | null = null;
  /** The last open whose preparation failed: retry runs it again. */
  let failedOpen: { key: string; prepare: FullPrepare } | null = null;
  let destroyed = false;

  const onEvent = (event: PlaybackEvent) => {
    if (event.key !== shownKey) return;
    if (event.type === 'skip') onFailure(event.messageKey);
    else if (event.type === 'error') onFailure(event.error.messageKey);
  };
  const controller = (options.createController ?? createPlaybackController)({ video, pool, state, onEvent });

  async function run(key: string, prepare: FullPrepare, switching: boolean): Promise<OpenOutcome> {
    pending?.abort.abort();
    const entry: Pending = { key, prepare, abort: new AbortController() };
    pending = entry;
    // The preparation is part of loading (the page shows its loading state from now, not from the first byte).
    if (!switching) state.status = 'loading';
    const result = await prepare(entry.abort.signal);
    if (pending !== entry || destroyed) return { kind: 'cancelled' };
    pending = null;
    if (!result.ok) {
      if (!switching) {
        failedOpen = { key, prepare };
        onFailure(options.prepareFailedKey);
      }
      return { kind: 'failed', error: result.error };
    }
    // Read at the last moment: the current source kept playing while the new one was prepared.
    const startAt = switching ? video.currentTime : 0;
    failedOpen = null;
    shownKey = key;
    onFailure(null);
    controller.show(key, result.clip, { mode: 'full', muted, hlsMode, ...(startAt > 0 ? { startAt } : {}) });
    return { kind: 'shown' };
  }

  return {
    open(key, prepare) {
      shownKey = null;
      return run(key, prepare, false);
    },
    switchTo(key, prepare) {
      return run(key, prepare, shownKey !== null);
    },
    retry() {
      onFailure(null);
      if (failedOpen) void run(failedOpen.key, failedOpen.prepare, false);
      else controller.retry();
    },
    seek: (time) => controller.seek(time),
    setMuted(next) {
      muted = next;
      controller.setMuted(next);
    },
    destroy() {
      destroyed = true;
      pending?.abort.abort();
      pending = null;
      shownKey = null;
      // Leaving stops the sound at once, whatever the teardown below has to wait for.
      video.pause();
      controller.destroy();
    },
  };
}
