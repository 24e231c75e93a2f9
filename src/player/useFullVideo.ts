// React wiring of full-video-player.ts: one player per mounted <video> with
// its own player state (the feed's stays the feed's), torn down with the
// element. The error panel's message is React state; the caller opens videos.

import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { createFullVideoPlayer, type FullVideoPlayer } from './full-video-player';
import type { HlsMode } from './hls-config';
import type { HlsPool } from './hls-pool';
import { createPlayerState, type PlayerState } from './player-state';

export interface FullVideoOptions {
  hlsMode: HlsMode;
  /** Read when the player is made (the video element mounts). */
  muted: boolean;
  prepareFailedKey: string;
}

export interface FullVideo {
  player: FullVideoPlayer | null;
  snapshot: Readonly<PlayerState>;
  /** i18n key of the error panel, null when there is nothing to show. */
  failureKey: string | null;
}

export function useFullVideo(video: HTMLVideoElement | null, pool: HlsPool | null, options: FullVideoOptions): FullVideo {
  const [state] = useState(createPlayerState);
  const snapshot = useSnapshot(state);
  const [player, setPlayer] = useState<FullVideoPlayer | null>(null);
  const [failureKey, setFailureKey] = useState<string | null>(null);
  const { hlsMode, muted, prepareFailedKey } = options;

  useEffect(() => {
    if (!video || !pool) return;
    const created = createFullVideoPlayer({ video, pool, state, hlsMode, muted, prepareFailedKey, onFailure: setFailureKey });
    setPlayer(created);
    return () => {
      created.destroy();
      setPlayer(null);
      setFailureKey(null);
    };
    // `muted` and the keys are read once: a new player per element, not per render.
  }, [video, pool, state]);

  return { player, snapshot, failureKey };
}
