// The visible player's state (spec 1 §4 "Player states"): a valtio proxy that
// media-events.ts fills from the <video>'s own events and
// playback-controller.ts fills from hls.js and its recovery decisions. React
// reads it with useSnapshot(playerState); zoom lives elsewhere.

import { proxy } from 'valtio/vanilla';
import type { PlayerError } from './media-errors';
import type { NetworkQuality } from './recovery-mode';

export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'error' | 'switching';

export interface PlayerState {
  /** Pool key of the item on screen, null before the first show. */
  key: string | null;
  status: PlayerStatus;
  currentTime: number;
  duration: number;
  muted: boolean;
  /** End of the buffered range holding currentTime, seconds. */
  bufferedEnd: number;
  error: PlayerError | null;
  /** Autoplay with sound was blocked and the player went on muted: show "click to unmute". */
  autoplayBlocked: boolean;
  /** Error recovery mode (spec 3 §4) and the network quality it implies. */
  recoveryMode: boolean;
  networkQuality: NetworkQuality;
}

export function initialPlayerState(): PlayerState {
  return {
    key: null,
    status: 'idle',
    currentTime: 0,
    duration: 0,
    muted: true,
    bufferedEnd: 0,
    error: null,
    autoplayBlocked: false,
    recoveryMode: false,
    networkQuality: 'good',
  };
}

/** A fresh store (tests, or a second player such as the full-video modal). */
export function createPlayerState(): PlayerState {
  return proxy(initialPlayerState());
}

/** The feed's visible player. */
export const playerState: PlayerState = createPlayerState();

/** A new item is being put on screen: switching, until the media reports loading/playing. */
export function startSwitching(state: PlayerState, key: string): void {
  state.key = key;
  state.status = 'switching';
  state.currentTime = 0;
  state.duration = 0;
  state.bufferedEnd = 0;
  state.error = null;
  state.autoplayBlocked = false;
}

export function setPlayerError(state: PlayerState, error: PlayerError): void {
  state.error = error;
  state.status = 'error';
}

export function setAutoplayBlocked(state: PlayerState, blocked: boolean): void {
  state.autoplayBlocked = blocked;
}

export function setRecoveryMode(state: PlayerState, active: boolean, quality: NetworkQuality): void {
  if (state.recoveryMode !== active) state.recoveryMode = active;
  if (state.networkQuality !== quality) state.networkQuality = quality;
}
