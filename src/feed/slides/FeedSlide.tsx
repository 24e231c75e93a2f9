// One slide of the feed. Slides are keyed by item, so a slide keeps its
// element tree as it moves from next to current to previous: the same <video>
// first receives the incoming clip while the slide moves in (feed-player.ts
// beginSwitch), then plays it in place. The tree is the same at every offset
// (what only the current slide has comes after the video), so React never
// remounts the element. The poster covers the slide until its video has a
// frame; a neighbour shows its poster once FeedPage has loaded it ahead
// (poster-warm.ts), so a landing never waits for a poster to download. The
// current slide takes over the first poster index.html painted (first-poster.ts).

import { useCallback, useEffect, useState, type ReactNode, type Ref } from 'react';
import { isAdItem, type FeedItem } from '../feed-item';
import { useItemTitle } from '../item-title';
import { Spinner } from '../../ui/Spinner';
import { handOverFirstPoster, releaseFirstPoster } from './first-poster';
import { slidePoster, usePosterWarm } from './poster-warm';

export interface FeedSlideProps {
  item: FeedItem;
  current: boolean;
  /** The item on screen is waiting for its clip (spinner until the video has a frame). */
  waiting: boolean;
  videoRef: (element: HTMLVideoElement | null) => void;
  frameRef?: Ref<HTMLDivElement>;
  contentRef?: Ref<HTMLDivElement>;
  onVideoClick?: () => void;
  /** data-playing-id of the current video (tests read it). */
  playingId?: string;
  /** Overlays of the slide on screen. */
  children?: ReactNode;
}

/** The video has a frame to show (loadeddata) until its source is emptied. */
function useHasFrame(video: HTMLVideoElement | null): boolean {
  const [hasFrame, setHasFrame] = useState(false);
  useEffect(() => {
    if (!video) return;
    const HAVE_CURRENT_DATA = 2;
    const update = () => setHasFrame(video.readyState >= HAVE_CURRENT_DATA);
    update();
    video.addEventListener('loadeddata', update);
    video.addEventListener('emptied', update);
    return () => {
      video.removeEventListener('loadeddata', update);
      video.removeEventListener('emptied', update);
    };
  }, [video]);
  return hasFrame;
}

export function FeedSlide(props: FeedSlideProps) {
  const { item, current, waiting, videoRef, frameRef, contentRef, onVideoClick, playingId, children } = props;
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [posterBroken, setPosterBroken] = useState(false);
  const hasFrame = useHasFrame(video);
  const title = useItemTitle(item);
  const setVideoRef = useCallback(
    (element: HTMLVideoElement | null) => {
      videoRef(element);
      setVideo(element);
    },
    [videoRef],
  );
  const imageAd = isAdItem(item) && item.adType === 'image';
  const pic = slidePoster(item);
  const warm = usePosterWarm(pic);
  // The current image ad shows its own card (AdCard); a neighbour shows its picture.
  const showPoster = !hasFrame && !posterBroken && pic !== '' && (current ? !imageAd : warm);
  // The current item has a frame: index.html's first poster has nothing left to cover.
  useEffect(() => {
    if (current && hasFrame) releaseFirstPoster();
  }, [current, hasFrame]);

  return (
    <div
      className={`cf-slide${current ? ' cf-slide--current' : ''}`}
      ref={frameRef}
      data-video-area={current || undefined}
      data-testid={current ? 'current-slide' : undefined}
      data-item-id={item.id}
    >
      <div className="cf-slide__content" ref={contentRef}>
        <video
          ref={setVideoRef}
          className="cf-slide__video"
          playsInline
          preload="auto"
          data-testid={current ? 'feed-video' : undefined}
          data-item-id={item.id}
          data-playing-id={current ? (playingId ?? '') : undefined}
          onClick={current ? onVideoClick : undefined}
        />
      </div>
      {showPoster ? (
        <img
          className="cf-slide__poster cf-slide__poster--over"
          src={pic}
          alt=""
          decoding="async"
          fetchPriority={current ? undefined : 'low'}
          onLoad={current ? (event) => handOverFirstPoster(item.id, event) : undefined}
          onError={() => setPosterBroken(true)}
        />
      ) : null}
      {current ? null : <p className="cf-slide__title">{title}</p>}
      {current && waiting && !hasFrame ? <Spinner overlay size="small" /> : null}
      {children}
    </div>
  );
}
