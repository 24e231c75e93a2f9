// Clip end (spec 3 §4: short mode plays the clip and then stops; the clip
// stops at clip end + 0.5 s). In clip mode the playlist holds only the
// window, so the media's own 'ended' is the end; when a longer timeline plays
// a clip range (full mode restoring a clip), `endAt` marks the clip end on it.

import { playbackTimingConfig } from './config';

export interface ClipEndMedia extends EventTarget {
  readonly currentTime: number;
  readonly ended: boolean;
}

/** Whether the clip is over at `time`: the media ended, or `endAt` + 0.5 s passed. */
export function clipEndReached(time: number, ended: boolean, endAt?: number): boolean {
  if (ended) return true;
  return endAt !== undefined && Number.isFinite(endAt) && time >= endAt + playbackTimingConfig.clipEndGraceSeconds;
}

/** Calls `onEnd` once when the clip is over; the returned function removes the listeners. */
export function bindClipEnd(media: ClipEndMedia, options: { endAt?: number }, onEnd: () => void): () => void {
  let done = false;
  const check = () => {
    if (done || !clipEndReached(media.currentTime, media.ended, options.endAt)) return;
    done = true;
    onEnd();
  };
  media.addEventListener('ended', check);
  media.addEventListener('timeupdate', check);
  return () => {
    media.removeEventListener('ended', check);
    media.removeEventListener('timeupdate', check);
  };
}
