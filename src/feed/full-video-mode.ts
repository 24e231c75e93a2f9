// Full-video mode's opening and closing for the feed page: the address's
// `full` flag, the clip paused behind the modal, and the way back to the clip
// where the visitor left it (issue 16 point 10): the same moment, playing again unless it was paused before the
// full video opened. The modal's player may have taken the clip's hls.js
// instance from the pool (max 3); then the clip is shown again and sought
// back once it has loaded.

import { useRef } from 'react';
import { replaceParams } from '../router/router-store';
import { isAdItem, type FeedItem } from './feed-item';
import type { FeedPlayer } from './playback/feed-player';
import { feedState, setPausedManually } from './store';

interface ClipPlace {
  id: string;
  /** The clip element's currentTime when the full video opened. */
  time: number;
  wasPlaying: boolean;
}

function clipPlace(item: FeedItem | null, video: HTMLVideoElement | null): ClipPlace | null {
  if (!item || isAdItem(item) || !video) return null;
  return { id: item.id, time: video.currentTime, wasPlaying: !video.paused };
}

function returnToClip(player: FeedPlayer, item: FeedItem, video: HTMLVideoElement, place: ClipPlace, muted: boolean): void {
  if (place.id !== item.id) return;
  if (place.wasPlaying) setPausedManually(false);
  // Still loaded (its instance kept its element): seek back and play on.
  if (video.readyState >= HTMLMediaElement.HAVE_METADATA && !video.error && video.currentSrc) {
    if (Math.abs(video.currentTime - place.time) > 1) video.currentTime = place.time;
    if (place.wasPlaying) void video.play().catch(() => undefined);
    return;
  }
  // The modal's player took the clip's instance: shown again, starting where the visitor was (the player's own
  // start position, so hls.js does not start from the clip's beginning and jump).
  player.show(item, muted, video, place.time);
  if (!place.wasPlaying) video.addEventListener('playing', () => video.pause(), { once: true });
}

export function useFullVideoMode(setOpen: (open: boolean) => void, current: FeedItem | null, video: HTMLVideoElement | null, player: FeedPlayer | null) {
  const place = useRef<ClipPlace | null>(null);
  const openFull = () => {
    place.current = clipPlace(current, video);
    video?.pause();
    setPausedManually(true);
    setOpen(true);
    replaceParams({ full: true });
  };
  const closeFull = () => {
    setOpen(false);
    replaceParams({ full: false });
    const back = place.current;
    place.current = null;
    if (back && current && video && player) returnToClip(player, current, video, back, feedState.muted);
  };
  return { openFull, closeFull };
}
