// The item's listeners on the element in use: first 'playing' (the page is
// told once), element errors into the recovery table, the start position once
// metadata is known, the clip end, and ad skipping when the source has ads.

import { bindAdSkip } from './ad-skip-binding';
import { bindClipEnd } from './clip-end';
import { mediaElementError } from './media-errors';
import { onError } from './playback-recovery';
import { finish, listen, type CurrentItem, type PlaybackSession } from './playback-session';
import { playbackSource } from './playback-source';
import { setRecoveryMode } from './player-state';
import { recordProgress } from './recovery-policy';

/** HTMLMediaElement.HAVE_METADATA: duration and dimensions known, a seek can be set. */
const HAVE_METADATA = 1;

export function bindItem(s: PlaybackSession, item: CurrentItem): void {
  const source = playbackSource(item.prepared, item.options.mode);
  listen(s, 'playing', () => {
    item.mediaAttached = true;
    item.history = recordProgress(item.history);
    const mode = s.recoveryMode.at(s.timers.now());
    setRecoveryMode(s.state, mode.active, mode.quality);
    if (item.started) return;
    item.started = true;
    s.onEvent({ type: 'playing', key: item.key });
  });
  listen(s, 'error', () => {
    const error = mediaElementError(s.video.error, { resetting: s.resetting, hasSource: s.video.currentSrc !== '' });
    if (error) onError(s, item, { fatal: true, type: 'mediaError', details: error.code });
  });
  const startAt = item.options.startAt;
  if (startAt !== undefined && startAt > 0) {
    const seekToStart = () => (s.video.currentTime = startAt);
    if (s.video.readyState >= HAVE_METADATA && !item.ladder.native) seekToStart();
    else listen(s, 'loadedmetadata', seekToStart);
  }
  const endAt = item.options.endAt;
  s.itemOffs.push(
    bindClipEnd(s.video, { endAt }, () => {
      if (endAt !== undefined) s.video.pause();
      finish(s, item, { type: 'clip-ended', key: item.key });
    }),
  );
  if (source.adIntervals.length > 0) s.itemOffs.push(bindAdSkip(s.video, source.adIntervals, { fullMode: true, timers: s.timers }));
}
