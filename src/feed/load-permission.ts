// May the feed load more videos now? (spec 1 §4 "Load permission"). Pure:
// the caller gathers the facts (visibility, heap, network, counters, clock).

import { feedConfig } from './config';

export interface LoadFacts {
  now: number;
  pageActive: boolean;
  pausedManually: boolean;
  hidden: boolean;
  /** usedJSHeapSize / jsHeapSizeLimit, when the browser tells (null otherwise). */
  heapUsedRatio: number | null;
  /** The network is very slow (2g class). */
  networkVerySlow: boolean;
  retryCount: number;
  /** End of the loader's cool-down (epoch ms; 0 = none). */
  cooldownUntil: number;
  loading: boolean;
  /** The visitor is watching a video now. */
  watching: boolean;
  fullVideoMode: boolean;
  playPageMode: boolean;
  /** Last swipe, tap or key (epoch ms; 0 = never). */
  lastActivityAt: number;
  /** Items after the current one. */
  itemsLeft: number;
}

export const LoadReason = {
  Inactive: 'inactive',
  PausedManually: 'paused-manually',
  Hidden: 'hidden',
  Memory: 'memory',
  SlowNetwork: 'slow-network',
  Cooldown: 'cooldown',
  InProgress: 'in-progress',
  Watching: 'watching',
  FullVideo: 'full-video',
  PlayPage: 'play-page',
  RecentActivity: 'recent-activity',
  NearEnd: 'near-end',
  Idle: 'idle',
} as const;
export type LoadReason = (typeof LoadReason)[keyof typeof LoadReason];

export interface LoadDecision {
  allowed: boolean;
  reason: LoadReason;
}

const refuse = (reason: LoadReason): LoadDecision => ({ allowed: false, reason });
const allow = (reason: LoadReason): LoadDecision => ({ allowed: true, reason });

export function canLoadMore(f: LoadFacts): LoadDecision {
  if (!f.pageActive) return refuse(LoadReason.Inactive);
  if (f.pausedManually) return refuse(LoadReason.PausedManually);
  if (f.hidden) return refuse(LoadReason.Hidden);
  if (f.heapUsedRatio !== null && f.heapUsedRatio > feedConfig.heapLimitRatio) return refuse(LoadReason.Memory);
  if (f.networkVerySlow && f.retryCount > feedConfig.verySlowRetryLimit) return refuse(LoadReason.SlowNetwork);
  if (f.retryCount >= feedConfig.maxRetries && f.now < f.cooldownUntil) return refuse(LoadReason.Cooldown);
  if (f.loading) return refuse(LoadReason.InProgress);
  if (f.watching) return allow(LoadReason.Watching);
  if (f.fullVideoMode) return allow(LoadReason.FullVideo);
  if (f.playPageMode) return allow(LoadReason.PlayPage);
  if (f.lastActivityAt > 0 && f.now - f.lastActivityAt <= feedConfig.recentActivityMs) return allow(LoadReason.RecentActivity);
  if (f.itemsLeft <= feedConfig.nearEndItems) return allow(LoadReason.NearEnd);
  return refuse(LoadReason.Idle);
}
