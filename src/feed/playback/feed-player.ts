// Drives the feed's playback. Each slide has its own <video>: show() plays the
// current item in its slide's element (its prepared clip through the pooled
// hls.js instance, or an ad's own video); the next items are prepared by the
// worker and the very next one preloaded in hls.js (startFragPrefetch, not
// attached). When a swipe starts, beginSwitch() attaches the incoming item's
// preloaded instance to the incoming slide's element, so its MediaSource opens
// and its first frame is decoded while the slide moves in; show() then only
// has to press play. Player events become feed moves; a clip whose own window
// keeps failing gets its emergency clip from the preparer (the player asks),
// and a feed ad that cannot play is passed over (AD_VIDEO_SKIP). A clip that
// cannot be prepared because the server cannot be reached is not skipped: it
// waits for the connection and is prepared again (issue 16 point 4). Plain
// module: the React page calls show()/plan()/beginSwitch()/cancelSwitch().

import { createPlaybackController, type PlaybackController, type PlaybackControllerOptions, type PlaybackEvent } from '../../player/playback-controller';
import type { HlsPool } from '../../player/hls-pool';
import { poolKeyFor } from '../../player/playback-source';
import { isAdItem, type FeedItem, type FeedVideoItem } from '../feed-item';
import type { PreparedClip } from '../../../workers/core/types';
import { Events } from 'hls.js';
import { adVideoSource } from './ad-source';
import type { ClipPrep } from '../clip-prep';
import { createBandwidthHold } from './bandwidth-hold';
import { adaptationState } from '../../player/adaptation';
import { realTimers } from '../../lib/timers';
import { messageForError } from '../../player/media-errors';
import { isUnreachableError } from '../../errors/unreachable';
import { connection as pageConnection } from '../../notices/connection';
import { feedPlaybackConfig } from './config';

export interface FeedPlayerEvents {
  /** The item started playing (first frame on its way). */
  playing(item: FeedItem, clip: PreparedClip | null): void;
  /** The clip reached its end (+0.5 s). */
  ended(item: FeedItem): void;
  /** The item cannot play: the feed moves on and says why. */
  skip(item: FeedItem, messageKey: string): void;
  /** An error the visitor may retry (error panel). */
  error(item: FeedItem, messageKey: string): void;
  /** The next item's first fragment is in: what waited for the bandwidth (neighbours' posters) may load now. */
  nextReady?(): void;
}

export interface FeedPlayer {
  /** Plays `item` in `video` (its slide's element) from now on. */
  /** `startAt`: a clip shown again from where the visitor was (back from the full video), seconds on its timeline. */
  show(item: FeedItem, muted: boolean, video: HTMLVideoElement, startAt?: number): void;
  /** A swipe towards `item` started: its preloaded instance (if any) is attached to `video`, paused, while the slide moves. */
  beginSwitch(item: FeedItem, video: HTMLVideoElement): void;
  /** The swipe did not land (the slide went back): the incoming instance lets its element go. */
  cancelSwitch(): void;
  /** Items to keep ready after the current one (worker-prepared), the first of them also preloaded in hls.js. */
  plan(upcoming: readonly FeedItem[], keep: readonly FeedItem[]): void;
  controller: PlaybackController;
  /** The prepared clip of the item on screen (null for ads or while preparing). */
  currentClip(): PreparedClip | null;
  destroy(): void;
}

/** The pool key an item plays under in the feed: clips as clips, video ads as their own full video. */
function feedPoolKey(item: FeedItem): string | null {
  if (!isAdItem(item)) return poolKeyFor(item.id, 'clip');
  return item.adType === 'video' && item.videoUrl ? poolKeyFor(item.id, 'full') : null;
}

