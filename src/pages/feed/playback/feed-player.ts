// Drives the feed's one visible <video>: shows the current item (its prepared
// clip through the pooled hls.js instance, or an ad's own video), keeps the
// next items prepared by the worker and the very next one preloaded in
// hls.js (startFragPrefetch, not attached), and turns player events into feed
// moves. Plain module: the React page only calls show()/plan().

import { createPlaybackController, type PlaybackController, type PlaybackEvent } from '../../../player/playback-controller';
import type { HlsPool } from '../../../player/hls-pool';
import { poolKeyFor } from '../../../player/playback-source';
import { isAdItem, type FeedItem, type FeedVideoItem } from '../../../feed/feed-item';
import type { PreparedClip } from '../../../../workers/core/types';
import { adVideoSource } from './ad-source';
import type { ClipPrep } from '../../../feed/clip-prep';
import { createBandwidthHold } from './bandwidth-hold';

export interface FeedPlayerEvents {
  /** The item started playing (first frame on its way). */
  playing(item: FeedItem, clip: PreparedClip | null): void;
  /** The clip reached its end (+0.5 s). */
  ended(item: FeedItem): void;
  /** The item cannot play: the feed moves on and says why. */
  skip(item: FeedItem, messageKey: string): void;
  /** An error the visitor may retry (error panel). */
  error(item: FeedItem, messageKey: string): void;
}

export interface FeedPlayer {
  show(item: FeedItem, muted: boolean): void;
  /** Items to keep ready after the current one (worker-prepared), the first of them also preloaded in hls.js. */
  plan(upcoming: readonly FeedItem[], keep: readonly FeedItem[]): void;
  controller: PlaybackController;
  /** The prepared clip of the item on screen (null for ads or while preparing). */
  currentClip(): PreparedClip | null;
  destroy(): void;
}

export function createFeedPlayer(video: HTMLVideoElement, pool: HlsPool, prep: ClipPrep, events: FeedPlayerEvents): FeedPlayer {
  let current: FeedItem | null = null;
  let currentClip: PreparedClip | null = null;
  let showToken = 0;
  // The next items are prepared once the current one plays: on a slow link their playlists and first
  // fragments would otherwise share the bandwidth the visible clip's first fragment needs.
  let started = false;
  let pendingPlan: (() => void) | null = null;
  const runPlan = () => {
    const plan = pendingPlan;
    pendingPlan = null;
    plan?.();
  };

  const hold = createBandwidthHold(pool);
  const yieldBandwidthTo = (nextPoolKey: string) => {
    if (current && !isAdItem(current)) hold.start(poolKeyFor(current.id, 'clip'), nextPoolKey);
  };

  const onEvent = (event: PlaybackEvent) => {
    const item = current;
    if (!item || event.key !== item.id) return;
    switch (event.type) {
      case 'playing':
        started = true;
        runPlan();
        return events.playing(item, currentClip);
      case 'clip-ended':
        return events.ended(item);
      case 'skip':
        runPlan(); // a failing item: the next ones are needed all the more
        return events.skip(item, event.messageKey);
      case 'error':
        runPlan();
        return events.error(item, event.error.messageKey);
    }
  };

  const controller = createPlaybackController({ video, pool, onEvent });

  async function showVideo(item: FeedVideoItem, muted: boolean, token: number): Promise<void> {
    const ready = prep.ready(item.id);
    const result = ready ? { ok: true as const, clip: ready } : await prep.prepare(item);
    if (token !== showToken) return;
    if (!result.ok) {
      // Still the item on screen, so not our own cancellation: whatever failed, the feed moves on and says so.
      runPlan();
      events.skip(item, result.error.code === 'NO_PLAYABLE_SOURCE' ? 'player:noPlayableSource' : 'player:videoLoadFailedCheckNetwork');
      return;
    }
    currentClip = result.clip;
    controller.show(item.id, result.clip, { mode: 'clip', muted });
    // Shown with its first fragment, the clip waits with its second one: the next clip's first fragment comes first.
    hold.start(poolKeyFor(item.id, 'clip'), null);
  }

  return {
    controller,
    currentClip: () => currentClip,
    show(item, muted) {
      const token = ++showToken;
      hold.end();
      current = item;
      currentClip = null;
      started = false;
      if (!isAdItem(item)) return void showVideo(item, muted, token);
      started = true;
      if (item.adType === 'video' && item.videoUrl) return controller.show(item.id, adVideoSource(item.videoUrl), { mode: 'full', muted });
      // An image ad: nothing plays behind it.
      video.pause();
    },
    plan(upcoming, keep) {
      const videos = upcoming.filter((i): i is FeedVideoItem => !isAdItem(i));
      prep.retain(keep.filter((i) => !isAdItem(i)).map((i) => i.id));
      // A video ad next in line is preloaded like a clip (its own address, as it plays): swiping onto it is as quick.
      const next = upcoming[0];
      const nextAd = next && isAdItem(next) && next.adType === 'video' && next.videoUrl ? { id: next.id, url: next.videoUrl } : null;
      pendingPlan = () => {
        if (nextAd && current?.id !== nextAd.id) {
          controller.preload(nextAd.id, adVideoSource(nextAd.url), 'full');
          yieldBandwidthTo(poolKeyFor(nextAd.id, 'full'));
        }
        videos.forEach((item, n) => {
          void prep.prepare(item).then((result) => {
            // Only the very next item gets an hls.js instance: the pool holds three (previous, current, next).
            if (n === 0 && !nextAd && result.ok && current?.id !== item.id) {
              controller.preload(item.id, result.clip);
              yieldBandwidthTo(poolKeyFor(item.id, 'clip'));
            }
          });
        });
      };
      // The very next clip's playlist is small: prepare it now, so its first fragment can start the
      // moment the visible clip plays (only the fragment prefetch waits for that).
      if (!started && videos[0]) void prep.prepare(videos[0]);
      if (started) runPlan();
    },
    destroy() {
      hold.end();
      showToken++;
      controller.destroy();
    },
  };
}
