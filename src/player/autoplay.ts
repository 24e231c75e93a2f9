// play() with the autoplay fallback (spec 3 §2, §6): when the browser blocks
// autoplay with sound (NotAllowedError), retry muted and report it so the UI
// shows "click to unmute".

import { playerErrorFromText, type PlayerError } from './media-errors';

export interface PlayableMedia {
  muted: boolean;
  play(): Promise<void>;
}

export type PlayOutcome =
  | { playing: true; mutedByPolicy: boolean }
  /** play() was interrupted by a new load or a pause: not an error, nothing to show. */
  | { playing: false; interrupted: true }
  | { playing: false; interrupted: false; error: PlayerError };

const errorName = (e: unknown) => (e instanceof Error || (typeof e === 'object' && e !== null && 'name' in e) ? String((e as { name: unknown }).name) : '');
const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

function failure(e: unknown): PlayOutcome {
  if (errorName(e) === 'AbortError') return { playing: false, interrupted: true };
  const blocked = errorName(e) === 'NotAllowedError';
  return {
    playing: false,
    interrupted: false,
    error: blocked
      ? { code: 'AUTOPLAY_BLOCKED', messageKey: 'player:tapToPlay', retryable: true }
      : playerErrorFromText('PLAY_FAILED', `${errorName(e)} ${errorMessage(e)}`, 'player:playbackFailed'),
  };
}

export async function playWithFallback(media: PlayableMedia): Promise<PlayOutcome> {
  try {
    await media.play();
    return { playing: true, mutedByPolicy: false };
  } catch (e) {
    if (errorName(e) !== 'NotAllowedError' || media.muted) return failure(e);
  }
  media.muted = true;
  try {
    await media.play();
    return { playing: true, mutedByPolicy: true };
  } catch (e) {
    return failure(e);
  }
}
