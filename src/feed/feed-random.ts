// Random play (刷着看, spec 3 §4): the feed replaced by clips from random
// catalogue pages, its retry banner, and its pause while the visitor is away.

import { randomPlayConfig } from './config';
import type { FeedVideoItem } from './feed-item';
import { RandomPlay, RandomStatus, type RandomPlayState } from './random-play';
import { feedState, held, randomOn, rt } from './feed-state';
import { withRandomShortClips } from './random-short-clips';

function mirrorRandom(state: RandomPlayState): void {
  feedState.random = state;
}

export function stopRandom(): void {
  rt.randomPlay?.stop();
  rt.randomPlay = null;
  feedState.random = { status: RandomStatus.Idle, loading: false, message: null, manualRetriesLeft: randomPlayConfig.manualRetries };
}

/** Starts random play (the feed is replaced by random clips once the first batch arrives) or stops it. */
export async function toggleRandomPlay(): Promise<void> {
  if (randomOn()) return stopRandom();
  rt.randomPlay = new RandomPlay({
    catalogue: withRandomShortClips(rt.deps.catalogue, rt.deps.shortVideos),
    random: rt.deps.random,
    now: rt.deps.now,
    timers: rt.deps.timers,
    lang: rt.deps.lang,
    onChange: mirrorRandom,
    notify: (key, params) => rt.deps.notify(key, params, 'warning'),
  });
  const items = await rt.randomPlay.start();
  if (items && items.length > 0) replaceWithRandom(items);
  else if (feedState.random.message) rt.deps.notify(feedState.random.message.key, feedState.random.message.params ?? {}, 'error');
}

function replaceWithRandom(items: FeedVideoItem[]): void {
  feedState.items = held(items);
  feedState.currentIndex = 0;
  feedState.adsPlacedFor = [];
}

/** The retry banner's button. */
export async function retryRandomPlay(): Promise<void> {
  if (!rt.randomPlay) return;
  const wasActive = feedState.random.status === RandomStatus.Active;
  const items = await rt.randomPlay.manualRetry();
  if (!items || items.length === 0) return;
  if (wasActive) feedState.items.push(...held(items));
  else replaceWithRandom(items);
}

/** The visitor left the feed page / came back: random play pauses and resumes. */
export function pauseFeed(): void {
  rt.randomPlay?.pause();
}

export async function resumeFeed(): Promise<void> {
  await rt.randomPlay?.resume();
}
