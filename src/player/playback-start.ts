// Starting the item on screen: its source (the pooled hls.js instance loading
// before it attaches, or the native player's cleaned playlist), the start
// watchdogs (loading retried with growing delays, then skipped; media attach
// and play-start limits), and play with the autoplay fallback.

import { Events, type ErrorData } from 'hls.js';
import { playWithFallback } from './autoplay';
import { playbackTimingConfig } from './config';
import { act, onError } from './playback-recovery';
import { fail, later, skip, type CurrentItem, type PlaybackSession } from './playback-session';
import { playbackSource } from './playback-source';
import { setAutoplayBlocked } from './player-state';

/** `exclusive` false: an instance still on the element the feed moved away from stays there until released (releaseLater). */
export function attachSource(s: PlaybackSession, item: CurrentItem, exclusive: boolean): void {
  const source = playbackSource(item.prepared, item.options.mode);
  if (item.native) {
    s.resetting = false;
    s.video.src = source.nativeUrl;
    return;
  }
  // Attached already (an earlier show of this item)? Checked before preload, which may attach a new instance.
  const attached = s.pool.get(item.poolKey)?.media === s.video;
  // Loading starts before the media is attached: hls.js then asks for the first fragment at once
  // instead of after the MediaSource opens (a few hundred ms on a slow phone).
  s.pool.preload(item.poolKey, { url: source.url, playlists: source.playlists, mode: item.hlsMode });
  s.itemOffs.push(s.pool.listen(item.poolKey, Events.ERROR, (_event: Events.ERROR, data: ErrorData) =>
    onError(s, item, { fatal: data.fatal, type: data.type, details: data.details, httpStatus: data.response?.code }),
  ));
  if (!attached) {
    s.itemOffs.push(s.pool.listen(item.poolKey, Events.MEDIA_ATTACHED, () => (item.mediaAttached = true)));
    later(s, () => item.mediaAttached || skip(s, item, 'media-attach-timeout', 'player:mediaAttachTimeout'), playbackTimingConfig.mediaAttachTimeoutMs);
  }
  s.pool.attach(item.poolKey, s.video, { exclusive });
}

export function armStartTimers(s: PlaybackSession, item: CurrentItem): void {
  const timeout = item.native ? playbackTimingConfig.loadingTimeoutNativeMs : playbackTimingConfig.loadingTimeoutHlsMs;
  const onLoadingTimeout = () => {
    if (item.started) return;
    if (item.loadingRetries >= playbackTimingConfig.loadingRetries) return skip(s, item, 'loading-timeout', item.native ? 'player:nativeLoadTimeout' : 'player:loadingTimeout');
    item.loadingRetries++;
    act(s, item, { type: 'restart-load' });
    later(s, onLoadingTimeout, timeout * (item.loadingRetries + 1)); // growing delay (spec 3 §8)
  };
  later(s, onLoadingTimeout, timeout);
  later(s, () => item.started || skip(s, item, 'play-timeout', 'player:playTimeout'), playbackTimingConfig.playStartTimeoutMs);
}

export async function start(s: PlaybackSession, item: CurrentItem): Promise<void> {
  const outcome = await playWithFallback(s.video);
  if (s.current !== item) return;
  if (outcome.playing) return setAutoplayBlocked(s.state, outcome.mutedByPolicy);
  if (outcome.interrupted) return;
  for (const id of s.itemTimers.splice(0)) s.timers.clearTimeout(id);
  fail(s, item, outcome.error);
}
