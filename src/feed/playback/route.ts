// The one route a feed clip takes from its item to its first frame. Plain
// module: the shell starts it, the feed page's hooks attach a <video> to it and
// tell it which item is on screen.
//
// 1. Before the app's JavaScript: index.html's inline script asks for the
//    first catalogue page and starts the engine worker's warm start (the first
//    clip prepared, its first fragment fetched into the HTTP cache:
//    workers/engine/warm-start.ts). Nothing here asks again: the catalogue
//    client adopts that page (api/early.ts) and the engine bridge adopts the
//    warm start (worker-bridge/bridge.ts), so steps 2-3 join them.
// 2. startFeed(): the feed store loads its first batch with the address's
//    video and clip window (initFeed), and the first clip is prepared by the
//    feed's one preparer (feed-clip-prep.ts) and preloaded in its one hls.js
//    pool (player/feed-pool.ts), while React is still mounting the page (the
//    preload waits for hls.js where it is still on its way; nothing else here does).
// 3. attachFeedPlayer(): the first slide's <video> mounted: the feed player
//    (feed-player.ts: show, plan ahead, the swipe's early attach, the
//    bandwidth hold, ad sources) over that same pool and preparer.
// 4. enterItem(): an item is on screen: it plays in its slide's element, the
//    points tracker and the address follow, the next items are planned; each
//    step in its own task (task-steps.ts).

import { moveToVideo } from '../../account';
import { adaptationState } from '../../player/adaptation';
import { feedHlsPool, preloadFeedClip } from '../../player/feed-pool';
import { replaceParams } from '../../router/router-store';
import type { HlsPool } from '../../player/hls-pool';
import type { ClipPrep } from '../clip-prep';
import { feedClipPrep } from '../feed-clip-prep';
import { isAdItem, type FeedItem } from '../feed-item';
import { itemsAhead } from '../plan-ahead';
import { feedState, initFeed, type FeedEntry } from '../store';
import { feedPlaybackConfig } from './config';
import { createFeedPlayer, type FeedPlayer, type FeedPlayerEvents } from './feed-player';
import { runInTasks } from './task-steps';

/** What this browser's <video> says it plays (native HLS or not decides where a clip preloads). */
function probeCanPlayType(type: string): string {
  return document.createElement('video').canPlayType(type);
}

/** The first start of an empty feed, while it runs (see startFeed). */
let firstStart: Promise<void> | null = null;

/**
 * Step 2: the feed's entry (the address's `i` and `t`). On a feed that is still empty, the first clip is
 * prepared and preloaded as soon as the first batch is there; later entries only move to the address's video.
 */
export function startFeed(entry: FeedEntry, canPlayType: (type: string) => string = probeCanPlayType): Promise<void> {
  if (feedState.items.length > 0) return initFeed(entry);
  // The shell's start and the page's entry on a cold start are one: the page joins, nothing is prepared twice.
  firstStart ??= startEmpty(entry, canPlayType).finally(() => {
    firstStart = null;
  });
  return firstStart;
}


async function startEmpty(entry: FeedEntry, canPlayType: (type: string) => string): Promise<void> {
  await initFeed(entry);
  const first = feedState.items[feedState.currentIndex];
  if (!first || isAdItem(first)) return;
  const prepared = await feedClipPrep().prepare(first);
  if (prepared.ok) await preloadFeedClip(first.id, prepared.clip, canPlayType);
}

/** Step 3: the feed player on the first slide's element; release() when the page goes (the pool's instances go with it). */
export function attachFeedPlayer(firstVideo: HTMLVideoElement, events: FeedPlayerEvents): { player: FeedPlayer; pool: HlsPool; prep: ClipPrep; release(): void } {
  const pool = feedHlsPool();
  const prep = feedClipPrep();
  const player = createFeedPlayer(firstVideo, pool, prep, events);
  return {
    player,
    pool,
    prep,
    release() {
      player.destroy();
      prep.retain([]); // the preparer outlives the page (feed-clip-prep.ts): only its unfinished work stops
      pool.destroyAll();
    },
  };
}

/**
 * Step 4: `item` is on screen in `element`. `alreadyPlaying`: the swipe's landing started it already
 * (only the bookkeeping is left). Returns a cancel for the steps not run yet.
 */
export function enterItem(player: FeedPlayer, item: FeedItem, element: HTMLVideoElement, alreadyPlaying: boolean): () => void {
  return runInTasks([
    () => alreadyPlaying || player.show(item, feedState.muted, element),
    () => {
      moveToVideo(isAdItem(item) ? null : item.vod_id);
      if (!isAdItem(item)) replaceParams({ i: String(item.vod_id) });
    },
    () => {
      const index = feedState.currentIndex;
      const items = feedState.items as FeedItem[];
      const upcoming = itemsAhead(items, index, adaptationState.preloadCount + feedPlaybackConfig.prepareBeyondPreload);
      player.plan(upcoming, [...items.slice(Math.max(0, index - 1), index + 1), ...upcoming]);
    },
  ]);
}
