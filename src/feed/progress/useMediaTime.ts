// Current time and duration of a <video>, re-rendering at most every 250 ms
// while playing (spec 1 §9), at once on seek and duration changes.

import { useEffect, useState } from 'react';
import { progressConfig } from './config';
import { createThrottle } from './progress-math';

export interface MediaTime {
  currentTime: number;
  duration: number;
}

export function useMediaTime(video: HTMLVideoElement | null, throttleMs: number = progressConfig.timeUpdateThrottleMs): MediaTime {
  const [time, setTime] = useState<MediaTime>({ currentTime: 0, duration: 0 });

  useEffect(() => {
    if (!video) return;
    const read = (): MediaTime => ({ currentTime: video.currentTime, duration: Number.isFinite(video.duration) ? video.duration : 0 });
    const throttle = createThrottle<true>(throttleMs, () => performance.now());
    let trailing: ReturnType<typeof setTimeout> | null = null;
    const now = () => setTime(read());
    const onTimeUpdate = () => {
      if (throttle.offer(true)) return now();
      // Keep the last position of a burst (e.g. right before pause).
      trailing ??= setTimeout(() => {
        trailing = null;
        if (throttle.flush()) now();
      }, throttleMs);
    };
    const events = ['seeked', 'durationchange', 'loadedmetadata', 'emptied', 'pause'] as const;
    now();
    video.addEventListener('timeupdate', onTimeUpdate);
    for (const name of events) video.addEventListener(name, now);
    return () => {
      if (trailing) clearTimeout(trailing);
      video.removeEventListener('timeupdate', onTimeUpdate);
      for (const name of events) video.removeEventListener(name, now);
    };
  }, [video, throttleMs]);

  return time;
}
