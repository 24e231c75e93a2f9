// The feed page's playback wiring: the feed's shared hls.js pool and clip
// preparer (feed-pool.ts, feed-clip-prep.ts: the start-up code may have begun
// the first clip in them) and one feed player, created when the first slide's
// <video> mounts (later slides bring their own elements to show()); leaving
// the page, or the feed emptying, destroys the pool's instances. Item changes
// call show() and plan(); events go to the callbacks the page passes (read
// through a ref so they can change freely).

import { useEffect, useRef, useState } from 'react';
import { feedHlsPool } from '../../player/feed-pool';
import type { HlsPool } from '../../player/hls-pool';
import type { ClipPrep } from '../clip-prep';
import { feedClipPrep } from '../feed-clip-prep';
import { createFeedPlayer, type FeedPlayer, type FeedPlayerEvents } from './feed-player';

export interface FeedPlayback {
  player: FeedPlayer | null;
  pool: HlsPool | null;
  prep: ClipPrep | null;
}

export function useFeedPlayback(video: HTMLVideoElement | null, events: FeedPlayerEvents): FeedPlayback {
  const live = useRef(events);
  live.current = events;
  const [playback, setPlayback] = useState<FeedPlayback>({ player: null, pool: null, prep: null });
  const firstVideo = useRef(video);
  firstVideo.current = video;
  const hasVideo = video !== null;

  useEffect(() => {
    const video = firstVideo.current;
    if (!video) return;
    const pool = feedHlsPool();
    const prep = feedClipPrep();
    const player = createFeedPlayer(video, pool, prep, {
      playing: (...a) => live.current.playing(...a),
      ended: (...a) => live.current.ended(...a),
      skip: (...a) => live.current.skip(...a),
      error: (...a) => live.current.error(...a),
    });
    setPlayback({ player, pool, prep });
    return () => {
      player.destroy();
      prep.retain([]); // the preparer outlives the page (feed-clip-prep.ts): only its unfinished work stops
      pool.destroyAll();
      setPlayback({ player: null, pool: null, prep: null });
    };
  }, [hasVideo]);

  return playback;
}
