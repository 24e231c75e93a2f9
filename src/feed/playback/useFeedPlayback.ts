// The feed page's hook onto its playback route (route.ts): the feed player is
// attached when the first slide's <video> mounts (later slides bring their own
// elements to show()) and released when the page goes. On a cold start the
// page renders before hls.js has come (player/hls-load.ts): the player is
// attached when it is here, and until then the first slide waits with its
// poster, as it does for the first frame. Events go to the callbacks the page
// passes, read through a ref so they can change freely.

import { useEffect, useRef, useState } from 'react';
import type { HlsPool } from '../../player/hls-pool';
import { hlsLoaded, loadHls } from '../../player/hls-load';
import type { ClipPrep } from '../clip-prep';
import type { FeedPlayer, FeedPlayerEvents } from './feed-player';
import { attachFeedPlayer } from './route';

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
    let attached: ReturnType<typeof attachFeedPlayer> | null = null;
    let gone = false;
    const attach = () => {
      attached = attachFeedPlayer(video, {
        playing: (...a) => live.current.playing(...a),
        ended: (...a) => live.current.ended(...a),
        skip: (...a) => live.current.skip(...a),
        error: (...a) => live.current.error(...a),
        nextReady: () => live.current.nextReady?.(),
      });
      setPlayback({ player: attached.player, pool: attached.pool, prep: attached.prep });
    };
    // A failed fetch is shown by the inline script's failure page (or, after discover, by the page's loading boundary).
    if (hlsLoaded()) attach();
    else void loadHls().then(() => gone || attach(), () => undefined);
    return () => {
      gone = true;
      if (!attached) return;
      attached.release();
      setPlayback({ player: null, pool: null, prep: null });
    };
  }, [hasVideo]);

  return playback;
}
