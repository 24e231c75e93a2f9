// Starting the item on screen (spec 3 §4 "Start strategies": quick HLS
// start, native direct start, forced play): its source (the pooled hls.js
// instance loading before it attaches, or the native player's cleaned
// playlist, with the playlist mime type on the ladder's last native step), the
// start watchdogs (loading retried with growing delays, then skipped; media
// attach and play-start limits; the 5 s limit of hls.js tried after the
// native player refused the source), and play with the autoplay fallback,
// forced once when the element refuses to play.

import { Events, type ErrorData } from 'hls.js';
import { playWithFallback } from './autoplay';
import { nativeHlsConfig, playbackTimingConfig } from './config';
import { setNativeSource } from './native-source';
import { endUnlessUnreachable } from './outage-hold';
import { act, onError } from './playback-recovery';
import { fail, later, skip, suspendItem, type CurrentItem, type PlaybackSession } from './playback-session';
import { playbackSource } from './playback-source';
import { setAutoplayBlocked } from './player-state';
import { PlayerFailure } from './recovery-policy';

/** `exclusive` false: an instance still on the element the feed moved away from stays there until released (releaseLater). */
export function attachSource(s: PlaybackSession, item: CurrentItem, exclusive: boolean): void {
  const source = playbackSource(item.prepared, item.options.mode);
  s.resetting = false;
  if (item.ladder.native) {
    // An hls.js instance the feed attached ahead (the swipe's early attach, from before the page fell back to native) lets the element go.
    if (s.pool.get(item.poolKey)) s.pool.destroy(item.poolKey);
    setNativeSource(s.video, source.nativeUrl, item.ladder.typedSource ? nativeHlsConfig.mimeType : null);
    return;
  }
  // Attached already (an earlier show of this item)? Checked before preload, which may attach a new instance.
  const attached = s.pool.get(item.poolKey)?.media === s.video;
  // Loading starts before the media is attached: hls.js then asks for the first fragment at once
  // instead of after the MediaSource opens (a few hundred ms on a slow phone).
  s.pool.preload(item.poolKey, { url: source.url, playlists: source.playlists, mode: item.hlsMode });
  s.itemOffs.push(s.pool.listen(item.poolKey, Events.ERROR, (_event: Events.ERROR, data: ErrorData) =>
    onError(s, item, { fatal: data.fatal, type: data.type, details: data.details, httpStatus: data.response?.code, message: data.error?.message }),
  ));
  if (!attached) {
    s.itemOffs.push(s.pool.listen(item.poolKey, Events.MEDIA_ATTACHED, () => (item.mediaAttached = true)));
    later(s, () => item.mediaAttached || failStart(s, item, PlayerFailure.AttachTimeout), playbackTimingConfig.mediaAttachTimeoutMs);
  }
  s.pool.attach(item.poolKey, s.video, { exclusive });
}

/** A start limit passed: the recovery table decides (another player, the emergency clip, or the next video). */
function failStart(s: PlaybackSession, item: CurrentItem, details: string): void {
  onError(s, item, { fatal: true, type: 'otherError', details });
}

export function armStartTimers(s: PlaybackSession, item: CurrentItem, hlsFallbackMs?: number): void {
  const native = item.ladder.native;
  const timeout = native ? playbackTimingConfig.loadingTimeoutNativeMs : playbackTimingConfig.loadingTimeoutHlsMs;
  const onLoadingTimeout = () => {
    if (item.started) return;
    // Loading that never finishes may be the network's: the item is skipped only if the server answers.
    if (item.loadingRetries >= playbackTimingConfig.loadingRetries) {
      return endUnlessUnreachable(s, item, true, () => skip(s, item, 'loading-timeout', native ? 'player:nativeLoadTimeout' : 'player:failedAfterRetries'));
    }
    item.loadingRetries++;
    act(s, item, { type: 'restart-load' });
    later(s, onLoadingTimeout, timeout * (item.loadingRetries + 1)); // growing delay (spec 3 §8)
  };
  later(s, onLoadingTimeout, timeout);
  later(s, () => item.started || endUnlessUnreachable(s, item, true, () => skip(s, item, 'play-timeout', 'player:playTimeout')), playbackTimingConfig.playStartTimeoutMs);
  if (hlsFallbackMs !== undefined) later(s, () => item.started || failStart(s, item, PlayerFailure.HlsFallbackTimeout), hlsFallbackMs);
}

export async function start(s: PlaybackSession, item: CurrentItem): Promise<void> {
  const outcome = await playWithFallback(s.video);
  if (s.current !== item || item.done) return;
  if (outcome.playing) return setAutoplayBlocked(s.state, outcome.mutedByPolicy);
  if (outcome.interrupted) return;
  // The element's own error (its 'error' event) is the recovery table's: a source it refused, say.
  if (s.video.error) return;
  // Start strategy 3, the last resort (spec 3 §4): clear the source, wait 200 ms, force play (muted: nothing may block it).
  if (outcome.error.code === 'PLAY_FAILED' && !item.ladder.forcedPlay) {
    suspendItem(s, item);
    later(s, () => s.current === item && s.showAgain(item, { ladder: { ...item.ladder, forcedPlay: true }, muted: true }), playbackTimingConfig.forcedPlayDelayMs);
    return;
  }
  for (const id of s.itemTimers.splice(0)) s.timers.clearTimeout(id);
  fail(s, item, outcome.error);
}