export function createFeedPlayer(
  firstVideo: HTMLVideoElement,
  pool: HlsPool,
  prep: ClipPrep,
  events: FeedPlayerEvents,
  options: Pick<PlaybackControllerOptions, 'capability' | 'players' | 'timers' | 'connection'> = {},
): FeedPlayer {
  const connection = options.connection ?? pageConnection;
  let current: FeedItem | null = null;
  // The item waiting for the server to answer (its preparation failed for the network): stop waiting.
  let stopWaiting = () => undefined as void;
  // The incoming item's instance, attached to its slide's element before the swipe landed.
  let incoming: { poolKey: string; video: HTMLVideoElement } | null = null;
  const letIncomingGo = (unless: string | null) => {
    if (incoming && incoming.poolKey !== unless && pool.get(incoming.poolKey)?.media === incoming.video) pool.release(incoming.poolKey);
    incoming = null;
  };
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
  const timers = options.timers ?? realTimers;
  // An image ad's promo: the feed moves on when it is over (ended), as after a clip.
  let promoTimer: unknown = null;
  const endPromo = () => {
    if (promoTimer !== null) timers.clearTimeout(promoTimer);
    promoTimer = null;
  };
  let offNextReady = () => undefined as void;
  const yieldBandwidthTo = (nextPoolKey: string) => {
    if (current && !isAdItem(current)) hold.start(poolKeyFor(current.id, 'clip'), nextPoolKey);
    offNextReady();
    offNextReady = pool.listen(nextPoolKey, Events.FRAG_LOADED, () => {
      offNextReady();
      events.nextReady?.();
    });
  };

  const onEvent = (event: PlaybackEvent) => {
    const item = current;
    if (!item || event.key !== item.id) return;
    // A feed ad that cannot play is passed over like one that ended, saying so (spec 3 §4 AD_VIDEO_SKIP, §8).
    if (isAdItem(item) && (event.type === 'skip' || event.type === 'error')) return events.skip(item, 'player:adVideoError');
    switch (event.type) {
      case 'playing':
        started = true;
        runPlan();
        // Only a clip shown has its media probed (issue 19), never a preload: after its start, beside the plan.
        if (!isAdItem(item) && currentClip) prep.shown(item, currentClip);
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

  // The clip on screen keeps failing: its emergency clip, from the playlist its clip came from; it is the clip shown from now on.
  const emergencyClip = async (key: string, prepared: PreparedClip): Promise<PreparedClip | null> => {
    const item = current;
    if (!item || isAdItem(item) || item.id !== key) return null;
    const result = await prep.prepareEmergency(item, prepared.url);
    if (!result.ok || current !== item) return null;
    currentClip = result.clip;
    return result.clip;
  };
  const controller = createPlaybackController({ video: firstVideo, pool, onEvent, emergencyClip, ...options, connection });

  async function showVideo(item: FeedVideoItem, muted: boolean, video: HTMLVideoElement, token: number, startAt?: number): Promise<void> {
    const ready = prep.ready(item);
    const result = ready ? { ok: true as const, clip: ready } : await prep.prepare(item);
    if (token !== showToken) return;
    if (!result.ok) {
      // Still the item on screen, so not our own cancellation: the feed moves on and says so, unless the server
      // cannot be reached (then no clip could be prepared): the item waits and is prepared again when it answers.
      const error = result.error;
      const skip = () => {
        runPlan();
        events.skip(item, error.code === 'NO_PLAYABLE_SOURCE' ? 'player:noPlayableSource' : messageForError(error.message, 'player:videoLoadFailedCheckNetwork'));
      };
      if (!isUnreachableError(error) && !connection.isOffline()) return skip();
      const answered = await connection.check();
      if (token !== showToken) return;
      if (answered) return skip();
      stopWaiting = connection.onResume(() => {
        stopWaiting();
        if (token === showToken) void showVideo(item, muted, video, token, startAt);
      });
      return;
    }
    currentClip = result.clip;
    controller.show(item.id, result.clip, { mode: 'clip', muted, video, ...(startAt !== undefined && startAt > 0 ? { startAt } : {}) });
    // Shown with its first fragment, the clip waits with its second one: the next clip's first fragment comes first.
    hold.start(poolKeyFor(item.id, 'clip'), null);
  }

  return {
    controller,
    currentClip: () => currentClip,
    show(item, muted, video, startAt) {
      const token = ++showToken;
      stopWaiting();
      hold.end();
      endPromo();
      letIncomingGo(feedPoolKey(item));
      current = item;
      currentClip = null;
      started = false;
      if (!isAdItem(item)) return void showVideo(item, muted, video, token, startAt);
      started = true;
      if (item.adType === 'video' && item.videoUrl) return controller.show(item.id, adVideoSource(item.videoUrl), { mode: 'full', muted, video });
      // An image ad: nothing plays behind it. It is on screen at once (the page's waiting state ends), and
      // after its promo time the feed moves on unless the visitor already has.
      controller.pause();
      events.playing(item, null);
      promoTimer = timers.setTimeout(() => {
        promoTimer = null;
        if (token === showToken) events.ended(item);
      }, feedPlaybackConfig.imageAdPromoMs[adaptationState.variant]);
    },
    beginSwitch(item, video) {
      letIncomingGo(null);
      const poolKey = feedPoolKey(item);
      // Only an instance the pool already loads (the preloaded next one, or the previous one): nothing new starts here.
      if (!poolKey || item.id === current?.id || pool.stateOf(poolKey) === null) return;
      // Attached, it would ask for its next fragments at once: held from the start, as show() holds a clip.
      hold.start(poolKey, null);
      if (pool.get(poolKey)?.media !== video) pool.attach(poolKey, video, { exclusive: false });
      incoming = { poolKey, video };
    },
    cancelSwitch() {
      letIncomingGo(null);
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
            // An item ahead that could not be prepared for the network: the page learns of an outage before the swipe.
            if (!result.ok && isUnreachableError(result.error)) void connection.check();
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
      stopWaiting();
      hold.end();
      endPromo();
      offNextReady();
      letIncomingGo(null);
      showToken++;
      controller.destroy();
    },
  };
}
