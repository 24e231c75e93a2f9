// Applies ad-skip.ts to a <video> playing a full timeline that still holds
// ads: checks on timeupdate, pushes viewer seeks out of ads, and re-seeks once
// if a jump has not settled after 100 ms.

import type { AdInterval } from '../../workers/core/types';
import { decideAdSkip, decideSeek, initialAdSkipTimes, jumpSettled, prepareAdIntervals, type AdSkipTimes } from './ad-skip';
import { adSkipConfig } from './config';
import { realTimers, type TimerHandle, type Timers } from '../lib/timers';

export interface SeekableMedia extends EventTarget {
  currentTime: number;
}

export interface AdSkipBindingOptions {
  /** Full-video mode: seeks before the end of the first ad are blocked too. */
  fullMode: boolean;
  timers?: Timers;
  /** Told about every jump (for logs or a centre tip). */
  onJump?: (from: number, to: number) => void;
}

/** Starts ad skipping on `media`; the returned function removes its listeners and timer. */
export function bindAdSkip(media: SeekableMedia, adIntervals: readonly AdInterval[], options: AdSkipBindingOptions): () => void {
  const intervals = prepareAdIntervals(adIntervals);
  if (intervals.length === 0) return () => undefined;
  const timers = options.timers ?? realTimers;
  let times: AdSkipTimes = initialAdSkipTimes;
  let settleTimer: TimerHandle | undefined;
  // Where playback was before a seek starts (currentTime already holds the seek target in 'seeking').
  let position = media.currentTime;

  const jump = (target: number) => {
    const from = media.currentTime;
    media.currentTime = target;
    position = target;
    options.onJump?.(from, target);
    timers.clearTimeout(settleTimer);
    settleTimer = timers.setTimeout(() => {
      settleTimer = undefined;
      if (!jumpSettled(media.currentTime, target)) media.currentTime = target;
    }, adSkipConfig.settleMs);
  };

  const onTimeUpdate = () => {
    position = media.currentTime;
    const decision = decideAdSkip(intervals, media.currentTime, timers.now(), times);
    times = decision.times;
    if (decision.target !== null) jump(decision.target);
  };
  const onSeeking = () => {
    const decision = decideSeek(intervals, position, media.currentTime, timers.now(), times, options.fullMode);
    times = decision.times;
    if (decision.target !== null) jump(decision.target);
    else position = media.currentTime;
  };

  media.addEventListener('timeupdate', onTimeUpdate);
  media.addEventListener('seeking', onSeeking);
  return () => {
    media.removeEventListener('timeupdate', onTimeUpdate);
    media.removeEventListener('seeking', onSeeking);
    timers.clearTimeout(settleTimer);
    settleTimer = undefined;
  };
}
