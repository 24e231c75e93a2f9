// Runs `fn` once `video` has presented a frame (requestVideoFrameCallback), or
// after `maxWaitMs` when no frame comes (or the browser has no such callback).
// The feed lands a swipe with it: the clip starts moving first, the page's own
// update (a React render, tens of ms on a slow phone) follows.

export interface FrameSource {
  requestVideoFrameCallback?: (callback: () => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
}

export function afterFirstFrame(video: FrameSource, fn: () => void, maxWaitMs: number): () => void {
  let done = false;
  let handle: number | null = null;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    if (handle !== null) video.cancelVideoFrameCallback?.(handle);
    fn();
  };
  const timer = setTimeout(run, maxWaitMs);
  if (typeof video.requestVideoFrameCallback === 'function') handle = video.requestVideoFrameCallback(run);
  else run();
  return () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    if (handle !== null) video.cancelVideoFrameCallback?.(handle);
  };
}
