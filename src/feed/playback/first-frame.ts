// Runs `fn` once `video`'s clip has started: its 'playing' event (a frame is
// there and the clock runs) or its first presented frame
// (requestVideoFrameCallback), whichever comes first; or after `maxWaitMs`.
// The feed lands a swipe with it: the clip starts first, the page's own update
// (a React render, tens of ms on a slow phone) follows, so the render does not
// hold back the media element's events.

export interface StartingVideo {
  addEventListener(type: 'playing', listener: () => void): void;
  removeEventListener(type: 'playing', listener: () => void): void;
  requestVideoFrameCallback?: (callback: () => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
}

export function afterClipStarts(video: StartingVideo, fn: () => void, maxWaitMs: number): () => void {
  let done = false;
  let handle: number | null = null;
  const stop = () => {
    done = true;
    clearTimeout(timer);
    video.removeEventListener('playing', run);
    if (handle !== null) video.cancelVideoFrameCallback?.(handle);
  };
  function run() {
    if (done) return;
    stop();
    fn();
  }
  const timer = setTimeout(run, maxWaitMs);
  video.addEventListener('playing', run);
  if (typeof video.requestVideoFrameCallback === 'function') handle = video.requestVideoFrameCallback(run);
  return () => {
    if (!done) stop();
  };
}
