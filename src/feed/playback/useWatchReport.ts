// Watch time for points: the account's watch tracker needs the current
// video's position about once a second (feedPlaybackConfig), never for ads.

import { useEffect, type RefObject } from 'react';
import { reportPlayback } from '../../account';
import { isAdItem, type FeedItem } from '../feed-item';
import { feedPlaybackConfig } from './config';

export function useWatchReport(video: HTMLVideoElement | null, current: RefObject<FeedItem | null>): void {
  useEffect(() => {
    if (!video) return;
    let last = 0;
    const onTime = () => {
      const item = current.current;
      const now = Date.now();
      if (!item || isAdItem(item) || now - last < feedPlaybackConfig.reportPlaybackEveryMs) return;
      last = now;
      reportPlayback(item.vod_id, video.currentTime);
    };
    video.addEventListener('timeupdate', onTime);
    return () => video.removeEventListener('timeupdate', onTime);
  }, [video, current]);
}
